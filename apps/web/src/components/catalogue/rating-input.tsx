import { useTranslation } from '../../lib/i18n';
import { scores, StarShape } from './rating-stars';

// Its own module: read-only stars are on first screens (a course's overview), the input only in
// the rating forms, which load later.
interface RatingInputProps {
  /** The group's visible label. */
  label: string;
  value: number | undefined;
  onChange(score: number): void;
  name: string;
  /** Id of the element describing an error, announced with the group. */
  errorId?: string | undefined;
  invalid?: boolean;
}

/**
 * A 1–5 rating as a radio group: arrow keys move between stars, each star has a name
 * ("4 out of 5"), and the chosen score and all below it are drawn filled.
 */
export function RatingInput({ label, value, onChange, name, errorId, invalid = false }: RatingInputProps) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={errorId} aria-invalid={invalid || undefined} className="min-w-0">
      <legend className="mb-1 text-sm font-medium text-ink">{label}</legend>
      <div className="flex gap-1 text-[1.75rem]">
        {scores.map((score) => (
          <label
            key={score}
            className="cursor-pointer rounded has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-strong"
          >
            <input
              type="radio"
              name={name}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              className="sr-only"
            />
            <span className="sr-only">{t('catalogue.rating.option', { score })}</span>
            <StarShape fill={value !== undefined && score <= value ? 1 : 0} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import { useTranslation } from '../../lib/i18n';

export const scores = [1, 2, 3, 4, 5] as const;

const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

function Star({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" className={className}>
      <path fill="currentColor" d={starPath} />
    </svg>
  );
}

/** `fill` 0..1: a partly filled star shows a fractional average (4.5 → half the fifth star). */
export function StarShape({ fill }: { fill: number }) {
  return (
    <span className="relative inline-block size-[1em] leading-none">
      <Star className="absolute inset-0 text-line" />
      {fill > 0 ? (
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
          <Star className="text-warning" />
        </span>
      ) : null}
    </span>
  );
}

/** Fill of each of the five stars for a score (0 to 5, fractions allowed). */
export function starFills(score: number): number[] {
  const clamped = Math.min(5, Math.max(0, score));
  return scores.map((n) => Math.min(1, Math.max(0, clamped - (n - 1))));
}

/** A read-only rating: five stars with the score as their accessible name. */
export function RatingStars({ score, className = '' }: { score: number; className?: string }) {
  const { t } = useTranslation();
  const rounded = Math.round(score * 10) / 10;
  return (
    <span
      role="img"
      aria-label={t('catalogue.rating.label', { score: rounded })}
      className={`inline-flex ${className}`}
    >
      {starFills(score).map((fill, index) => (
        <StarShape key={index} fill={fill} />
      ))}
    </span>
  );
}

import { useTranslation } from '../../lib/i18n';

/** A bar is named either by words for screen readers only or by visible words beside it. */
type ProgressBarName =
  /** "Progress of Vue from scratch": where the bar's name is not written on screen. */
  | { label: string; labelledBy?: never }
  /** The id of the visible words that name the bar ("Course progress"). */
  | { labelledBy: string; label?: never };

type ProgressBarProps = ProgressBarName & {
  /** Whole percent, 0 to 100. */
  percent: number;
  /**
   * What the percent counts, in words ("3 of 10 lessons"): screen readers hear it with the
   * percent as the bar's value text. Without it they hear the percent alone.
   */
  detail?: string;
  /** Placement from the layout around the bar (margins, flex); its look is the same everywhere. */
  className?: string;
};

/**
 * How far a learner is (a course, a classroom), as a thin bar: a progressbar from 0 to 100 with
 * a name, so screen readers say what is measured and how far it has got.
 */
export function ProgressBar({ percent, detail, className = '', label, labelledBy }: ProgressBarProps) {
  const { t } = useTranslation();
  // aria-valuenow outside min..max is invalid, and a bar wider than its track would overflow.
  const value = Math.min(100, Math.max(0, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={detail === undefined ? undefined : t('ui.progress.valueText', { percent: value, detail })}
      className={`h-1.5 overflow-hidden rounded-full bg-line ${className}`}
    >
      <div className="h-full rounded-full bg-brand-strong" style={{ width: `${value}%` }} />
    </div>
  );
}

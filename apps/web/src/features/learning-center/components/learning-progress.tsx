import { useTranslation } from 'react-i18next';

/**
 * How far the learner is, as words ("3 of 10 lessons") with the percent and as a bar. The bar
 * is named after what it measures; its value text repeats the words for screen readers.
 */
export function LearningProgress({ percent, label, detail }: { percent: number; label: string; detail: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2" data-testid="learning-progress">
      <div className="flex items-baseline justify-between gap-2 text-xs text-ink-muted">
        <span className="truncate">{detail}</span>
        <span aria-hidden="true" className="shrink-0 font-medium text-brand-strong">
          {t('learning.progress.percent', { percent })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('learning.progress.valueText', { percent, detail })}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-brand-strong" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

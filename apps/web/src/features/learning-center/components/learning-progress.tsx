import { useTranslation } from '../../../lib/i18n';
import { ProgressBar } from '../../../components/ui/progress-bar';

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
      <ProgressBar percent={percent} label={label} detail={detail} className="mt-1" />
    </div>
  );
}

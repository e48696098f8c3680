import { useTranslation } from '../../lib/i18n';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';

interface PagerProps {
  /** 1-based. */
  current: number;
  count: number;
  /** What a screen reader hears when the position changes ("Page 3 of 10", "Slide 3 of 10"). */
  positionLabel: string;
  /**
   * Show the label itself as the position, the one text both seen and heard ("Slide 3 of 10");
   * else a short "n / m" is seen and the label is heard.
   */
  labelVisible?: boolean;
  onPrevious(): void;
  onNext(): void;
}

const buttonClass =
  'flex size-11 items-center justify-center rounded-full bg-canvas text-xl text-ink active:opacity-70 disabled:text-ink-subtle disabled:opacity-60';

/** Previous / next buttons around the "n / m" position, announced politely as it changes. */
export function Pager({ current, count, positionLabel, labelVisible = false, onPrevious, onNext }: PagerProps) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-3 px-4 py-2">
      <button
        type="button"
        className={buttonClass}
        onClick={onPrevious}
        disabled={current <= 1}
        aria-label={t('media.pager.previous')}
      >
        <ChevronLeftIcon />
      </button>
      <p className="text-sm text-ink tabular-nums" aria-live="polite" aria-atomic="true" data-testid="pager-position">
        {labelVisible ? (
          positionLabel
        ) : (
          <>
            <span aria-hidden="true">{t('media.pager.position', { current, count })}</span>
            <span className="sr-only">{positionLabel}</span>
          </>
        )}
      </p>
      <button
        type="button"
        className={buttonClass}
        onClick={onNext}
        disabled={current >= count}
        aria-label={t('media.pager.next')}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}

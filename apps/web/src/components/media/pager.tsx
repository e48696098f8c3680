import type { ReactNode, Ref } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';
import { pagerHeightClass } from './page-shape';
import { usePageTurns } from './use-swipe';

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
    // Its height is reserved as page-shape.ts's pagerHeightClass before it shows.
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

interface PagedFrameProps extends PagerProps {
  testId: string;
  /** The region's name ("Document", "Slides"). */
  label: string;
  /** The frame's background and shape. */
  className: string;
  /** While the content is on its way (aria-busy). */
  busy?: boolean;
  frameRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/**
 * Pages shown one at a time (a document, slides): a focusable region turned by a swipe or the
 * arrow keys, above its Pager, whose room is kept until the count is known.
 */
export function PagedFrame({ testId, label, className, busy, frameRef, children, ...pager }: PagedFrameProps) {
  const turns = usePageTurns({ onPrevious: pager.onPrevious, onNext: pager.onNext });
  return (
    <div className="bg-surface" data-testid={testId}>
      <div
        ref={frameRef}
        role="region"
        aria-label={label}
        aria-busy={busy}
        tabIndex={0}
        className={`relative w-full overflow-hidden outline-offset-[-2px] ${className}`}
        {...turns}
      >
        {children}
      </div>
      {pager.count > 0 ? <Pager {...pager} /> : <div className={pagerHeightClass} />}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { PagedFrame } from '../../../../components/media/pager';
import type { ViewerProgress } from '../../logic/use-lesson-progress';

interface SlidesViewerProps {
  slides: string[];
  /** 1-based slide to open at. */
  startAt: number | null;
  progress: ViewerProgress;
}

/** A PPT lesson as its slide images: swipe, arrow keys and buttons, "Slide n of m"; the slide is reported. */
export function SlidesViewer({ slides, startAt, progress }: SlidesViewerProps) {
  const { t } = useTranslation();
  const count = slides.length;
  const [current, setCurrent] = useState(() => Math.min(Math.max(1, startAt ?? 1), count));
  const go = (next: number) => {
    const slide = Math.min(Math.max(1, next), count);
    if (slide === current) return;
    setCurrent(slide);
    progress.reportSoon(slide);
  };

  // The first slide seen counts as where the learner is (a note stamps it) and, once, as a report.
  useEffect(() => {
    progress.reportSoon(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only; turns report themselves
  }, [progress]);

  // The next slide is fetched ahead, so a swipe shows it at once.
  const next = slides[current];
  useEffect(() => {
    if (next) new Image().src = next;
  }, [next]);

  const alt = t('lessons.slides.slideAlt', { current, count });
  return (
    <PagedFrame
      testId="slides-viewer"
      label={t('lessons.slides.label')}
      className="aspect-video bg-black"
      current={current}
      count={count}
      positionLabel={alt}
      // Once, seen and heard alike: a second, hidden-from-readers "Slide n / m" only repeated it.
      labelVisible
      onPrevious={() => go(current - 1)}
      onNext={() => go(current + 1)}
    >
      <img src={slides[current - 1]} alt={alt} className="size-full object-contain select-none" draggable={false} />
    </PagedFrame>
  );
}

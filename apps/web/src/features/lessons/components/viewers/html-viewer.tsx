import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { RichHtml } from '../../../../components/catalogue/rich-html';
import type { ViewerProgress } from '../../logic/use-lesson-progress';

/**
 * How much of the text has been read, 0–100: the part above the window's bottom edge; 100 once
 * the end is on screen (a text shorter than the screen is read at once).
 */
export function readPercent(box: { top: number; height: number }, viewportHeight: number): number {
  if (box.height <= 0) return 100;
  const seen = viewportHeight - box.top;
  if (seen >= box.height) return 100;
  return Math.max(0, Math.min(100, Math.floor((seen / box.height) * 100)));
}

/**
 * An HTML lesson (sanitized by the server) in the shared prose styles. Reports the furthest
 * point read in this visit, after the scrolling settles: scrolling back up to look at something
 * does not make the lesson less read.
 */
export function HtmlViewer({ html, progress }: { html: string; progress: ViewerProgress }) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let furthest = -1;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rect = element.getBoundingClientRect();
      const percent = readPercent({ top: rect.top, height: rect.height }, window.innerHeight);
      if (percent <= furthest) return;
      furthest = percent;
      progress.reportSoon(percent);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [progress]);

  return (
    <article ref={box} aria-label={t('lessons.html.label')} className="bg-surface px-4 py-4" data-testid="html-viewer">
      <RichHtml html={html} className="text-[0.9375rem] leading-7" />
    </article>
  );
}

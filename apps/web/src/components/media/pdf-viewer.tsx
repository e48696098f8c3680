import type { PdfPageImage } from '@school/contract/lessons';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { apiClient } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { deferredModule } from '../../lib/deferred-module';
import { SkeletonBlock } from '../ui/skeleton';
import { ErrorState } from '../ui/state-message';
import { a4AspectRatio } from './page-shape';
import { PagedFrame } from './pager';
import type { PDFDocumentProxy, RenderTask } from './pdf-engine';
import { useLatest } from './use-latest';

export interface PdfViewerProps {
  url: string;
  /**
   * The pages drawn as images when the PDF was stored (decision 029): shown as plain images,
   * without pdf.js. Empty or left out: pdf.js draws the document.
   */
  pages?: readonly PdfPageImage[];
  /** 1-based; clamped to the document. */
  initialPage?: number;
  /**
   * Called once the document is open (with the page shown first, so the caller learns the
   * count) and after every page turn.
   */
  onPageChange?(page: number, pageCount: number): void;
}

// pdf.js (~140 KB gzip, and its worker) only for a document shown without images of its pages.
const pdfEngine = deferredModule(() => import('./pdf-engine'));

/** A sharp canvas costs memory as the square of the ratio; past 3 the eye gains nothing. */
const maxPixelRatio = 3;

type Opened = { key: string; doc: PDFDocumentProxy } | { key: string; failed: true };

const clamp = (page: number, count: number) => Math.min(Math.max(1, Math.round(page)), count);

/** Width the page is drawn at: the viewer's own, or the window's while it is not laid out. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () => setWidth(node.clientWidth || window.innerWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * A PDF, one page at a time: the images of its pages when it has them, else drawn by pdf.js. An
 * image that does not load (offline, before the lesson was downloaded) hands over to pdf.js at
 * the same page.
 */
export function PdfViewer({ pages = [], initialPage = 1, ...props }: PdfViewerProps) {
  const [imagesFailedAt, setImagesFailedAt] = useState<number | null>(null);
  if (pages.length > 0 && imagesFailedAt === null) {
    return <PageImagesViewer {...props} pages={pages} initialPage={initialPage} onFailed={setImagesFailedAt} />;
  }
  return <PdfCanvasViewer {...props} initialPage={imagesFailedAt ?? initialPage} />;
}

/**
 * The pages as images, each with its size so the frame is laid out before it arrives. The page
 * the viewer opens at is the screen's largest paint: it is fetched at once and first; a page
 * turned to later is fetched when shown.
 */
function PageImagesViewer({
  pages,
  initialPage,
  onPageChange,
  onFailed,
}: Omit<PdfViewerProps, 'url'> & {
  pages: readonly PdfPageImage[];
  initialPage: number;
  onFailed(page: number): void;
}) {
  const { t } = useTranslation();
  const pageCount = pages.length;
  const [opened] = useState(() => clamp(initialPage, pageCount));
  const [page, setPage] = useState(opened);
  const shown = clamp(page, pageCount);
  const latestOnPageChange = useLatest(onPageChange);

  useEffect(() => {
    latestOnPageChange.current?.(shown, pageCount);
  }, [shown, pageCount, latestOnPageChange]);

  const image = pages[shown - 1]!;
  const next = pages[shown];
  const label = t('media.pdf.page', { page: shown, count: pageCount });
  const first = shown === opened;
  return (
    <PagedFrame
      testId="pdf-viewer"
      label={t('media.pdf.label')}
      className="bg-canvas"
      current={shown}
      count={pageCount}
      positionLabel={label}
      onPrevious={() => setPage(clamp(shown - 1, pageCount))}
      onNext={() => setPage(clamp(shown + 1, pageCount))}
    >
      <img
        key={shown}
        src={image.url}
        width={image.width}
        height={image.height}
        alt={label}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        draggable={false}
        className="block h-auto w-full select-none"
        // Once this page is in, the next is fetched ahead, so a turn shows it at once.
        onLoad={() => {
          if (next) new Image().src = next.url;
        }}
        onError={() => onFailed(shown)}
      />
      <PageText url={image.textUrl} />
    </PagedFrame>
  );
}

/**
 * The shown page's text for screen readers, which cannot read an image (as the pdf.js viewer
 * gives its canvas's). Fetched in the browser once the page is shown, so a server render waits
 * for no extra read. Without it (a scan, offline) the image's alt names the page.
 */
function PageText({ url }: { url: string | null }) {
  const [read, setRead] = useState<{ url: string; text: string } | null>(null);
  useEffect(() => {
    if (url === null) return;
    let current = true;
    apiClient.get<unknown>(url, { silent: true }).then(
      (text) => {
        if (current && typeof text === 'string') setRead({ url, text });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);
  return <ScreenReaderText text={read?.url === url ? read.text : ''} />;
}

/** A page's text, read to screen readers only; nothing for a page without text. */
function ScreenReaderText({ text }: { text: string }) {
  return text === '' ? null : (
    <p className="sr-only whitespace-pre-line" data-testid="pdf-page-text">
      {text}
    </p>
  );
}

/**
 * A PDF, one page at a time, drawn by pdf.js into a canvas as wide as the viewer at the
 * device's pixel ratio: the page indicator "n / m", previous / next buttons, swipe and arrow
 * keys. The page's text is given to screen readers, which cannot read a canvas.
 */
function PdfCanvasViewer({ url, initialPage = 1, onPageChange }: Omit<PdfViewerProps, 'pages'>) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [page, setPage] = useState(initialPage);
  const [pageText, setPageText] = useState<{ page: number; text: string } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = useWidth(frame);
  const latestOnPageChange = useLatest(onPageChange);

  const key = `${attempt}:${url}`;
  const current = opened?.key === key ? opened : null;
  const doc = current && 'doc' in current ? current.doc : null;
  const pageCount = doc?.numPages ?? 0;
  const shown = doc ? clamp(page, pageCount) : page;

  useEffect(() => {
    let cancelled = false;
    let loading: { destroy(): Promise<void> } | null = null;
    pdfEngine
      .load()
      .then(({ getDocument }) => {
        if (cancelled) return null;
        // No eval: the school's content security policy forbids it, and fonts render without.
        const task = getDocument({ url, isEvalSupported: false });
        loading = task;
        return task.promise;
      })
      .then(
        (loaded) => {
          if (!cancelled && loaded) setOpened({ key, doc: loaded });
        },
        () => {
          if (!cancelled) setOpened({ key, failed: true });
        },
      );
    return () => {
      cancelled = true;
      void loading?.destroy();
    };
  }, [url, key]);

  useEffect(() => {
    if (doc) latestOnPageChange.current?.(shown, doc.numPages);
  }, [doc, shown, latestOnPageChange]);

  useEffect(() => {
    const target = canvas.current;
    if (!doc || !target || width === 0) return;
    let cancelled = false;
    let rendering: RenderTask | null = null;
    void doc
      .getPage(shown)
      .then(async (pdfPage) => {
        if (cancelled) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        const viewport = pdfPage.getViewport({ scale: width / natural.width });
        const ratio = Math.min(window.devicePixelRatio || 1, maxPixelRatio);
        target.width = Math.floor(viewport.width * ratio);
        target.height = Math.floor(viewport.height * ratio);
        target.style.width = `${Math.floor(viewport.width)}px`;
        target.style.height = `${Math.floor(viewport.height)}px`;
        rendering = pdfPage.render({
          canvas: target,
          viewport,
          ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
        });
        const [, text] = await Promise.all([rendering.promise, pdfPage.getTextContent()]);
        if (cancelled) return;
        const words = text.items.map((item) => ('str' in item ? item.str : '')).join(' ');
        setPageText({ page: shown, text: words.replace(/\s+/g, ' ').trim() });
      })
      // A turn while drawing cancels the old page (RenderingCancelledException): nothing to show.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      rendering?.cancel();
    };
  }, [doc, shown, width]);

  const turn = (delta: number) => {
    if (doc) setPage(clamp(shown + delta, doc.numPages));
  };

  if (current && 'failed' in current) {
    return <ErrorState description={t('media.pdf.loadFailed')} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  const label = t('media.pdf.page', { page: shown, count: pageCount });
  return (
    <PagedFrame
      testId="pdf-viewer"
      label={t('media.pdf.label')}
      className="bg-canvas"
      busy={!doc}
      frameRef={frame}
      current={shown}
      count={pageCount}
      positionLabel={label}
      onPrevious={() => turn(-1)}
      onNext={() => turn(1)}
    >
      {doc ? null : (
        <div style={{ aspectRatio: a4AspectRatio }}>
          <SkeletonBlock className="size-full rounded-none" />
        </div>
      )}
      <canvas ref={canvas} role="img" aria-label={label} className={doc ? 'block' : 'hidden'} />
      <ScreenReaderText text={pageText?.page === shown ? pageText.text : ''} />
    </PagedFrame>
  );
}

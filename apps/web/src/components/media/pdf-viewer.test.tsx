import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allMessages } from '../../app/messages/registry/all-messages';
import { startI18n } from '../../lib/i18n';
import { PdfViewer } from './pdf-viewer';

// pdf.js itself is not run in jsdom (no canvas): a stand-in document of `pages` pages.
const engine = vi.hoisted(() => ({
  pages: 3,
  fail: false,
  rendered: [] as number[],
  destroyed: 0,
  opened: 0,
}));
vi.mock('./pdf-engine', () => ({
  getDocument: (source: { url: string }) => {
    engine.opened += 1;
    return {
      promise: engine.fail
        ? Promise.reject(new Error(`cannot open ${source.url}`))
        : Promise.resolve({
            numPages: engine.pages,
            getPage: (n: number) =>
              Promise.resolve({
                getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
                render: () => {
                  engine.rendered.push(n);
                  return { promise: Promise.resolve(), cancel: () => undefined };
                },
                getTextContent: () => Promise.resolve({ items: [{ str: `Text of page ${n}` }] }),
              }),
          }),
      destroy: () => {
        engine.destroyed += 1;
        return Promise.resolve();
      },
    };
  },
}));

async function renderViewer(props: Partial<Parameters<typeof PdfViewer>[0]> = {}) {
  await startI18n('en', async () => allMessages.en);
  const onPageChange = vi.fn();
  const result = render(<PdfViewer url="/api/lessons/5/media/doc.pdf" onPageChange={onPageChange} {...props} />);
  return { ...result, onPageChange };
}

describe('PdfViewer', () => {
  beforeEach(() => {
    engine.pages = 3;
    engine.fail = false;
    engine.rendered = [];
    engine.destroyed = 0;
    engine.opened = 0;
  });

  it('opens at the given page, tells the count, and turns pages with the buttons', async () => {
    const { onPageChange } = await renderViewer({ initialPage: 2 });
    expect(await screen.findByText('2 / 3')).toBeTruthy();
    await waitFor(() => expect(onPageChange).toHaveBeenLastCalledWith(2, 3));
    expect(screen.getByRole('img', { name: 'Page 2 of 3' })).toBeTruthy();
    expect((await screen.findByTestId('pdf-page-text')).textContent).toBe('Text of page 2');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('3 / 3')).toBeTruthy();
    await waitFor(() => expect(onPageChange).toHaveBeenLastCalledWith(3, 3));
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(engine.rendered).toEqual([2, 3]));

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('2 / 3')).toBeTruthy();
  });

  it('clamps a page past the end and turns with a swipe and the arrow keys', async () => {
    const { onPageChange } = await renderViewer({ initialPage: 9 });
    expect(await screen.findByText('3 / 3')).toBeTruthy();
    // Told from an effect, which may run after the page number is on screen.
    await waitFor(() => expect(onPageChange).toHaveBeenCalledWith(3, 3));
    const region = screen.getByRole('region', { name: 'Document' });

    // A swipe to the right goes back; a mostly vertical move is a scroll, not a turn.
    fireEvent.pointerDown(region, { clientX: 50, clientY: 100 });
    fireEvent.pointerUp(region, { clientX: 200, clientY: 110 });
    expect(await screen.findByText('2 / 3')).toBeTruthy();
    fireEvent.pointerDown(region, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(region, { clientX: 150, clientY: 300 });
    expect(screen.getByText('2 / 3')).toBeTruthy();

    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(await screen.findByText('2 / 3')).toBeTruthy();
  });

  it('offers a retry when the document cannot be opened, and closes it when unmounted', async () => {
    engine.fail = true;
    const { unmount } = await renderViewer();
    expect((await screen.findByRole('alert')).textContent).toContain('The document could not be opened.');
    engine.fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    unmount();
    expect(engine.destroyed).toBeGreaterThan(0);
  });
});

/** The pages of a three-page PDF drawn as images when it was stored (decision 029). */
const pageImages = [1, 2, 3].map((n) => ({
  url: `/api/lessons/5/media/page-${n}.webp`,
  width: 1080,
  height: 1528,
  textUrl: `/api/lessons/5/media/page-${n}.txt`,
}));

/** The server's answer to each page's text. */
function servePageTexts() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const page = /page-(\d)\.txt$/.exec(url)?.[1];
    return page
      ? new Response(`Heading ${page}\nThe words of page ${page}`, {
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        })
      : new Response('{"code":"notFound"}', { status: 404, headers: { 'Content-Type': 'application/json' } });
  });
  return asked;
}

describe('PdfViewer with the pages as images', () => {
  beforeEach(() => {
    engine.opened = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("gives screen readers the shown page's text, which an image does not", async () => {
    const asked = servePageTexts();
    await renderViewer({ pages: pageImages, initialPage: 2 });
    expect((await screen.findByTestId('pdf-page-text')).textContent).toBe('Heading 2\nThe words of page 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect((await screen.findByTestId('pdf-page-text')).textContent).toBe('Heading 3\nThe words of page 3');
    expect(asked).toEqual([pageImages[1]!.textUrl, pageImages[2]!.textUrl]);
    expect(engine.opened).toBe(0);
  });

  it('says nothing more of a page without text (a scan)', async () => {
    const asked = servePageTexts();
    await renderViewer({ pages: pageImages.map((page) => ({ ...page, textUrl: null })) });
    expect(screen.getByRole('img', { name: 'Page 1 of 3' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('pdf-page-text')).toBeNull();
    expect(asked).toEqual([]);
  });

  it('shows the page it opens at as an image fetched first, turns to lazy ones, and never loads pdf.js', async () => {
    const { onPageChange } = await renderViewer({ pages: pageImages, initialPage: 2 });
    const opened = screen.getByRole('img', { name: 'Page 2 of 3' });
    expect(opened.getAttribute('src')).toBe(pageImages[1]!.url);
    // Laid out at its size before it arrives: no shift when it does.
    expect([opened.getAttribute('width'), opened.getAttribute('height')]).toEqual(['1080', '1528']);
    expect([opened.getAttribute('loading'), opened.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect(screen.getByText('2 / 3')).toBeTruthy();
    await waitFor(() => expect(onPageChange).toHaveBeenLastCalledWith(2, 3));
    // Once it is in, the next page is fetched ahead.
    const fetchedAhead: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        set src(url: string) {
          fetchedAhead.push(url);
        }
      },
    );
    fireEvent.load(opened);
    vi.unstubAllGlobals();
    expect(fetchedAhead).toEqual([pageImages[2]!.url]);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    const next = screen.getByRole('img', { name: 'Page 3 of 3' });
    expect(next.getAttribute('src')).toBe(pageImages[2]!.url);
    expect([next.getAttribute('loading'), next.getAttribute('fetchpriority')]).toEqual(['lazy', 'auto']);
    await waitFor(() => expect(onPageChange).toHaveBeenLastCalledWith(3, 3));
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('region', { name: 'Document' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('img', { name: 'Page 2 of 3' })).toBeTruthy();
    expect(engine.opened).toBe(0);
  });

  it('renders on the server with its first page, and hydrates without drawing anything', async () => {
    await startI18n('en', async () => allMessages.en);
    const viewer = <PdfViewer url="/api/lessons/5/media/doc.pdf" pages={pageImages} />;
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(viewer);
    const image = container.querySelector('img')!;
    expect([image.getAttribute('src'), image.getAttribute('alt')]).toEqual([pageImages[0]!.url, 'Page 1 of 3']);
    expect(container.textContent).toContain('1 / 3');

    const root = await act(async () => hydrateRoot(container, viewer));
    expect(container.querySelector('img')).toBe(image);
    expect(engine.opened).toBe(0);
    // Unmounted, or React would still work on it after the test environment is gone.
    act(() => root.unmount());
    container.remove();
  });

  it('hands over to pdf.js at the same page when an image does not load', async () => {
    await renderViewer({ pages: pageImages, initialPage: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.error(screen.getByRole('img', { name: 'Page 3 of 3' }));
    expect((await screen.findByTestId('pdf-page-text')).textContent).toBe('Text of page 3');
    expect(screen.getByText('3 / 3')).toBeTruthy();
    expect(engine.opened).toBe(1);
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allMessages } from '../../app/messages/registry/all-messages';
import { startI18n } from '../../lib/i18n';
import { PdfViewer } from './pdf-viewer';

// pdf.js itself is not run in jsdom (no canvas): a stand-in document of `pages` pages.
const engine = vi.hoisted(() => ({
  pages: 3,
  fail: false,
  rendered: [] as number[],
  destroyed: 0,
}));
vi.mock('./pdf-engine', () => ({
  getDocument: (source: { url: string }) => ({
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
  }),
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

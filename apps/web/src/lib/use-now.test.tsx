import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRelativeTime } from './format';
import { setRenderedAt, useNow } from './use-now';

// React warns of updates outside act() unless told this is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const renderedAt = Date.UTC(2026, 10, 29, 8, 0, 0);
// The server wrote "59s ago"; two seconds later on the phone it is a minute.
const studiedAt = renderedAt - 59_000;

function LastStudied() {
  return <time>{formatRelativeTime(studiedAt, 'en', useNow())}</time>;
}

describe('useNow', () => {
  afterEach(() => {
    setRenderedAt(null);
    vi.useRealTimers();
  });

  it('hydrates against the time the server rendered at, then moves on to the phone’s clock', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: renderedAt });
    setRenderedAt(renderedAt);
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<LastStudied />);
    expect(container.textContent).toBe('59s ago');

    vi.setSystemTime(renderedAt + 2_000);
    const failures: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <LastStudied />, { onRecoverableError: (error) => failures.push(error) }),
    );
    // The server's markup was kept (no hydration mismatch), and then brought up to date.
    expect(failures).toEqual([]);
    expect(container.textContent).toBe('1m ago');

    // And kept up to date while on screen.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(container.textContent).toBe('2m ago');
    act(() => root.unmount());
    container.remove();
  });
});

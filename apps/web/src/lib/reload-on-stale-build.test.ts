import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild } from './reload-on-stale-build';

function fakeWindow() {
  const events = new EventTarget();
  const store = new Map<string, string>();
  const reload = vi.fn();
  return {
    reload,
    fire() {
      events.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    },
    target: {
      addEventListener: events.addEventListener.bind(events),
      location: { reload, href: 'https://school.example/mobile/exams/x' } as unknown as Location,
      sessionStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => void store.set(key, value),
      } as unknown as Storage,
    },
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve));

describe('reloadOnStaleBuild', () => {
  it('reloads when a chunk of the old build fails to load, at most once a minute', async () => {
    const w = fakeWindow();
    let clock = 1_000_000;
    reloadOnStaleBuild(
      w.target as unknown as Window,
      () => clock,
      async () => true,
    );

    w.fire();
    await settled();
    expect(w.reload).toHaveBeenCalledTimes(1);
    // Still failing right after the reload: the error is shown instead of a reload loop.
    clock += 5_000;
    w.fire();
    await settled();
    expect(w.reload).toHaveBeenCalledTimes(1);
    clock += 60_000;
    w.fire();
    await settled();
    expect(w.reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while the page’s own address does not answer (offline, server away)', async () => {
    const w = fakeWindow();
    const asked: string[] = [];
    let up = false;
    reloadOnStaleBuild(
      w.target as unknown as Window,
      () => 1_000_000,
      async (url) => {
        asked.push(url);
        return up;
      },
    );
    w.fire();
    await settled();
    expect(w.reload).not.toHaveBeenCalled();
    expect(asked).toEqual(['https://school.example/mobile/exams/x']);
    // Back, and the chunk still fails: now it is a changed build.
    up = true;
    w.fire();
    await settled();
    expect(w.reload).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild } from './reload-on-stale-build';

function fakeWindow() {
  const events = new EventTarget();
  const store = new Map<string, string>();
  const reload = vi.fn();
  return {
    reload,
    fire() {
      const event = new Event('vite:preloadError', { cancelable: true });
      events.dispatchEvent(event);
      return event;
    },
    target: {
      addEventListener: events.addEventListener.bind(events),
      location: { reload } as unknown as Location,
      sessionStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => void store.set(key, value),
      } as unknown as Storage,
    },
  };
}

describe('reloadOnStaleBuild', () => {
  it('reloads when a chunk of the old build fails to load, at most once a minute', () => {
    const w = fakeWindow();
    let clock = 1_000_000;
    reloadOnStaleBuild(w.target as unknown as Window, () => clock);

    expect(w.fire().defaultPrevented).toBe(true);
    expect(w.reload).toHaveBeenCalledTimes(1);
    // Still failing right after the reload: the error is shown instead of a reload loop.
    clock += 5_000;
    expect(w.fire().defaultPrevented).toBe(false);
    expect(w.reload).toHaveBeenCalledTimes(1);
    clock += 60_000;
    w.fire();
    expect(w.reload).toHaveBeenCalledTimes(2);
  });
});

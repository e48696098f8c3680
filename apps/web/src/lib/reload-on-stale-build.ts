/*
 * After a deploy, an open page still asks for the old build's hashed chunks, which are gone:
 * the lazy screen fails to load and the learner sees a blank page. Vite reports that as
 * `vite:preloadError`; a reload fetches the new build. At most once a minute, so a chunk that
 * really is broken shows its error instead of reloading forever.
 */

const lastReloadKey = 'stale-build-reload-at';
const minimumGapMs = 60_000;

export function reloadOnStaleBuild(
  target: Pick<Window, 'addEventListener' | 'location' | 'sessionStorage'> = window,
  now: () => number = Date.now,
): void {
  target.addEventListener('vite:preloadError', (event) => {
    const last = Number(target.sessionStorage.getItem(lastReloadKey) ?? 0);
    if (now() - last < minimumGapMs) return;
    target.sessionStorage.setItem(lastReloadKey, String(now()));
    // Handled: the reload replaces the failed import.
    event.preventDefault();
    target.location.reload();
  });
}

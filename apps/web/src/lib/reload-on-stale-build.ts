/*
 * After a deploy, an open page still asks for the old build's hashed chunks, which are gone:
 * the lazy screen fails to load and the learner sees a blank page. Vite reports that as
 * `vite:preloadError`; a reload fetches the new build. At most once a minute, so a chunk that
 * really is broken shows its error instead of reloading forever. And only once the page's own
 * address answers: a chunk that failed because the phone is offline, or the server is away,
 * is no stale build, and a reload then would swap the screen for the browser's error page.
 */

const lastReloadKey = 'stale-build-reload-at';
const minimumGapMs = 60_000;

/** Whether the server answers the page's own address now (a probe of the page, not an API call). */
const pageAnswers = (url: string) =>
  // eslint-disable-next-line no-restricted-globals
  fetch(url, { method: 'HEAD', cache: 'no-store' }).then(
    (r) => r.ok,
    () => false,
  );

export function reloadOnStaleBuild(
  target: Pick<Window, 'addEventListener' | 'location' | 'sessionStorage'> = window,
  now: () => number = Date.now,
  reachable: (url: string) => Promise<boolean> = pageAnswers,
): void {
  target.addEventListener('vite:preloadError', () => {
    const last = Number(target.sessionStorage.getItem(lastReloadKey) ?? 0);
    if (now() - last < minimumGapMs) return;
    void reachable(target.location.href).then((answers) => {
      if (!answers) return;
      target.sessionStorage.setItem(lastReloadKey, String(now()));
      target.location.reload();
    });
  });
}

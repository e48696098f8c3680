/**
 * How long after the load event deferred pieces wait before asking for an idle moment. The
 * seconds after a first paint are when a learner starts to tap and scroll; fetching and
 * rendering the carousel or the pull gesture then blocks the main thread just as they do (on
 * Lighthouse's slow-phone profile the home's blocking time grew from 0.8 s to 1.2–1.5 s when
 * they came at the first idle moment, and fell to 0.5 s with this wait). The banner loses
 * nothing: its first automatic turn is 4 s away anyway. Unit tests set it to 0.
 */
export const idleLoadTiming = { settleMs: 3000 };

/**
 * Runs `callback` once the page has finished loading (the load event), `idleLoadTiming.settleMs`
 * have passed and the browser is next idle, so code it fetches never competes with what the
 * first screen needs. Browsers without requestIdleCallback (Safari, WeChat on iOS) wait a short
 * moment instead. Returns a cancel.
 */
export function afterLoadWhenIdle(callback: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  let cancelled = false;
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => callback(), { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(callback, 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  let settle: number | undefined;
  const afterLoad = () => {
    settle = window.setTimeout(whenIdle, idleLoadTiming.settleMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    window.clearTimeout(settle);
    cancelIdle();
  };
}

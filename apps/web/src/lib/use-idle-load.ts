import { useEffect, useState, type RefObject } from 'react';
import { afterLoadWhenIdle } from './after-load-when-idle';
import type { DeferredModule } from './deferred-module';

/** How long after a finger lifts the old markup stays, so the tap's click still reaches it. */
const tapGraceMs = 400;

/**
 * A piece of a screen that can wait: `module` is fetched after the page has loaded and the
 * browser is idle (or at once when the learner touches or focuses `box`, with `onTouch`), and
 * handed over only while nobody is touching or focused inside `box`, so swapping the markup can
 * never swallow a tap or drop focus. Until then (and if the fetch fails) it returns null and the
 * caller renders its plain version.
 */
export function useIdleLoad<T>(
  module: DeferredModule<T>,
  box: RefObject<HTMLElement | null>,
  { onTouch = false }: { onTouch?: boolean } = {},
): T | null {
  const [value, setValue] = useState<T | null>(() => module.peek());
  const loaded = value !== null;

  useEffect(() => {
    const element = box.current;
    if (loaded || !element) return;
    let done = false;
    let started = false;
    let touching = false;
    let result: T | null = null;
    let grace: number | undefined;

    const handOver = () => {
      const focusInside = element.contains(document.activeElement) && document.activeElement !== document.body;
      // A sheet or dialog opened from inside the box lives elsewhere in the page, and rebuilding
      // the box would close it: wait until it has gone (focus comes back, then leaves, the box).
      const dialogOpen = document.querySelector('[aria-modal="true"]') !== null;
      if (done || result === null || touching || focusInside || dialogOpen) return;
      done = true;
      const arrived = result;
      setValue(() => arrived);
    };
    const start = () => {
      if (started || done) return;
      started = true;
      module.load().then(
        (arrived) => {
          result = arrived;
          handOver();
        },
        () => {
          started = false;
        },
      );
    };
    const pointerDown = () => {
      touching = true;
      window.clearTimeout(grace);
      if (onTouch) start();
    };
    const pointerUp = () => {
      if (!touching) return;
      window.clearTimeout(grace);
      grace = window.setTimeout(() => {
        touching = false;
        handOver();
      }, tapGraceMs);
    };
    const focusIn = () => {
      if (onTouch) start();
    };
    const focusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) window.setTimeout(handOver, 0);
    };

    const cancelIdle = afterLoadWhenIdle(start);
    element.addEventListener('pointerdown', pointerDown, { passive: true });
    element.addEventListener('focusin', focusIn);
    element.addEventListener('focusout', focusOut);
    window.addEventListener('pointerup', pointerUp, true);
    window.addEventListener('pointercancel', pointerUp, true);
    return () => {
      done = true;
      cancelIdle();
      window.clearTimeout(grace);
      element.removeEventListener('pointerdown', pointerDown);
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('focusout', focusOut);
      window.removeEventListener('pointerup', pointerUp, true);
      window.removeEventListener('pointercancel', pointerUp, true);
    };
  }, [box, loaded, module, onTouch]);

  return value;
}

import { useEffect, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a screen is the server's markup (rendered on the server, and while the browser
 * hydrates it), true once the code has taken it over; true from the start for a screen the
 * browser renders itself.
 */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Marks the page (`<html data-interactive>`) once its first screen's code has taken it over, so
 * what must not tap a server's markup before then (the browser journeys) can wait for it. Placed
 * beside the screen, inside its Suspense boundary: it commits when the screen does.
 */
export function InteractiveMark(): null {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}

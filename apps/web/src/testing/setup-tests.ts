import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { idleLoadTiming } from '../lib/after-load-when-idle';
import { assertNoUnexpectedRequests } from './fetch-mock';
import { installIntersectionObserver, resetIntersectionObserver } from './intersection-observer';

// Deferred pieces (carousel, pull-to-refresh) wait 3 s after the load event in a browser; the
// unit tests check the swap itself, so they need not sit through the wait (its own test sets it).
idleLoadTiming.settleMs = 0;

installIntersectionObserver();

// findBy/waitFor wait for what a screen does next, not for how fast it does it: on a busy
// 2-core CI machine running every suite at once, IndexedDB and rendering can take more than
// Testing Library's default second. A real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  resetIntersectionObserver();
  // After the unmount, so a request the screen made on its way out counts too.
  assertNoUnexpectedRequests();
});

afterAll(async () => {
  if (typeof document === 'undefined') return;
  // A notice loads Toast on first use (lib/toast) and closes itself later in a React root of its
  // own: a file that showed one waits for that load and closes it now.
  if (document.querySelector('[data-testid="notice-announcer"]') !== null) {
    const { default: toast } = await import('antd-mobile/es/components/toast');
    // Some files replace Toast with a stand-in that has no clear().
    (toast as { clear?: () => void }).clear?.();
  }
  // What React has scheduled (a closing notice's unmount, a last render) runs before Vitest tears
  // the environment down: run after it, it finds no window.
  await new Promise((resolve) => setTimeout(resolve, 300));
});

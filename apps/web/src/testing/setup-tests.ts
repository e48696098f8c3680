import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { idleLoadTiming } from '../lib/use-idle-load';
import { assertNoUnexpectedRequests } from './fetch-mock';

// Deferred pieces (carousel, pull-to-refresh) wait 3 s after the load event in a browser; the
// unit tests check the swap itself, so they need not sit through the wait (its own test sets it).
idleLoadTiming.settleMs = 0;

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  // After the unmount, so a request the screen made on its way out counts too.
  assertNoUnexpectedRequests();
});

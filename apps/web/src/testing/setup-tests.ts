import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { assertNoUnexpectedRequests } from './fetch-mock';

afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  // After the unmount, so a request the screen made on its way out counts too.
  assertNoUnexpectedRequests();
});

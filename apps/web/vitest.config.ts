import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    // `source`: the contract's .ts files; the client conditions: the ESM builds the browser gets.
    conditions: ['source', ...defaultClientConditions],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/testing/setup-tests.ts'],
    // The setup file's afterEach (unmount) runs before a test file's own: a file that signs the
    // learner out or unstubs fetch afterwards must not make a mounted screen refetch through the
    // real network (its error notice then loads Toast after the environment has gone).
    sequence: { hooks: 'list' },
  },
});

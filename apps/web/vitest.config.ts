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
  },
});

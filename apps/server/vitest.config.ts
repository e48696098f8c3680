import { defineProject } from 'vitest/config';

// API tests: each file builds the app on its own fresh database (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set). Forks, because PGlite's WebAssembly heap is per process.
export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});

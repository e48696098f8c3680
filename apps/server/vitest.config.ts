import { defineProject } from 'vitest/config';

// API tests: each file builds the app on its own fresh database (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set). Forks, because PGlite's WebAssembly heap is per process.
export default defineProject({
  // The contract's TypeScript sources, not a build that may be stale (`source` export
  // condition); Vitest runs server files in Vite's SSR environment, which has its own setting.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30000,
    hookTimeout: 60000,
    // These publish their TypeScript sources under a `source` condition too: processed by
    // Vite (which follows their build) instead of loaded by Node with our condition.
    server: { deps: { inline: ['alipay-sdk', 'urllib', 'utility', 'ylru'] } },
  },
});

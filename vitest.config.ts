import { defineConfig } from 'vitest/config';

// One runner for unit and API tests (house rule 7). Browser journeys live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'contract', root: 'packages/contract', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});

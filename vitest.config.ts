import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for unit and API tests (house rule 7). Browser journeys live in e2e/ (Playwright).
export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one idle, and on CI's two cores that is half the
    // machine (web files 220 → 155 s, server files 320 → 216 s). Tests wait for what they
    // assert instead of timing it, so a busier machine only makes them slower.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'contract', root: 'packages/contract', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      'apps/*/vitest.config.ts',
    ],
  },
});

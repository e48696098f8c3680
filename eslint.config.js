import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Each feature folder may import only itself (and shared code); app/ composes features. */
function featureZones(featuresDir) {
  if (!existsSync(featuresDir)) return [];
  return readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      target: `${featuresDir}/${entry.name}`,
      from: featuresDir,
      except: [`./${entry.name}`],
      message: 'Features never import each other: move shared code to lib/ or compose in app/.',
    }));
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', 'data/**', '**/*.tsbuildinfo', 'e2e/.artifacts/**', 'bench/.out/**', 'test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('./apps/web/src/features'),
            ...featureZones('./apps/server/src/features'),
            { target: './apps/web', from: './apps/server', message: 'The web app never imports the server: share through packages/contract.' },
            { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
            { target: './packages/contract', from: './apps', message: 'The contract imports nothing from the apps.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use src/lib/api-client.ts: one HTTP client.' }],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'antd-mobile', message: 'Import antd-mobile per component, not through the barrel.' }] },
      ],
    },
  },
  {
    // Only the env module reads process.env (house rule 5).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/testing/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/config/env.ts.' }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);

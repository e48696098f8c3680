import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'data/**',
      // Seed media: HLS segments are MPEG transport streams named .ts, not TypeScript.
      'examples/demo-school/media/**',
      '**/*.tsbuildinfo',
      'e2e/.artifacts/**',
      'bench/.out/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The plain scripts of the page (its appearance, and a rendered page's start): run by the browser, not bundled.
  {
    files: ['apps/web/src/app/start-after-paint.js', 'apps/web/src/app/appearance-head.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  // The offline worker's kill switch (decision 026): a plain worker script served as it is.
  {
    files: ['apps/web/public/sw-retire.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/include': ['apps/**', 'packages/**'],
      // A re-export or a lazy `import()` crosses a boundary as an import does.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'server-feature', pattern: 'apps/server/src/features/*', capture: ['feature'] },
        { type: 'web-shared', pattern: ['apps/web/src/lib', 'apps/web/src/components'] },
        { type: 'web', pattern: 'apps/web' },
        { type: 'server', pattern: 'apps/server' },
        { type: 'contract', pattern: 'packages/contract' },
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // House rule 1: features never import each other (app/ composes them), and the web app's
      // shared code (lib/, components/) imports no feature, so what features share lives there;
      // the web app never imports the server; the contract imports nothing from the apps.
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: 'web-feature',
              disallow: [['web-feature', { feature: '!${from.feature}' }], 'server', 'server-feature'],
            },
            {
              from: 'server-feature',
              disallow: [['server-feature', { feature: '!${from.feature}' }], 'web', 'web-shared', 'web-feature'],
            },
            { from: 'web-shared', disallow: ['web-feature', 'server', 'server-feature'] },
            { from: 'web', disallow: ['server', 'server-feature'] },
            { from: 'server', disallow: ['web', 'web-shared', 'web-feature'] },
            { from: 'contract', disallow: ['web', 'web-shared', 'web-feature', 'server', 'server-feature'] },
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
  // The offline worker is the network between the app and the server: it forwards the app's own
  // requests as they are, so it is no second HTTP client.
  {
    files: ['apps/web/worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Only the env module reads process.env (house rule 5).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config/env.ts.' },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);

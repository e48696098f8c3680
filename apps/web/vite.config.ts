import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from './build/precompress-plugin.ts';

export default defineConfig({
  base: '/mobile/',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // `source` makes @school/contract resolve to its .ts files, so no contract build is needed.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    // The server and bench/bundle.mjs read the manifest to know what the first screen loads.
    manifest: true,
    target: 'es2022',
    // Hashed assets are served immutable; small inline data URLs would only defeat caching of the CSS.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { classicScript, inlineHeadScript } from './build/classic-script-plugin.ts';
import { messageRegistryPlugin } from './build/message-registry.ts';
import { precompress } from './build/precompress-plugin.ts';
import { reactRouterShake } from './build/react-router-shake-plugin.ts';
import { screenFilesPlugin } from './build/screen-files-plugin.ts';

/** antd-mobile's smallest shared helpers (see the `antd-base` chunk group below). */
const antdBase =
  /node_modules[\\/](classnames[\\/]|tslib[\\/]|antd-mobile[\\/]es[\\/]utils[\\/](native-props|should-render|with-default-props|use-initialized|validate)\.js|ahooks[\\/]es[\\/](utils[\\/](isBrowser|noop)|useIsomorphicLayoutEffect[\\/]))/;

/** The first chunk's file (the `app` chunk group below, named so by chunkFileNames). */
const firstChunk = /(^|\/)app-[\w-]+\.js$/;

/** TanStack Query's infinite-list modules (see the `infinite-query` chunk group below). */
const infiniteQuery =
  /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](infinite\w*|useInfiniteQuery)\.js$/;

// `vite build` makes the browser's bundle; `vite build --ssr` the server's renderer of the public
// screens (src/app/entry-server.tsx, decision 015) into dist/server, which the server never
// serves as a file.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/mobile/',
  plugins: [
    react(),
    tailwindcss(),
    // Writes src/app/messages/registry/ from the message files when it is stale (decision 021).
    messageRegistryPlugin(fileURLToPath(new URL('./src', import.meta.url))),
    inlineHeadScript(fileURLToPath(new URL('./src/app/appearance-head.js', import.meta.url)), 'appearance-head'),
    ...(isSsrBuild
      ? []
      : [
          precompress(),
          reactRouterShake(),
          // Each route's first-screen files, for the server to name in the page (decision 031).
          screenFilesPlugin(fileURLToPath(new URL('./src', import.meta.url))),
          classicScript(fileURLToPath(new URL('./src/app/start-after-paint.js', import.meta.url))),
          // The offline worker (issue 27, decision 026): worker/sw.ts, built on its own into sw.js
          // with the list of every file of the app to keep at install. Registered by the app
          // itself after the first paint (src/features/offline), and the manifest is each
          // school's own (the server's /api/app/manifest.webmanifest), so the plugin does neither.
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'worker',
            filename: 'sw.ts',
            injectRegister: false,
            manifest: false,
            injectManifest: {
              rollupFormat: 'iife',
              // The shell (index.html) and every screen's code, styles and own pictures (the
              // payment marks); not the server's renderer, the demo's pictures, or the kill
              // switch's worker.
              globPatterns: ['index.html', '*.js', 'assets/**/*.{js,css,svg}', '*.svg'],
              globIgnores: ['sw-retire.js', 'server/**', 'seed/**'],
              // pdf.js's worker is the largest file (about 1.4 MB before compression).
              maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
              buildPlugins: { vite: [] },
            },
          }),
        ]),
  ],
  resolve: {
    // `source` makes @school/contract resolve to its .ts files, so no contract build is needed.
    conditions: ['source', ...defaultClientConditions],
  },
  // The renderer carries its libraries: antd-mobile's modules import their CSS, which Node cannot.
  ssr: { noExternal: true, resolve: { conditions: ['source', ...defaultServerConditions] } },
  // ...and, from a production build, React's production code whatever NODE_ENV the server runs
  // with (the journeys and benches run it as `test`): the same markup, rendered faster. A build
  // made under another NODE_ENV (the API tests build the renderer) keeps React's choice at run
  // time, matching its JSX.
  define:
    isSsrBuild && (process.env.NODE_ENV ?? 'production') === 'production'
      ? { 'process.env.NODE_ENV': JSON.stringify('production') }
      : {},
  build: isSsrBuild
    ? { outDir: 'dist/server', target: 'node20', ssrEmitAssets: false, copyPublicDir: false }
    : {
        // bench/bundle.mjs reads the manifest to know what the first screen loads.
        manifest: true,
        target: 'es2022',
        // The first chunk's lazy imports (the screens and their texts) carry no list of the JS
        // they import in turn: the list of every screen's files cost each first screen about
        // 3 KB of gzip, most of it the files' random names. The browser finds a screen's imports
        // in its chunk; a page the server renders names its screen's files for the browser to
        // fetch at once (.vite/screens.json); the offline worker keeps every file after the first
        // visit. A lazy import in a later chunk (a dialog, a viewer) keeps its list: it travels
        // with that chunk, not with the first screen. Decision 031.
        modulePreload: {
          resolveDependencies: (_file, dependencies, { hostId }) => (firstChunk.test(hostId) ? [] : dependencies),
        },
        // Hashed assets are served immutable; small inline data URLs would only defeat caching of the CSS.
        assetsInlineLimit: 0,
        rolldownOptions: {
          output: {
            // Every lazy file is named by its hash alone: the first chunk's preload map spells a file's
            // name once for every route that loads it, and names such as "wrong-answer-practice-screen-"
            // cost the first screens about 0.9 KB of gzip (issue 26; the manifest and the bench keep
            // each chunk's name). Seven characters of hash (42 bits) tell one build's file from
            // another's; random characters do not compress, so each one fewer is about 0.1 KB less.
            // The first chunk alone has a name, so that its lazy imports can be told apart (above).
            chunkFileNames: (chunk) => (chunk.name === 'app' ? 'assets/app-[hash:7].js' : 'assets/[hash:7].js'),
            // The same for stylesheets and pictures: a lazy chunk's preload list names the
            // stylesheets its route needs, and vendor chunks' names ran to a hundred characters
            // ("vendor~gender-picker~note-sheet~lesson-outline~…css"), in the first chunk and in
            // every small chunk that opens a dialog (issue 28).
            assetFileNames: 'assets/[hash:7][extname]',
            // Our server speaks HTTP/1.1 to browsers (six connections a host), so every file is a
            // round trip on a phone network: the first screen's modules travel as one chunk, and a
            // lazy route's small library pieces merge where the same routes use them (no route
            // loads code it does not need). Decision record 009.
            codeSplitting: {
              groups: [
                {
                  name: 'app',
                  tags: ['$initial'],
                  // The entry stays its own (small) chunk: index.html and the manifest name it.
                  test: (id) => !/index\.html|[\\/]src[\\/]app[\\/]main\.tsx$/.test(id),
                },
                // What nearly every screen shows (its layout, loading and empty states, icons, dates
                // and prices) travels as one chunk, not five small files each screen asks for
                // (decision 017).
                {
                  name: 'screen-common',
                  test: /[\\/]src[\\/](components[\\/](layout[\\/]screen-layout|ui[\\/](state-message|icons|skeleton))|lib[\\/](format|use-locale))\.tsx?$/,
                },
                // What the course, classroom and exam pages show alike (teachers, the cover, the
                // bottom bar; 1.1 KB together) travels as one chunk, not four the pages each ask for.
                {
                  name: 'detail-common',
                  test: /[\\/]src[\\/]components[\\/]catalogue[\\/](teacher-card|cover-image|action-bar)\.tsx$/,
                },
                // Small exam pieces several exam screens share (the course-to-study-first rule, the
                // wrong-answer book's paths, an answer as lines of text; 0.6 KB together) travel as one
                // chunk: each chunk costs every first screen an entry in the app chunk's preload map.
                {
                  name: 'exam-shared',
                  test: /[\\/](contract[\\/]src[\\/](exam-requirement|wrong-answer-paths)|web[\\/]src[\\/]lib[\\/]answer-lines)\.ts$/,
                },
                // The progress journal's IndexedDB wrapper (0.5 KB gzip) travels alone with a member's first
                // report: in the vendor group it is a subgroup below the merge threshold, merged into a
                // shared antd chunk that brings about 95 KB with it. The vendor group leaves it out too,
                // or its entries still name the chunk it would have joined (vendor~progress-engine~index).
                { name: 'idb-keyval', test: /node_modules[\\/]idb-keyval[\\/]/ },
                // The offline worker's registration (workbox-window, 2.1 KB gzip) travels with the
                // offline layer alone: as a vendor subgroup below the merge threshold it joined
                // TanStack Query's infinite-list code, and every list screen downloaded it (issue 28).
                { name: 'workbox-window', test: /node_modules[\\/]workbox-window[\\/]/ },
                // TanStack Query's infinite lists (0.4 KB gzip): only the list screens use them,
                // and below the merge threshold they would join whatever vendor chunk those
                // screens share with another (an antd one, or the one above).
                { name: 'infinite-query', test: infiniteQuery },
                // antd-mobile's smallest helpers (class names, native props, default props), which
                // nearly every antd component imports: as a vendor subgroup below the merge threshold
                // they joined the animation library's chunk (react-spring, 17 KB), so a plain Button
                // on the login or sign-up brought the animation library along.
                { name: 'antd-base', test: antdBase },
                {
                  name: 'vendor',
                  test: (id) =>
                    /node_modules(?![\\/](idb-keyval|workbox-window)[\\/])/.test(id) &&
                    !antdBase.test(id) &&
                    !infiniteQuery.test(id),
                  entriesAware: true,
                  entriesAwareMergeThreshold: 8 * 1024,
                },
              ],
            },
          },
        },
      },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
}));

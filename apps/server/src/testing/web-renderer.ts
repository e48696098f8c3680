import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

/**
 * Builds the web app's server renderer (apps/web/src/app/entry-server.tsx, decision 015) from this
 * checkout's sources into `webDistDir/server`, where the server loads it: a test of rendered
 * pages needs no full build and checks the renderer as it is now. Takes a few tens of seconds.
 */
export async function buildWebRenderer(webDistDir: string): Promise<void> {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { ssr: 'src/app/entry-server.tsx', outDir: path.join(webDistDir, 'server') },
  });
}

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// The server serves these with preCompressed, so each request costs no compression time.
const compressible = /\.(?:js|mjs|css|html|svg|json|txt)$/;
// Below ~1 KB the compressed copy saves less than the headers it costs.
const minBytes = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `.br` and `.gz` beside every text asset of at least 1 KB once the bundle is on disk. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'school:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const path of filesUnder(outDir)) {
        if (!compressible.test(path)) continue;
        if ((await stat(path)).size < minBytes) continue;
        jobs.push(
          readFile(path).then(async (source) => {
            const [br, gzipped] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gz(source, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
          }),
        );
      }
      await Promise.all(jobs);
    },
  };
}

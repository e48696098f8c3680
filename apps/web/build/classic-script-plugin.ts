import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { minify, type Plugin } from 'vite';

/**
 * A plain script the server names in its pages as it is (no module, no hash in its name), written
 * minified to the build's root: `src/app/start-after-paint.js` (decision 015). From public/ Vite
 * would copy it with its comments, which a rendered page's first bytes then carried.
 */
export function classicScript(sourcePath: string): Plugin {
  const fileName = basename(sourcePath);
  return {
    name: 'school:classic-script',
    apply: 'build',
    async generateBundle() {
      this.addWatchFile(sourcePath);
      const { code, errors } = await minify(fileName, await readFile(sourcePath, 'utf8'), {
        compress: true,
        mangle: true,
      });
      if (errors.length > 0) this.error(`${fileName}: ${errors.map((error) => error.message).join('; ')}`);
      this.emitFile({ type: 'asset', fileName, source: code });
    },
  };
}

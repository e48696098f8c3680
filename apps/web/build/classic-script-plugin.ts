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
      this.emitFile({ type: 'asset', fileName, source: await minified(sourcePath) });
    },
  };
}

/** The script's minified text, as the page will carry it. */
async function minified(sourcePath: string): Promise<string> {
  const fileName = basename(sourcePath);
  const { code, errors } = await minify(fileName, await readFile(sourcePath, 'utf8'), { compress: true, mangle: true });
  if (errors.length > 0) throw new Error(`${fileName}: ${errors.map((error) => error.message).join('; ')}`);
  return code.trim();
}

/**
 * A plain script inline in index.html's head in place of the comment `<!-- name -->`
 * (`src/app/appearance-head.js`): it must run before the first paint, so not a file to wait
 * for. After Vite's own handling of the page, which leaves it as it is; the server's policy
 * allows it by the hash of exactly this text.
 */
export function inlineHeadScript(sourcePath: string, marker: string): Plugin {
  return {
    name: 'school:inline-head-script',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const comment = `<!-- ${marker} -->`;
        if (!html.includes(comment)) throw new Error(`index.html has no ${comment}`);
        const code = await minified(sourcePath);
        return html.replace(comment, () => `<script>${code}</script>`);
      },
    },
  };
}

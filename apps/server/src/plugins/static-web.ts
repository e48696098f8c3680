import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { deferredStylesheetAttribute, firstAnswersElementId, type FirstAnswers } from '@school/contract/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { criticalCssOf } from '../lib/critical-css.js';
import { matchesIfNoneMatch, strongEtag } from './http-cache.js';
import type { RenderedPage, RenderScreen } from './screen-renderer.js';

/*
 * Serves the built web app at /mobile/. Vite names files under assets/ by content hash, so
 * they can be cached for a year (a CDN may hold them); every other file, index.html first,
 * is revalidated on each visit so a deploy shows at once. The web build writes .br and .gz
 * beside each file; @fastify/static picks the best one the browser accepts.
 * The page itself (index.html, for every client route) carries the public answers its first
 * screen would otherwise ask for (`firstAnswers`, decision 014): one round trip fewer before the
 * shell can paint. They differ by school and language, so the page varies by both.
 */

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

function cacheControlFor(filePath: string, assetsDir: string): string {
  return filePath.startsWith(assetsDir) ? immutable : revalidate;
}

function hasDotSegment(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Undecodable: judge the raw path.
  }
  return decoded.split('/').some((segment) => segment.startsWith('.'));
}

/** The build's stylesheets, read once at start-up. */
export interface PageStyles {
  /** The part of them a rendered page's markup uses, which the page carries inline. */
  forMarkup(html: string): string;
}

/**
 * Every stylesheet the build has, in the order its manifest names them (the app's first): a
 * rendered page paints with no stylesheet to wait for, whatever its screen's parts (decision
 * 015). Null without a build, if a sheet could end the element, or if it cannot be parsed.
 */
export function readPageStyles(webDistDir: string): PageStyles | null {
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { css?: string[] }>;
  const files = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))];
  if (files.length === 0) return null;
  const text = files.map((file) => readFileSync(path.join(webDistDir, file), 'utf8')).join('\n');
  if (/<\/style/i.test(text)) return null;
  try {
    return { forMarkup: criticalCssOf(text) };
  } catch {
    // A sheet postcss cannot read: rendered pages link the stylesheets as the browser's do.
    return null;
  }
}

/**
 * The SHA-256 (base64) of each inline script in the built page (index.html), for the policy's
 * script-src: the page's own scripts run, nothing injected does. Data blocks (a `type` other
 * than JavaScript) are not scripts to a policy. None without a build.
 */
export function inlineScriptHashesOf(webDistDir: string): string[] {
  const pagePath = path.join(webDistDir, 'index.html');
  if (!existsSync(pagePath)) return [];
  const page = readFileSync(pagePath, 'utf8');
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || text === '') continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(createHash('sha256').update(text).digest('base64'));
  }
  return hashes;
}

export interface StaticWebOptions {
  /** The public API answers a page's first screen needs, made for this request's school and language. */
  firstAnswers?: (request: FastifyRequest) => Promise<FirstAnswers | null>;
  /** A visitor's public screen rendered on the server (decision 015); null: the browser renders it. */
  renderScreen?: RenderScreen;
  /** The route at a page's address: the page names its screen's files (decision 031). */
  screenRoute?: (request: FastifyRequest, signedIn: boolean) => Promise<string | null>;
  /** A rendered page carries inline the part of them its markup uses. */
  pageStyles?: PageStyles | null;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Starts a rendered page's code after its first paint: apps/web/src/app, minified into the build's root. */
const startAfterPaintScript = 'start-after-paint.js';

/**
 * The page a rendered screen goes into, made once at start-up. The screen is already in the page
 * and the code only makes it interactive, so the code starts after the first paint (a small
 * script the build serves as it is, given the app's entry), and nothing preloads it: until then
 * the page and its first images (the largest paint among them) have the phone's connection to
 * themselves. Preloading the code at low priority was measured too, and was worse: its bytes
 * came before the largest paint and its evaluation soon after. With the styles its markup uses
 * inline (withScreen), its stylesheets come switched off, also at low priority, for the code to
 * switch on (decision 015).
 */
function renderedPageShell(shell: string, styles: PageStyles | null): string {
  const page = shell
    .replace(
      /<script type="module" crossorigin src="((\/[^"]*\/)assets\/[^"]+)"><\/script>/,
      (_tag, entry: string, root: string) =>
        `<script defer src="${root}${startAfterPaintScript}" data-entry="${entry}"></script>`,
    )
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  return styles
    ? page.replace(/<link rel="stylesheet"/g, `<link rel="stylesheet" media="print" ${deferredStylesheetAttribute}`)
    : page;
}

/** Each route's first-screen files by language (decision 031), from `assets/…js`. */
type ScreenFiles = Record<string, Partial<Record<FirstAnswers['locale'], string[]>>>;

/**
 * What the web build wrote of each route's first-screen code (apps/web/build/screen-files-plugin.ts),
 * or nothing without it: the browser then finds a screen's files one import after another.
 */
function readScreenFiles(webDistDir: string): ScreenFiles {
  const file = path.join(webDistDir, '.vite', 'screens.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ScreenFiles) : {};
}

/**
 * The start script names the files of the rendered screen's code (its route's, in the page's
 * language), which it asks for all at once with the app's entry: the first chunk does not list
 * them (decision 031), and found one import after another they would take a round trip each.
 */
function withScreenFiles(page: string, files: readonly string[] | undefined): string {
  if (!files?.length) return page;
  return page.replace(
    /(<script defer src="(\/[^"]*\/)[^"]+" data-entry="[^"]+")/,
    (_tag, script: string, root: string) =>
      `${script} data-files="${escapeHtml(files.map((file) => root + file).join(' '))}"`,
  );
}

/**
 * A page the browser renders preloads its screen's files (its route's, in the page's language)
 * beside the app's entry, as the build's page preloads the first chunk: the first chunk does not
 * list them (decision 031). The browser's screen may still differ (another language chosen on
 * this phone, a gate): it then fetches what it needs as well.
 */
function withScreenPreloads(page: string, files: readonly string[] | undefined): string {
  if (!files?.length) return page;
  const root = /<script type="module" crossorigin src="(\/[^"]*\/)assets\//.exec(page)?.[1];
  if (!root) return page;
  const listed = new Set([...page.matchAll(/<(?:script|link)[^>]* (?:src|href)="([^"]+)"/g)].map((match) => match[1]));
  const links = files
    .map((file) => root + file)
    .filter((href) => !listed.has(href))
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`)
    .join('');
  return page.replace('</head>', () => `${links}</head>`);
}

/**
 * The page with its screen rendered: the screen's markup in #root, its title and language, the
 * styles its markup uses, its eager images (the largest paint among them) asked for before the
 * scripts, and the queries' answers for the browser to hydrate with instead of asking again.
 */
function withScreen(page: string, screen: RenderedPage, locale: FirstAnswers['locale'], styles: string | null): string {
  return page
    .replace('<html>', () => `<html lang="${locale === 'cn' ? 'zh-CN' : 'en'}">`)
    .replace('<title></title>', () => `<title>${escapeHtml(screen.title)}</title>${screen.head}`)
    .replace('</head>', () => (styles === null ? '</head>' : `<style>${styles}</style></head>`))
    .replace('<div id="root"></div>', () => `<div id="root">${screen.html}</div>`);
}

/**
 * JSON inside HTML: `<` never appears raw (no `</script>` or `<!--` from a school's texts can end
 * the element), nor do the two line separators older engines took for line ends.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export async function registerStaticWeb(
  app: FastifyInstance,
  webDistDir: string,
  options: StaticWebOptions = {},
): Promise<void> {
  // Redirects work even without a build, so `/` never answers a bare 404.
  app.get('/', (_request, reply) => reply.redirect('/mobile/', 302));
  app.get('/mobile', (_request, reply) => reply.redirect('/mobile/', 302));

  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'web app build not found: serving the API only (run `npm run build -w @school/web`)');
    return;
  }

  const assetsDir = path.join(webDistDir, 'assets') + path.sep;
  // Read once: a deploy restarts the server.
  const shell = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const renderedShell = renderedPageShell(shell, options.pageStyles ?? null);
  const screenFiles = readScreenFiles(webDistDir);

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    // A page with a session cookie is rendered for its learner, with their own data (issue 28):
    // the renderer asks the API who that is through the cookie, and leaves the page to the
    // browser (whose 401 flow signs out) when the session has ended.
    const signedIn = request.sessionToken() !== null;
    const screen = (await options.renderScreen?.(request, signedIn)) ?? null;
    const answers: FirstAnswers | null = screen
      ? {
          locale: request.locale,
          answers: {},
          rendered: {
            state: screen.state,
            timeZone: screen.timeZone,
            learner: screen.learner,
            at: screen.at,
            reads: screen.reads,
          },
        }
      : ((await options.firstAnswers?.(request)) ?? null);
    const styles = screen && options.pageStyles ? options.pageStyles.forMarkup(screen.html) : null;
    if (styles !== null) reply.allowInlineStyle(createHash('sha256').update(styles).digest('base64'));
    const page = screen
      ? withScreenFiles(
          withScreen(renderedShell, screen, request.locale, styles),
          screenFiles[screen.route]?.[request.locale],
        )
      : withScreenPreloads(
          shell,
          screenFiles[(await options.screenRoute?.(request, signedIn)) ?? '']?.[request.locale],
        );
    const html =
      answers === null
        ? page
        : page.replace(
            '</head>',
            // A function: `$&` and the like in a school's texts stay text.
            () =>
              `<script type="application/json" id="${firstAnswersElementId}">${jsonForHtml(answers)}</script></head>`,
          );
    // The page varies by the cookie: a visitor's and each learner's are different pages.
    reply.header('vary', 'Accept-Language, Cookie');
    if (screen?.learner != null) {
      // A learner's own screen: kept by no cache, the browser's included, and never revalidated
      // (a 304 would tell a cache in front that it may serve what it has). After signing out,
      // Back asks the server again, which no longer renders it for them.
      reply.header('cache-control', 'private, no-store');
      return reply.type('text/html; charset=utf-8').send(html);
    }
    const etag = strongEtag(html);
    reply.header('cache-control', revalidate).header('etag', etag);
    if (matchesIfNoneMatch(request, etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  }

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: webDistDir,
        prefix: '/',
        preCompressed: true,
        // The page is made per request (sendPage), not served as a file.
        index: false,
        // Only the app's files: the build's .vite/manifest.json (the module map, for the bundle
        // bench) and any other dot-file stay on the disk, and so does the server's renderer.
        dotfiles: 'ignore',
        allowedPath: (pathName) => !pathName.startsWith('/server/'),
        // Our own Cache-Control below; `send` would otherwise add `public, max-age=0`.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', cacheControlFor(filePath, assetsDir));
          res.setHeader('vary', 'Accept-Encoding');
        },
      });

      // Only /mobile/ (/mobile redirects there, above).
      scope.route({ method: 'GET', url: '/', prefixTrailingSlash: 'slash', handler: sendPage });
      scope.get('/index.html', sendPage);

      // Client-side routes (/mobile/courses/12…) are not files: answer with the app shell.
      scope.setNotFoundHandler((request, reply) => {
        const isRead = request.method === 'GET' || request.method === 'HEAD';
        // A missing hashed asset is a stale page asking for an old build, and a dot-file is not
        // ours to serve: a real 404, not HTML.
        if (!isRead || request.url.startsWith('/mobile/assets/') || hasDotSegment(request.url)) {
          throw new AppError('notFound');
        }
        return sendPage(request, reply);
      });
    },
    { prefix: '/mobile' },
  );
}

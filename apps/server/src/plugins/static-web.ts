import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/*
 * Serves the built web app at /mobile/. Vite names files under assets/ by content hash, so
 * they can be cached for a year (a CDN may hold them); every other file, index.html first,
 * is revalidated on each visit so a deploy shows at once. The web build writes .br and .gz
 * beside each file; @fastify/static picks the best one the browser accepts.
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

export async function registerStaticWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  // Redirects work even without a build, so `/` never answers a bare 404.
  app.get('/', (_request, reply) => reply.redirect('/mobile/', 302));
  app.get('/mobile', (_request, reply) => reply.redirect('/mobile/', 302));

  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'web app build not found: serving the API only (run `npm run build -w @school/web`)');
    return;
  }

  const assetsDir = path.join(webDistDir, 'assets') + path.sep;

  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root: webDistDir,
        prefix: '/',
        preCompressed: true,
        // Only the app's files: the build's .vite/manifest.json (the module map, for the bundle
        // bench) and any other dot-file stay on the disk.
        dotfiles: 'ignore',
        // Our own Cache-Control below; `send` would otherwise add `public, max-age=0`.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', cacheControlFor(filePath, assetsDir));
          res.setHeader('vary', 'Accept-Encoding');
        },
      });

      // Client-side routes (/mobile/courses/12…) are not files: answer with the app shell.
      scope.setNotFoundHandler((request, reply) => {
        const isRead = request.method === 'GET' || request.method === 'HEAD';
        // A missing hashed asset is a stale page asking for an old build, and a dot-file is not
        // ours to serve: a real 404, not HTML.
        if (!isRead || request.url.startsWith('/mobile/assets/') || hasDotSegment(request.url)) {
          throw new AppError('notFound');
        }
        return reply.sendFile('index.html');
      });
    },
    { prefix: '/mobile' },
  );
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  appColours,
  appIconSizes,
  appIconUrl,
  appScope,
  webAppPaths,
  type AppIconSize,
} from '@school/contract/web-app';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localize } from '../../lib/localized-text.js';
import { iconVersion, type AppIcons } from './app-icons.js';

/*
 * What makes the app installable for each school (issue 27): its manifest, with the school's
 * name and icons for the host asked, and the offline worker's address, which the kill switch
 * (OFFLINE_APP=false) answers with a worker that removes itself.
 */

/** The worker's address: at the app's root, so its scope covers every screen. */
const workerPath = `${appScope}sw.js`;
/** The build's worker that removes itself (apps/web/public), sent at workerPath when switched off. */
const retiringWorkerFile = 'sw-retire.js';

export const webAppRoutes: FastifyPluginAsyncZod<{
  icons: AppIcons;
  offlineApp: boolean;
  webDistDir: string;
}> = async (app, { icons, offlineApp, webDistDir }) => {
  app.get(webAppPaths.manifest, { config: { cache: 'public' } }, async (request, reply) => {
    const { tenant } = request;
    const name = localize(tenant.name, request.locale);
    const version = iconVersion(tenant.favicon);
    const icon = (size: AppIconSize, purpose: 'any' | 'maskable') => ({
      src: appIconUrl(size, version, purpose === 'maskable'),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    });
    reply.type('application/manifest+json; charset=utf-8');
    return {
      id: appScope,
      name,
      short_name: name,
      description: localize(tenant.slogan, request.locale),
      lang: request.locale === 'cn' ? 'zh-CN' : 'en',
      start_url: appScope,
      scope: appScope,
      display: 'standalone',
      orientation: 'portrait',
      theme_color: appColours.theme,
      background_color: appColours.background,
      icons: [icon(192, 'any'), icon(512, 'any'), icon(512, 'maskable')],
    };
  });

  app.get(
    webAppPaths.icon,
    {
      schema: {
        params: z.object({ size: z.coerce.number().pipe(z.union(appIconSizes.map((size) => z.literal(size)))) }),
        querystring: z.object({
          v: z.string().max(20).optional(),
          purpose: z.enum(['any', 'maskable']).default('any'),
        }),
      },
    },
    async (request, reply) => {
      const { tenant } = request;
      const png = await icons.icon(
        tenant.favicon,
        request.params.size as AppIconSize,
        request.query.purpose === 'maskable',
      );
      // An address naming the favicon's version always means the same picture.
      const current = request.query.v === iconVersion(tenant.favicon);
      return reply
        .type('image/png')
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
        .send(png);
    },
  );

  if (!offlineApp) {
    const retiring = await readFile(path.join(webDistDir, retiringWorkerFile), 'utf8').catch(() => null);
    if (retiring !== null) {
      app.get(workerPath, (_request, reply) =>
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('service-worker-allowed', appScope)
          .send(retiring),
      );
    }
  }
};

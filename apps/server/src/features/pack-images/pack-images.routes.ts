import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';

/*
 * The pictures schools' packs bring (school-pack/pack-images.ts): public like the pages showing
 * them, and stored under their hash, so an address always means the same bytes and browsers keep
 * them for good. The path after the name is where the pack had the file: export's, not ours.
 */

const imageTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

const storedName = /^([0-9a-f]{64})\.([a-z]+)$/;

export const packImagesRoutes: FastifyPluginAsyncZod<{ storage: MediaStorage }> = async (app, { storage }) => {
  app.get(
    '/api/images/:name/*',
    // Its own cache header: the bytes of an address never change.
    { schema: { params: z.object({ name: z.string().max(80), '*': z.string().max(1000) }) } },
    async (request, reply) => {
      const match = storedName.exec(request.params.name);
      const contentType = match ? imageTypes[match[2]!] : undefined;
      if (contentType === undefined) throw new AppError('notFound');
      const key = `pack/${request.params.name}`;
      const size = await storage.size(key);
      const bytes = size === null ? null : await storage.read(key);
      if (size === null || bytes === null) throw new AppError('notFound');
      return (
        reply
          .header('content-type', contentType)
          .header('content-length', String(size))
          .header('x-content-type-options', 'nosniff')
          // An SVG opened as a document runs nothing and reaches nothing.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(bytes)
      );
    },
  );
};

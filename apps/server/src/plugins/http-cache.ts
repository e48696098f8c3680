import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './tenant.js';

/*
 * Cache policy of API responses, chosen per route in `config.cache`:
 * - 'revalidate': shared catalogue reads (tenant, config, tabs, pages). `no-cache` + a weak
 *   ETag of the body, so a repeat visit costs a 304 instead of the JSON, while an edit by the
 *   school shows at once. They vary by language (and by host, part of the URL anyway).
 * - 'private': answers about the caller (session, user): never stored.
 * Any other API answer (errors, writes, routes that chose nothing) is `no-store` too unless
 * the route set its own: a cache must never keep what one learner was told.
 * Must be registered before @fastify/compress so the ETag is of the uncompressed JSON.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: 'revalidate' | 'private';
  }
}

export function registerHttpCache(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = request.routeOptions.config.cache;
    if (policy === undefined || reply.statusCode !== 200) {
      if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    }
    if (policy === 'private') {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'Accept-Language');
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;

    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
      reply.code(304);
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}

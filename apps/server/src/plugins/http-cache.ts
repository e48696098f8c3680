import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../providers/clock.js';
import { isApiRequest } from './tenant.js';

/*
 * Cache policy of API responses, chosen per route in `config.cache` (decision 014):
 * - 'public': catalogue reads that are the same for everyone (tenant, config, tabs, pages,
 *   lists, search).
 * - 'viewer': catalogue reads that mention the caller once signed in (a course's detail says
 *   whether they are a member): public for a visitor, private for a learner.
 * - 'private': answers about the caller (session, user, orders): never stored.
 * A public answer to a visitor (no session cookie) carries a strong ETag and
 * `public, max-age, stale-while-revalidate`, so a CDN or the phone may keep it for a few
 * seconds, and this process keeps it as long in memory: a popular page read by thousands of
 * visitors is computed once per `seconds` per school, language and URL. A signed-in learner's
 * copy of a public read is revalidated on every read (`no-cache` + ETag), and of a 'viewer'
 * read never stored (`no-store`), so what they just did (joined, bought) shows at once.
 * `Vary: Cookie` keeps a shared cache from handing a visitor's copy to a learner. Every process
 * sees a school's edit at most `seconds` late (several processes each keep their own copy);
 * 0 turns the public caching off (`no-cache`: every read revalidated).
 * Any other API answer (errors, writes, routes that chose nothing) is `no-store` unless the
 * route set its own: a cache must never keep what one learner was told.
 * Registered before @fastify/compress, so the ETag is of the uncompressed JSON.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: 'public' | 'viewer' | 'private';
  }
}

export interface HttpCacheOptions {
  /** How long a visitor's public answer may be kept (Cache-Control max-age and in memory). */
  seconds: number;
  clock: Clock;
}

interface StoredAnswer {
  body: string;
  etag: string;
  contentType: string;
  expiresAt: number;
}

// Keys come from request URLs: bounded, so made-up query strings cannot grow memory.
const maxStoredAnswers = 2_000;

/** A public answer may go to this request as the visitor's copy: no session cookie. */
function isVisitorRead(request: FastifyRequest): boolean {
  const policy = request.routeOptions.config.cache;
  return (policy === 'public' || policy === 'viewer') && request.sessionToken() === null;
}

// A number per resolved tenant object: the tenant resolver makes a new one whenever it reloads
// the school (every few seconds, or at once after a change through this process), so answers
// kept under the old one are never served again: a school's status or settings change shows here
// as soon as the resolver sees it.
const tenantGenerations = new WeakMap<object, number>();
let lastGeneration = 0;

function storeKey(request: FastifyRequest): string {
  let generation = tenantGenerations.get(request.tenant);
  if (generation === undefined) {
    generation = ++lastGeneration;
    tenantGenerations.set(request.tenant, generation);
  }
  return `${generation} ${request.locale} ${request.url}`;
}

/** A strong validator of these exact bytes. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The request's If-None-Match names `etag`: a 304 may answer it. */
export function matchesIfNoneMatch(request: FastifyRequest, etag: string): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch === undefined) return false;
  // Weak comparison (RFC 9110 §13.1.2), as If-None-Match asks for.
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

function notModified(reply: FastifyReply): string {
  reply.code(304);
  reply.removeHeader('content-length');
  reply.removeHeader('content-type');
  return '';
}

export function registerHttpCache(app: FastifyInstance, options: HttpCacheOptions): void {
  const stored = new Map<string, StoredAnswer>();
  const publicControl = `public, max-age=${options.seconds}, stale-while-revalidate=${options.seconds * 6}`;
  const keepsPublic = options.seconds > 0;

  // After the tenant and session hooks (onRequest) have let the request in: a stopped school or
  // a blocked address is refused before any stored answer is looked at.
  app.addHook('preHandler', async (request, reply) => {
    if (!keepsPublic || request.method !== 'GET' || !isVisitorRead(request)) return;
    const key = storeKey(request);
    const answer = stored.get(key);
    if (answer === undefined) return;
    if (answer.expiresAt <= options.clock.now().getTime()) {
      stored.delete(key);
      return;
    }
    reply.header('etag', answer.etag);
    reply.header('content-type', answer.contentType);
    return reply.send(answer.body);
  });

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
    reply.header('vary', 'Accept-Language, Cookie');
    const visitor = isVisitorRead(request);
    if (policy === 'viewer' && !visitor) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    reply.header('cache-control', visitor && keepsPublic ? publicControl : 'no-cache');
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;

    // An answer from the store already has its ETag.
    let etag = reply.getHeader('etag') as string | undefined;
    if (etag === undefined) {
      etag = strongEtag(payload);
      reply.header('etag', etag);
      if (visitor && keepsPublic && request.method === 'GET') {
        if (stored.size >= maxStoredAnswers) stored.clear();
        stored.set(storeKey(request), {
          body: payload.toString(),
          etag,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          expiresAt: options.clock.now().getTime() + options.seconds * 1000,
        });
      }
    }
    return matchesIfNoneMatch(request, etag) ? notModified(reply) : payload;
  });
}

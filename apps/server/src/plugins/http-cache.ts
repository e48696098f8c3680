import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicCache } from '../lib/public-cache.js';
import type { Clock } from '../providers/clock.js';
import { sessionLookedUp } from './session.js';
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
 * visitors is computed once per `seconds` per school, language and URL. A 'public' read is the
 * same JSON for a signed-in learner (its handler never asks who is calling), so the learner is
 * answered from the same store, but their copy is `private, no-cache` + ETag: no shared cache
 * keeps it and their browser asks every time. A 'viewer' read for a learner is never stored
 * (`no-store`); the service keeps its public part instead (lib/public-cache.ts). A write
 * through this process that changes a public answer (a join, a rating, a payment) empties the
 * store (PublicCache.changed), so what a learner just did shows on their next read.
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
  /** Its seconds: how long a public answer may be kept (a visitor's max-age, and in memory). */
  publicCache: PublicCache;
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

/**
 * Whom a kept answer may go to on this request: a visitor (no session cookie) for a 'public' or
 * 'viewer' read, a signed-in learner only for a 'public' one (the same JSON: a viewer read
 * mentions them); null when nothing kept may answer it. Whether the cookie names a live session
 * is not asked: a public answer is the same whoever calls, and reading it never asked before.
 */
function keptReader(request: FastifyRequest): 'visitor' | 'learner' | null {
  const policy = request.routeOptions.config.cache;
  if (policy !== 'public' && policy !== 'viewer') return null;
  if (request.sessionToken() === null) return 'visitor';
  return policy === 'public' ? 'learner' : null;
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
  const { seconds } = options.publicCache;
  const publicControl = `public, max-age=${seconds}, stale-while-revalidate=${seconds * 6}`;
  const keepsPublic = seconds > 0;
  // Counts the changes through this process. An answer is kept only if none came while it was
  // made: one read from the database before a join and sent after it would bring back the old
  // count that the join has just made the store forget.
  let changes = 0;
  const missedAt = new WeakMap<FastifyRequest, number>();
  options.publicCache.onChange(() => {
    changes += 1;
    stored.clear();
  });

  // After the tenant and session hooks (onRequest) have let the request in: a stopped school or
  // a blocked address is refused before any stored answer is looked at.
  app.addHook('preHandler', async (request, reply) => {
    if (!keepsPublic || request.method !== 'GET' || keptReader(request) === null) return;
    const key = storeKey(request);
    const answer = stored.get(key);
    if (answer === undefined || answer.expiresAt <= options.clock.now().getTime()) {
      if (answer !== undefined) stored.delete(key);
      missedAt.set(request, changes);
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
    const reader = keptReader(request);
    if (reader === null) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    reply.header(
      'cache-control',
      reader === 'learner' ? 'private, no-cache' : keepsPublic ? publicControl : 'no-cache',
    );
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;

    // An answer from the store already has its ETag.
    let etag = reply.getHeader('etag') as string | undefined;
    if (etag === undefined) {
      etag = strongEtag(payload);
      reply.header('etag', etag);
      // An answer made after looking the session up may say something about the caller: not kept.
      if (missedAt.get(request) === changes && !sessionLookedUp(request)) {
        if (stored.size >= maxStoredAnswers) stored.clear();
        stored.set(storeKey(request), {
          body: payload.toString(),
          etag,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          expiresAt: options.clock.now().getTime() + seconds * 1000,
        });
      }
    }
    return matchesIfNoneMatch(request, etag) ? notModified(reply) : payload;
  });
}

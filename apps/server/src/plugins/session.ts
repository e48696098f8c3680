import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/*
 * The session cookie and the "who is calling" question. The rules (expiry, sliding
 * timeout, disabled users) live in the auth feature, which app.ts plugs in as the resolver;
 * this plugin only carries the cookie and memoizes the answer per request.
 */

/**
 * The session cookie's name. Behind https it carries the `__Host-` prefix: browsers then
 * accept it only with Secure, Path=/ and no Domain, so neither a sibling subdomain nor a page
 * over plain http can plant or overwrite it.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

export type AuthState =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: number; sessionId: string }
  | { kind: 'disabled'; userId: number; sessionId: string };

/** `invalid`: a cookie was sent but names no live session (expired, logged out, forged). */
export type SessionResolver = (
  tenantId: number,
  token: string,
) => Promise<Exclude<AuthState, { kind: 'anonymous' }> | 'invalid'>;

export interface SessionCookieOptions {
  secure: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; resolved on first use, at most once per request. */
    auth(): Promise<AuthState>;
    /** Raw cookie token, if any (used to replace or end the session). */
    sessionToken(): string | null;
  }
  interface FastifyReply {
    /** `maxAgeSeconds` null: a browser-session cookie. */
    setSessionCookie(token: string, maxAgeSeconds: number | null): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

// Per-request memo of the answer, and the reply (requests do not know it) so that a dead
// cookie can be cleared lazily. WeakMaps: nothing outlives its request.
const authByRequest = new WeakMap<FastifyRequest, Promise<AuthState>>();
const replyByRequest = new WeakMap<FastifyRequest, FastifyReply>();
const sessionLookups = new WeakSet<FastifyRequest>();

/** This request's session cookie was looked up: its answer may say something about the caller. */
export function sessionLookedUp(request: FastifyRequest): boolean {
  return sessionLookups.has(request);
}

export function registerSessions(app: FastifyInstance, resolve: SessionResolver, options: SessionCookieOptions): void {
  const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: options.secure };
  const name = sessionCookieName(options.secure);

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string, maxAgeSeconds: number | null) {
    return this.setCookie(name, token, maxAgeSeconds === null ? base : { ...base, maxAge: maxAgeSeconds });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.clearCookie(name, base);
  });

  app.decorateRequest('sessionToken', function (this: FastifyRequest) {
    const token = this.cookies[name];
    return token === undefined || token === '' ? null : token;
  });

  app.decorateRequest('auth', function (this: FastifyRequest) {
    let auth = authByRequest.get(this);
    if (auth === undefined) {
      auth = resolveAuth(this);
      authByRequest.set(this, auth);
    }
    return auth;
  });

  async function resolveAuth(request: FastifyRequest): Promise<AuthState> {
    const token = request.sessionToken();
    if (token === null || !request.tenant) return { kind: 'anonymous' };
    sessionLookups.add(request);
    const state = await resolve(request.tenant.id, token);
    if (state !== 'invalid') return state;
    // Drop a dead cookie so the browser stops sending it; a login in this request sets a new one after.
    replyByRequest.get(request)?.clearSessionCookie();
    return { kind: 'anonymous' };
  }

  app.addHook('onRequest', async (request, reply) => {
    replyByRequest.set(request, reply);
  });
}

/** The calling user, or 401 `unauthorized` (anonymous, expired) / 403 `userDisabled`. */
export async function requireUser(request: FastifyRequest): Promise<{ userId: number; sessionId: string }> {
  const auth = await request.auth();
  if (auth.kind === 'anonymous') throw new AppError('unauthorized');
  if (auth.kind === 'disabled') throw new AppError('userDisabled');
  return { userId: auth.userId, sessionId: auth.sessionId };
}

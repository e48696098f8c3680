import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/*
 * Cross-site request forgery guard for cookie-authenticated writes. SameSite=Lax already
 * keeps the cookie off cross-site POSTs in current browsers; checking Origin also covers
 * older browsers and same-site subdomains. Requests without Origin (curl, server-to-server,
 * payment notifications) carry no browser cookie context and pass.
 */

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!stateChanging.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      // "null" (sandboxed frames, file://) and garbage are not our pages.
      throw new AppError('forbidden');
    }
    // `request.host` keeps the port, so http://host:8080 only matches host:8080.
    if (originHost !== request.host.toLowerCase()) throw new AppError('forbidden');
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/*
 * Cross-site request forgery guard for cookie-authenticated writes, and for the GETs that have
 * an effect (`config.hasEffect`): the earlier client sends SMS codes and checks passwords and
 * phone numbers with GETs, so an `<img>` on any site could send the school's messages to
 * numbers it picks, or spend a learner's guesses and look-ups. SameSite=Lax already
 * keeps the cookie off cross-site POSTs in current browsers; this also covers older browsers,
 * same-site subdomains and a page served over plain http posting to the https site.
 * - With an `Origin`: scheme, host and port must be the site's.
 * - Without one, a browser that sends `Sec-Fetch-Site` says where the request came from: only
 *   `same-origin` and `none` (the learner's own navigation) pass.
 * - Without either, a `Referer` from another origin is refused.
 * A request with none of them carries no browser context (curl, server-to-server, payment
 * gateways' notifications) and passes.
 */

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET or HEAD that changes something (sends a message, counts a guess or a look-up,
     * creates a row): refused from another site exactly like a write.
     */
    hasEffect?: boolean;
  }
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    // "null" (sandboxed frames, file://) and garbage are not our pages.
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

export interface OriginCheckOptions {
  /**
   * The public URL is https: the site's scheme is https whatever the socket says (TLS ends at
   * a proxy in front of us, which may not forward the scheme).
   */
  https: boolean;
}

export function registerOriginCheck(app: FastifyInstance, options: OriginCheckOptions): void {
  const siteOf = (request: FastifyRequest) =>
    originOf(`${options.https ? 'https' : request.protocol}://${request.host}`);

  app.addHook('onRequest', async (request) => {
    if (!stateChanging.has(request.method) && request.routeOptions.config.hasEffect !== true) return;
    const site = siteOf(request);
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (originOf(origin) !== site) throw new AppError('forbidden');
      return;
    }
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined) {
      if (fetchSite !== 'same-origin' && fetchSite !== 'none') throw new AppError('forbidden');
      return;
    }
    const referer = request.headers.referer;
    if (referer !== undefined && originOf(referer) !== site) throw new AppError('forbidden');
  });
}

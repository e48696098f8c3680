import { BlockList, isIP } from 'node:net';
import type { Currency, TenantStatus } from '@school/contract/enums';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { LocalizedText } from '../lib/localized-text.js';

/** The school a request belongs to, resolved from its host before any /api handler runs. */
export interface ResolvedTenant {
  id: number;
  name: LocalizedText;
  slogan: LocalizedText;
  favicon: string;
  status: TenantStatus;
  currency: Currency;
  /** Addresses or CIDR ranges refused on every /api route but the two the client needs to show why. */
  blockedIps: string[];
}

/** Finds the tenant of a host (lower-case, no port); unknown hosts get the default tenant. */
export type TenantResolver = (host: string) => Promise<ResolvedTenant | null>;

/** Per-route exceptions to the tenant gates, set in a route's `config.tenantAccess`. */
export interface TenantAccess {
  /** Still answer when the tenant is STOPPED (the client must read the status). */
  whenStopped?: boolean;
  /** Still answer when the client IP is blocked (the client must show the blocked page). */
  whenIpBlocked?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api request; routes outside /api must not read it. */
    tenant: ResolvedTenant;
  }
  interface FastifyContextConfig {
    tenantAccess?: TenantAccess;
    /** Routes that do not belong to a school (health check) skip tenant resolution. */
    skipTenant?: boolean;
  }
}

export function isApiRequest(request: FastifyRequest): boolean {
  return request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
}

/** IPv4 clients on a dual-stack socket appear as ::ffff:a.b.c.d. */
function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

export function isIpBlocked(ip: string, blocked: readonly string[]): boolean {
  if (blocked.length === 0) return false;
  const address = normalizeIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of blocked) {
    const [base = '', prefix] = entry.trim().split('/');
    const type = isIP(base) === 6 ? 'ipv6' : isIP(base) === 4 ? 'ipv4' : null;
    // A school's typo must not take the whole list down; skip what is not an address.
    if (type === null) continue;
    if (prefix === undefined) list.addAddress(base, type);
    else if (/^\d{1,3}$/.test(prefix)) list.addSubnet(base, Number(prefix), type);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The host a school is found by: `hostname` has no port, and a trailing dot is the same host for DNS. */
export const tenantHostOf = (request: FastifyRequest) => request.hostname.toLowerCase().replace(/\.$/, '');

export function registerTenantResolution(app: FastifyInstance, resolve: TenantResolver): void {
  app.decorateRequest('tenant', null as unknown as ResolvedTenant);

  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request) || request.routeOptions.config.skipTenant) return;

    const tenant = await resolve(tenantHostOf(request));
    if (tenant === null) throw new AppError('invalidDomainName');
    request.tenant = tenant;

    const access = request.routeOptions.config.tenantAccess ?? {};
    if (tenant.status !== 'RUNNING' && !access.whenStopped) throw new AppError('tenantStopped');
    if (!access.whenIpBlocked && isIpBlocked(request.ip, tenant.blockedIps)) throw new AppError('ipBlocked');
  });
}

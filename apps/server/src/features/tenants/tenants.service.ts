import type { Locale } from '@school/contract/enums';
import type { Tenant } from '@school/contract/shell';
import { localize } from '../../lib/localized-text.js';
import { createTtlCache, schoolSettingsTtlMs } from '../../lib/ttl-cache.js';
import type { Clock } from '../../providers/clock.js';
import type { ResolvedTenant } from '../../plugins/tenant.js';
import type { TenantsRepository } from './tenants.repository.js';

/**
 * Every /api request resolves its tenant, so the answer is kept per host for a few seconds:
 * on the embedded database this halves the queries of most requests. Several server processes
 * may each see a school's change (status, blocked IPs) up to `schoolSettingsTtlMs` late; a change
 * made through this process is seen at once (`forget`).
 */
export function createTenantsService(repository: TenantsRepository, clock: Clock) {
  const cache = createTtlCache<string, ResolvedTenant | null>({ ttlMs: schoolSettingsTtlMs, clock });

  async function load(host: string): Promise<ResolvedTenant | null> {
    const row = await repository.findByHostOrDefault(host);
    if (row === null) return null;
    return {
      id: row.id,
      name: row.name,
      slogan: row.slogan,
      favicon: row.favicon,
      status: row.status,
      currency: row.currency,
      blockedIps: row.blockedIps,
    };
  }

  return {
    resolveByHost(host: string): Promise<ResolvedTenant | null> {
      return cache.get(host, () => load(host));
    },

    /** Drops cached answers after a change to a tenant or its settings. */
    forget(): void {
      cache.clear();
    },

    /** The public view of the request's tenant, even when STOPPED (the client shows why). */
    present(tenant: ResolvedTenant, locale: Locale): Tenant {
      return {
        id: tenant.id,
        name: localize(tenant.name, locale),
        slogan: localize(tenant.slogan, locale),
        favicon: tenant.favicon,
        status: tenant.status,
        currency: tenant.currency,
      };
    },
  };
}

export type TenantsService = ReturnType<typeof createTenantsService>;

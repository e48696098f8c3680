import type { Locale } from '@school/contract/enums';
import type { Tenant } from '@school/contract/shell';
import { localize } from '../../lib/localized-text.js';
import type { ResolvedTenant } from '../../plugins/tenant.js';
import type { TenantsRepository } from './tenants.repository.js';

export function createTenantsService(repository: TenantsRepository) {
  return {
    async resolveByHost(host: string): Promise<ResolvedTenant | null> {
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

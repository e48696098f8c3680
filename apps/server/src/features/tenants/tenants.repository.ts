import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { systemConfigs, tenantHosts, tenants } from '../../db/schema.js';

export type TenantRow = typeof tenants.$inferSelect & { blockedIps: string[] };

export function createTenantsRepository(db: Db) {
  return {
    /**
     * The tenant registered for `host`, else the default tenant, with its blocked IPs: one
     * query, because it runs before every /api request.
     */
    async findByHostOrDefault(host: string): Promise<TenantRow | null> {
      const rows = await db
        .select({
          tenant: tenants,
          blockedIps: sql<string[] | null>`${systemConfigs.config} -> 'blockedIps'`,
        })
        .from(tenants)
        .leftJoin(tenantHosts, and(eq(tenantHosts.tenantId, tenants.id), eq(tenantHosts.host, host)))
        .leftJoin(systemConfigs, eq(systemConfigs.tenantId, tenants.id))
        .where(or(eq(tenantHosts.host, host), eq(tenants.isDefault, true)))
        // The host's own tenant wins over the default one.
        .orderBy(desc(sql`${tenantHosts.host} is not null`))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      return { ...row.tenant, blockedIps: Array.isArray(row.blockedIps) ? row.blockedIps : [] };
    },
  };
}

export type TenantsRepository = ReturnType<typeof createTenantsRepository>;

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sessions, systemConfigs, tenants, type StoredSystemConfig } from '../../db/schema.js';

export function createDevRepository(db: Db) {
  return {
    /**
     * Read-modify-write of a tenant's config and status in one transaction; `change` gets
     * the stored values and returns the new ones.
     */
    async updateTenantSettings(
      tenantId: number,
      change: (current: { config: StoredSystemConfig | null; status: 'RUNNING' | 'STOPPED' }) => {
        config: StoredSystemConfig;
        status: 'RUNNING' | 'STOPPED';
      },
    ) {
      return db.transaction(async (tx) => {
        const [tenant] = await tx
          .select({ status: tenants.status })
          .from(tenants)
          .where(eq(tenants.id, tenantId))
          .for('update');
        if (!tenant) throw new Error(`tenant ${tenantId} vanished`);
        const [stored] = await tx
          .select({ config: systemConfigs.config })
          .from(systemConfigs)
          .where(eq(systemConfigs.tenantId, tenantId))
          .for('update');
        const next = change({ config: stored?.config ?? null, status: tenant.status });
        await tx
          .insert(systemConfigs)
          .values({ tenantId, config: next.config })
          .onConflictDoUpdate({ target: systemConfigs.tenantId, set: { config: next.config, updatedAt: new Date() } });
        await tx.update(tenants).set({ status: next.status, updatedAt: new Date() }).where(eq(tenants.id, tenantId));
        return next;
      });
    },

    async deleteUserSessions(tenantId: number, userId: number): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId)));
    },
  };
}

export type DevRepository = ReturnType<typeof createDevRepository>;

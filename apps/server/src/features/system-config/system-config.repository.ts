import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { agreements, systemConfigs, type StoredSystemConfig } from '../../db/schema.js';

export function createSystemConfigRepository(db: Db) {
  return {
    async findConfig(tenantId: number): Promise<StoredSystemConfig | null> {
      const [row] = await db
        .select({ config: systemConfigs.config })
        .from(systemConfigs)
        .where(eq(systemConfigs.tenantId, tenantId));
      return row?.config ?? null;
    },

    listAgreements(tenantId: number) {
      return db
        .select({ code: agreements.code, title: agreements.title, content: agreements.content })
        .from(agreements)
        .where(eq(agreements.tenantId, tenantId))
        .orderBy(asc(agreements.seq), asc(agreements.code));
    },
  };
}

export type SystemConfigRepository = ReturnType<typeof createSystemConfigRepository>;

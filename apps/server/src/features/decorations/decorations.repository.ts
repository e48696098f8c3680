import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { microPages, tabs } from '../../db/schema.js';

export function createDecorationsRepository(db: Db) {
  return {
    listTabs(tenantId: number) {
      return db.select().from(tabs).where(eq(tabs.tenantId, tenantId)).orderBy(asc(tabs.seq), asc(tabs.id));
    },

    async findPage(tenantId: number, id: number) {
      const [row] = await db
        .select({ id: microPages.id, title: microPages.title, components: microPages.components })
        .from(microPages)
        .where(and(eq(microPages.tenantId, tenantId), eq(microPages.id, id)));
      return row ?? null;
    },
  };
}

export type DecorationsRepository = ReturnType<typeof createDecorationsRepository>;

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { uploads } from '../../db/schema.js';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = Omit<typeof uploads.$inferInsert, 'id'>;

export function createUploadsRepository(db: Db) {
  return {
    async insert(upload: NewUpload): Promise<void> {
      await db.insert(uploads).values(upload);
    },

    async findByName(tenantId: number, storageName: string): Promise<UploadRow | null> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.tenantId, tenantId), eq(uploads.storageName, storageName)));
      return row ?? null;
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;

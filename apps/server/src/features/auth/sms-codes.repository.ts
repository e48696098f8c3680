import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { SmsPurpose } from '@school/contract/sms';
import type { Db } from '../../db/database.js';
import { smsCodes } from '../../db/schema.js';

export type SmsCodeRow = typeof smsCodes.$inferSelect;

const day = 24 * 60 * 60_000;

export function createSmsCodesRepository(db: Db) {
  const scope = (tenantId: number, id: number) => and(eq(smsCodes.tenantId, tenantId), eq(smsCodes.id, id));

  return {
    /**
     * Stores a new code for a phone and purpose, replacing the earlier ones (only the latest
     * code is ever valid), and tidies this school's codes older than a day.
     */
    async replace(
      tenantId: number,
      code: { phone: string; purpose: SmsPurpose; codeHash: string; expiresAt: Date; now: Date },
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await tx
          .delete(smsCodes)
          .where(
            and(eq(smsCodes.tenantId, tenantId), eq(smsCodes.phone, code.phone), eq(smsCodes.purpose, code.purpose)),
          );
        await tx
          .delete(smsCodes)
          .where(and(eq(smsCodes.tenantId, tenantId), lt(smsCodes.createdAt, new Date(code.now.getTime() - day))));
        const [row] = await tx
          .insert(smsCodes)
          .values({
            tenantId,
            phone: code.phone,
            purpose: code.purpose,
            codeHash: code.codeHash,
            expiresAt: code.expiresAt,
            createdAt: code.now,
          })
          .returning({ id: smsCodes.id });
        if (!row) throw new Error('sms code insert returned nothing');
        return row.id;
      });
    },

    async remove(tenantId: number, id: number): Promise<void> {
      await db.delete(smsCodes).where(scope(tenantId, id));
    },

    /** The latest unused code of a phone and purpose. */
    async findLatestUnused(tenantId: number, phone: string, purpose: SmsPurpose): Promise<SmsCodeRow | null> {
      const [row] = await db
        .select()
        .from(smsCodes)
        .where(
          and(
            eq(smsCodes.tenantId, tenantId),
            eq(smsCodes.phone, phone),
            eq(smsCodes.purpose, purpose),
            isNull(smsCodes.consumedAt),
          ),
        )
        .orderBy(desc(smsCodes.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Takes one try of a code before comparing, atomically, so parallel guesses cannot exceed
     * the limit. Answers false when the code has no tries left or is already used.
     */
    async reserveTry(tenantId: number, id: number, maxTries: number): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(and(scope(tenantId, id), lt(smsCodes.attempts, maxTries), isNull(smsCodes.consumedAt)))
        .returning({ id: smsCodes.id });
      return rows.length > 0;
    },

    /** Gives back the try of a right code that is checked without being used. */
    async returnTry(tenantId: number, id: number): Promise<void> {
      await db
        .update(smsCodes)
        .set({ attempts: sql`greatest(${smsCodes.attempts} - 1, 0)` })
        .where(scope(tenantId, id));
    },

    /** Uses the code up; false when another request used it first. */
    async consume(tenantId: number, id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ consumedAt: now })
        .where(and(scope(tenantId, id), isNull(smsCodes.consumedAt)))
        .returning({ id: smsCodes.id });
      return rows.length > 0;
    },
  };
}

export type SmsCodesRepository = ReturnType<typeof createSmsCodesRepository>;

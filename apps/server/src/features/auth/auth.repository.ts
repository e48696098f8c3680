import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

export function createAuthRepository(db: Db) {
  return {
    async findUserByUsername(tenantId: number, username: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), sql`lower(${users.username}) = lower(${username})`));
      return row ?? null;
    },

    async findUserByPhone(tenantId: number, phone: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.phone, phone)));
      return row ?? null;
    },

    async findUserById(tenantId: number, id: number): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
      return row ?? null;
    },

    /** Starts a session, replacing the one the browser had (a new id at every login). */
    async replaceSession(tenantId: number, previousId: string | null, session: NewSession, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        if (previousId !== null) {
          await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, previousId)));
        }
        // Tidy this user's dead sessions while we are here; nothing else needs them.
        await tx
          .delete(sessions)
          .where(
            and(eq(sessions.tenantId, tenantId), eq(sessions.userId, session.userId), lte(sessions.expiresAt, now)),
          );
        await tx.insert(sessions).values(session);
      });
    },

    async findSession(tenantId: number, id: string) {
      const [row] = await db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          rememberMe: sessions.rememberMe,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
          userStatus: users.status,
        })
        .from(sessions)
        .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.tenantId, sessions.tenantId)))
        .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
      return row ?? null;
    },

    async touchSession(tenantId: number, id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt, expiresAt })
        .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
    },

    async deleteSession(tenantId: number, id: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

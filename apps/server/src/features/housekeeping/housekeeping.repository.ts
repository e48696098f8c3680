import { and, isNotNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { accountTickets, attemptThrottles, pendingOauth, rateLimits, sessions, smsCodes } from '../../db/schema.js';

/** Deletes of rows that can no longer mean anything; each answers how many went. */
export function createHousekeepingRepository() {
  const count = (rows: unknown[]) => rows.length;
  return {
    async deleteExpiredSessions(db: Db, now: Date) {
      return count(await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id }));
    },
    async deleteEndedRateLimits(db: Db, now: Date) {
      return count(await db.delete(rateLimits).where(lte(rateLimits.resetAt, now)).returning({ key: rateLimits.key }));
    },
    async deleteForgottenThrottles(db: Db, now: Date) {
      return count(
        await db
          .delete(attemptThrottles)
          .where(lte(attemptThrottles.expiresAt, now))
          .returning({ key: attemptThrottles.key }),
      );
    },
    /** Codes expired or used before `before` (kept a while so "expired" can still be answered). */
    async deleteDeadSmsCodes(db: Db, before: Date) {
      return count(
        await db
          .delete(smsCodes)
          .where(
            or(lt(smsCodes.expiresAt, before), and(isNotNull(smsCodes.consumedAt), lt(smsCodes.consumedAt, before))),
          )
          .returning({ id: smsCodes.id }),
      );
    },
    async deleteExpiredPendingOauth(db: Db, now: Date) {
      return count(
        await db.delete(pendingOauth).where(lte(pendingOauth.expiresAt, now)).returning({ id: pendingOauth.id }),
      );
    },
    async deleteExpiredTickets(db: Db, now: Date) {
      return count(
        await db.delete(accountTickets).where(lte(accountTickets.expiresAt, now)).returning({ id: accountTickets.id }),
      );
    },
  };
}

export type HousekeepingRepository = ReturnType<typeof createHousekeepingRepository>;

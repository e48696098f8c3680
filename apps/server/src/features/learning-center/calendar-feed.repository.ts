import { and, eq } from 'drizzle-orm';
import type { Locale } from '@school/contract/enums';
import type { Db } from '../../db/database.js';
import { calendarFeeds, users } from '../../db/schema.js';

interface Member {
  tenantId: number;
  userId: number;
}

/** A learner's calendar feed row (db/schema/calendar.ts), one school at a time. */
export function createCalendarFeedRepository(db: Db) {
  const own = (member: Member) =>
    and(eq(calendarFeeds.tenantId, member.tenantId), eq(calendarFeeds.userId, member.userId));

  return {
    async createdAt(member: Member): Promise<Date | null> {
      const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(own(member));
      return row?.createdAt ?? null;
    },

    /** Sets the learner's token hash, replacing the one before: its URL stops answering with this write. */
    async replace(member: Member, tokenHash: string, locale: Locale, now: Date): Promise<void> {
      await db
        .insert(calendarFeeds)
        .values({ tenantId: member.tenantId, userId: member.userId, tokenHash, locale, createdAt: now })
        .onConflictDoUpdate({
          target: [calendarFeeds.tenantId, calendarFeeds.userId],
          set: { tokenHash, locale, createdAt: now },
        });
    },

    async remove(member: Member): Promise<void> {
      await db.delete(calendarFeeds).where(own(member));
    },

    /** Whose feed a token hash opens in this school: only an active account's (a deleted one's row went with it). */
    async ownerOf(tenantId: number, tokenHash: string): Promise<{ userId: number; locale: Locale } | null> {
      const [row] = await db
        .select({ userId: calendarFeeds.userId, locale: calendarFeeds.locale })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(
          and(
            eq(calendarFeeds.tenantId, tenantId),
            eq(calendarFeeds.tokenHash, tokenHash),
            eq(users.tenantId, tenantId),
            eq(users.status, 'ACTIVE'),
          ),
        );
      return row ?? null;
    },
  };
}

export type CalendarFeedRepository = ReturnType<typeof createCalendarFeedRepository>;

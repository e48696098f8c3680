import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { studyDays } from '../db/schema.js';

/*
 * Study time (decision record 023): measured on the server from the lesson player's progress
 * reports, so there is no second clock in the app to trust or to journal. A playing video
 * reports every 10 s, a document or a page of text on each turn or scroll; each accepted report
 * credits the time since the learner's previous report (any lesson), at most `studyGapCapSeconds`.
 * A paused video or a tab left open sends nothing, so however long it stays open it adds at
 * most one capped gap; a report sent twice, or a late one replayed from the journal, is not
 * newer than the latest and credits nothing.
 */

/**
 * The days of the statistics are those of the school's calendar. The server knows no time zone
 * per school (every school so far is in mainland China, one zone without daylight saving); a
 * school setting would replace this constant.
 */
export const schoolTimeZone = 'Asia/Shanghai';

/** The longest gap between two reports that still counts whole. */
export const studyGapCapSeconds = 120;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: schoolTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The school-calendar day (YYYY-MM-DD) an instant falls on. */
export function schoolDay(at: Date): string {
  return dayFormat.format(at);
}

/** The calendar day `days` before (negative: after) the given one. */
export function dayBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * Credits one accepted progress report made at `at`: one statement, so two reports arriving
 * together each read the latest report time as the database has it.
 */
export async function recordStudy(db: Db, report: { tenantId: number; userId: number; at: Date }): Promise<void> {
  const { tenantId, userId, at } = report;
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const latest = sql`(select ${studyDays.lastReportAt} from ${studyDays}
    where ${studyDays.tenantId} = ${tenantId} and ${studyDays.userId} = ${userId}
    order by ${studyDays.day} desc limit 1)`;
  const credit = sql<number>`coalesce(least(greatest(floor(extract(epoch from (${atSql} - ${latest}))), 0), ${studyGapCapSeconds}), 0)::int`;
  await db
    .insert(studyDays)
    .values({ tenantId, userId, day: schoolDay(at), seconds: credit, lastReportAt: at })
    .onConflictDoUpdate({
      target: [studyDays.tenantId, studyDays.userId, studyDays.day],
      set: {
        seconds: sql`least(${studyDays.seconds} + excluded.seconds, 86400)`,
        lastReportAt: sql`greatest(${studyDays.lastReportAt}, excluded.last_report_at)`,
      },
    });
}

/** The learner's study days up to `until`, the latest first (at most `limit`). */
export function studyDaysUntil(db: Db, member: { tenantId: number; userId: number }, until: string, limit: number) {
  return (
    db
      // As text: a driver may turn a date into a Date at its own midnight.
      .select({ day: sql<string>`${studyDays.day}::text`, seconds: studyDays.seconds })
      .from(studyDays)
      .where(
        and(
          eq(studyDays.tenantId, member.tenantId),
          eq(studyDays.userId, member.userId),
          sql`${studyDays.day} <= ${until}::date`,
        ),
      )
      .orderBy(desc(studyDays.day))
      .limit(limit)
  );
}

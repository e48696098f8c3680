import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { tenantIdColumn } from './tenant-id.js';

/**
 * Time a learner studied, per day of the school's calendar (lib/study-time.ts): written with
 * every progress report the lesson player makes, read by the learning centre's statistics. A
 * row means the learner studied that day (the streak), even when it credits no seconds.
 */
export const studyDays = pgTable(
  'study_days',
  {
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
    /**
     * The latest report time credited on this day: the next report credits the time since the
     * learner's latest one (capped), so a report sent twice or late credits nothing more.
     */
    lastReportAt: timestamp('last_report_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.day] }),
    check('study_days_seconds_check', sql`${t.seconds} between 0 and 86400`),
  ],
);

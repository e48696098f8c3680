import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Locale } from '@school/contract/enums';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { tenantIdColumn } from './tenant-id.js';

// Spelled out because drizzle-kit loads this file on its own; `satisfies` keeps it in step.
const calendarLocaleValues = ['cn', 'en'] as const satisfies readonly Locale[];

/**
 * A learner's calendar feed (docs/decisions/025-calendar-feed.md): at most one per learner. Only
 * the SHA-256 of the feed's secret token is kept, so a copy of the database opens no feed; a new
 * token replaces the hash (the old URL stops at once), and turning the feed off deletes the row.
 * The learner's language when they turned it on names the events, since a calendar app that
 * fetches the feed says nothing useful about it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token in the feed's URL. */
    tokenHash: text('token_hash').notNull(),
    locale: text('locale', { enum: calendarLocaleValues }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('calendar_feeds_locale_check', sql`${t.locale} in ('cn', 'en')`),
    uniqueIndex('calendar_feeds_user_unique').on(t.tenantId, t.userId),
    uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash),
  ],
);

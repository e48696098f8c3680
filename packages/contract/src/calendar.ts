import { z } from 'zod';
import { isoDateTime } from './common.js';

/*
 * The learner's iCalendar feed, which a phone's calendar subscribes to (issue 27,
 * docs/decisions/025-calendar-feed.md); one item's .ics is the schedule's (schedule.ts). A
 * module of its own: only the feed's lazily loaded sheet carries it.
 */

export const calendarPaths = {
  /** GET: the feed's state; POST: turn it on or give it a new URL (the old one stops); DELETE: turn it off. */
  feed: '/api/learning/calendar-feed',
  /** GET, no session: the feed itself, read by the learner's calendar app. */
  publicFeed: (token: string) => `/api/calendar/${token}.ics`,
} as const;

export const calendarFeedStateSchema = z.object({
  on: z.boolean(),
  /** When the current URL was made; null while the feed is off. */
  createdAt: isoDateTime.nullable(),
});
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;

/** The feed's URLs, answered once when made: the server keeps only a hash of the token in them. */
export const calendarFeedCreatedSchema = z.object({
  on: z.literal(true),
  createdAt: isoDateTime,
  /** The https address on the school's own host. */
  url: z.string(),
  /** The same address as webcal://, which a phone hands to its calendar app to subscribe. */
  webcalUrl: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

import { z } from 'zod';
import { isoDateTime } from './common.js';
import { locales, type Locale } from './enums.js';

/*
 * "Add to calendar" (issue 27, docs/decisions/025-calendar-feed.md): one schedule item as an
 * .ics file, and a per-learner iCalendar feed a phone's calendar subscribes to. A module of its
 * own so the first screens' bundle never carries these paths.
 */

export const calendarPaths = {
  /**
   * GET (signed in): one item of the caller's schedule as an .ics download (`id` as the schedule
   * gives it), named in `lang` (a plain link cannot send the app's Accept-Language).
   */
  scheduleItemIcs: (id: string, lang?: Locale) =>
    `/api/learning/schedule/${encodeURIComponent(id)}/event.ics${lang ? `?lang=${lang}` : ''}`,
  /** GET: the feed's state; POST: turn it on or give it a new URL (the old one stops); DELETE: turn it off. */
  feed: '/api/learning/calendar-feed',
  /** GET, no session: the feed itself, read by the learner's calendar app. */
  publicFeed: (token: string) => `/api/calendar/${token}.ics`,
} as const;

/** A schedule item's id (contract: scheduleItemSchema.id): what it is about and that row's id. */
export const scheduleItemIdSchema = z
  .string()
  .max(40)
  .regex(/^(lesson|exam-opens|exam-late-entry|exam-closes|classroom|course-access):[1-9]\d{0,9}$/);

export const scheduleItemParamsSchema = z.object({ id: scheduleItemIdSchema });
export const scheduleItemFileQuerySchema = z.object({ lang: z.enum(locales).optional() });

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

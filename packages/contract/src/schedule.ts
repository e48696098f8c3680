import { z } from 'zod';
import { isoDateTime } from './common.js';
import { locales, type Locale } from './enums.js';

/*
 * The learner's schedule (issue 27, "One agenda"): everything with a date across the courses,
 * classrooms and exams they hold, in time order. Instants are UTC; the app groups them by day
 * in the phone's own time zone.
 */

export const schedulePaths = {
  /** GET: the schedule from a day back (so the phone still shows today's earlier events) to `days` ahead. */
  schedule: '/api/learning/schedule',
  /**
   * GET: one item as an .ics download for the phone's calendar (docs/decisions/025-calendar-feed.md),
   * named in `lang` (a plain link cannot send the app's Accept-Language).
   */
  itemIcs: (id: string, lang?: Locale) =>
    `/api/learning/schedule/${encodeURIComponent(id)}/event.ics${lang ? `?lang=${lang}` : ''}`,
} as const;

export const scheduleQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
});
export type ScheduleQuery = z.input<typeof scheduleQuerySchema>;

export const scheduleKinds = [
  /** A live lesson starts. */
  'LIVE_STARTS',
  /** An activity lesson (an offline event) starts. */
  'ACTIVITY_STARTS',
  /** An exam opens to the learner. */
  'EXAM_OPENS',
  /** A closed exam stops letting learners in (late-entry limit), while the learner has not begun it. */
  'EXAM_LATE_ENTRY_ENDS',
  /** An exam closes. */
  'EXAM_CLOSES',
  /** A classroom begins. */
  'CLASSROOM_STARTS',
  /** The learner's access to a course ends. */
  'MEMBERSHIP_ENDS',
] as const;
export type ScheduleKind = (typeof scheduleKinds)[number];

export const scheduleItemSchema = z.object({
  /** Stable across requests: the same event keeps its id when its time moves (a calendar replaces it). */
  id: z.string(),
  kind: z.enum(scheduleKinds),
  at: isoDateTime,
  /** The lesson's, exam's, classroom's or course's title. */
  title: z.string(),
  /** The course a lesson belongs to; null for the others. */
  course: z.string().nullable(),
  /** The app's path that opens it (under /mobile). */
  link: z.string(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

export const scheduleSchema = z.object({
  from: isoDateTime,
  until: isoDateTime,
  items: z.array(scheduleItemSchema),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** An item's id (scheduleItemSchema.id): what it is about and that row's id. */
export const scheduleItemIdSchema = z
  .string()
  .max(40)
  .regex(/^(lesson|exam-opens|exam-late-entry|exam-closes|classroom|course-access):[1-9]\d{0,9}$/);

export const scheduleItemParamsSchema = z.object({ id: scheduleItemIdSchema });
export const scheduleItemFileQuerySchema = z.object({ lang: z.enum(locales).optional() });

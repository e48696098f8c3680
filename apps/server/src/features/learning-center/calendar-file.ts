import type { Locale } from '@school/contract/enums';
import type { ScheduleKind } from '@school/contract/schedule';
import ical, { ICalAlarmType } from 'ical-generator';
import { localize, type LocalizedText } from '../../lib/localized-text.js';
import type { ScheduleEvent } from './learning-center.service.js';

/*
 * Schedule events as iCalendar (RFC 5545) text, for the one-off download and the feed
 * (docs/decisions/025-calendar-feed.md). ical-generator does the format's folding and escaping.
 * Times are UTC instants (`…Z`): the phone's calendar shows them in its own time zone, and no
 * VTIMEZONE can go stale. An event's UID is the schedule item's id at the school's host, which
 * stays the same when its time moves, so an import or the next feed read replaces the event
 * instead of adding a second one.
 */

const minute = 60;

/** What an event is called, by kind: the calendar shows no kind label of its own beside it. */
const summaries: Record<ScheduleKind, LocalizedText> = {
  LIVE_STARTS: { cn: '直播：{title}', en: 'Live lesson: {title}' },
  ACTIVITY_STARTS: { cn: '活动：{title}', en: 'Activity: {title}' },
  EXAM_OPENS: { cn: '考试开始：{title}', en: 'Exam opens: {title}' },
  EXAM_LATE_ENTRY_ENDS: { cn: '考试最晚入场：{title}', en: 'Last moment to start the exam: {title}' },
  EXAM_CLOSES: { cn: '考试结束：{title}', en: 'Exam closes: {title}' },
  CLASSROOM_STARTS: { cn: '班级开课：{title}', en: 'Classroom begins: {title}' },
  MEMBERSHIP_ENDS: { cn: '课程学习有效期结束：{title}', en: 'Your access to this course ends: {title}' },
};

const courseLine: LocalizedText = { cn: '课程：{course}', en: 'Course: {course}' };

/**
 * How long an event lasts when the school gave no length: a lesson an hour; the other kinds are
 * moments (a door closes), shown as a short event so the calendar has something to draw.
 */
const defaultSeconds: Record<ScheduleKind, number> = {
  LIVE_STARTS: 60 * minute,
  ACTIVITY_STARTS: 60 * minute,
  EXAM_OPENS: 30 * minute,
  EXAM_LATE_ENTRY_ENDS: 15 * minute,
  EXAM_CLOSES: 15 * minute,
  CLASSROOM_STARTS: 30 * minute,
  MEMBERSHIP_ENDS: 15 * minute,
};

/** How long before an event the phone reminds the learner: enough to get there, or to act before a door closes. */
const reminderSeconds: Record<ScheduleKind, number> = {
  LIVE_STARTS: 15 * minute,
  ACTIVITY_STARTS: 60 * minute,
  EXAM_OPENS: 15 * minute,
  EXAM_LATE_ENTRY_ENDS: 30 * minute,
  EXAM_CLOSES: 60 * minute,
  CLASSROOM_STARTS: 60 * minute,
  MEMBERSHIP_ENDS: 24 * 60 * minute,
};

export interface CalendarSite {
  /** The school's host without a port: the UIDs' domain. */
  hostname: string;
  /** Scheme, host and port the learner reaches the app at: the events' links. */
  origin: string;
  schoolName: LocalizedText;
}

export interface CalendarFileOptions {
  site: CalendarSite;
  locale: Locale;
  now: Date;
  /** A feed's refresh interval in seconds (REFRESH-INTERVAL, X-PUBLISHED-TTL); none for a one-off file. */
  refreshSeconds?: number;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** The iCalendar text of the events (an empty calendar for none). */
export function calendarFile(events: ScheduleEvent[], options: CalendarFileOptions): string {
  const { site, locale, now } = options;
  const calendar = ical({
    name: localize(site.schoolName, locale),
    prodId: { company: site.hostname, product: 'learner-schedule', language: locale === 'cn' ? 'ZH' : 'EN' },
    ttl: options.refreshSeconds ?? null,
  });
  for (const event of events) {
    const start = new Date(event.at);
    const seconds = event.seconds !== null && event.seconds > 0 ? event.seconds : defaultSeconds[event.kind];
    const url = `${site.origin}/mobile${event.link}`;
    const lines = event.course === null ? [] : [fill(courseLine[locale], { course: event.course })];
    const summary = fill(summaries[event.kind][locale], { title: event.title });
    calendar.createEvent({
      id: `${event.id}@${site.hostname}`,
      stamp: now,
      start,
      end: new Date(start.getTime() + seconds * 1000),
      summary,
      description: [...lines, url].join('\n'),
      url,
      alarms: [{ type: ICalAlarmType.display, triggerBefore: reminderSeconds[event.kind], description: summary }],
    });
  }
  return calendar.toString();
}

/** A download's file name: the item's id in characters every file system takes (`lesson:12` → `lesson-12.ics`). */
export const calendarFileName = (itemId: string) => `${itemId.replace(/[^A-Za-z0-9-]/g, '-')}.ics`;

import { gte, isNull, or, type SQL } from 'drizzle-orm';
import { courseMembers } from '../db/schema.js';

/*
 * How long a course membership lasts, one rule for every way it is made (a free join, a paid
 * order, a classroom) and every place that asks whether it still runs (the course, its lessons,
 * the learning centre, an exam inside the course, buying it again).
 */

const dayMs = 24 * 60 * 60 * 1000;

export interface CourseValidity {
  validityKind: string | null;
  validityDays: number | null;
  validityEndDate: Date | null;
}

/** When a membership made (or renewed) at `now` ends: N days later, the course's end date, or never. */
export function membershipExpiry(course: CourseValidity, now: Date): Date | null {
  if (course.validityKind === 'DAYS' && course.validityDays !== null)
    return new Date(now.getTime() + course.validityDays * dayMs);
  if (course.validityKind === 'END_DATE') return course.validityEndDate;
  return null;
}

/** A membership with an end date has expired once that moment has passed; null never ends. */
export function isExpiredAt(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() < now.getTime();
}

/** isExpiredAt's rule in SQL: the course membership still runs at `now`. */
export function runningAt(now: Date): SQL {
  return or(isNull(courseMembers.expiresAt), gte(courseMembers.expiresAt, now))!;
}

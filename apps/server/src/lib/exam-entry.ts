import type { Locale } from '@school/contract/enums';
import type { ExamRequirement } from '@school/contract/exams';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { courses } from '../db/schema.js';
import { localize, type LocalizedText } from './localized-text.js';

/*
 * When a learner may begin an attempt at an exam (docs/product.md#exam-flow): from its start
 * time, before its end time, for a closed exam only until `lateLimit` minutes after the start,
 * and, where the exam names a course to study first, once that share of it is learned. Starting
 * an attempt, the exam's detail and lesson, and the learning centre's standing read it here.
 */

const minuteMs = 60_000;

export interface ExamWindow {
  startTime: Date | null;
  endTime: Date | null;
  closedExam: boolean;
  /** Minutes after the start a closed exam still lets learners in; null: until the end. */
  lateLimit: number | null;
}

export type ExamEntry =
  | { kind: 'notStarted' }
  /** `lateEntryUntil`: a closed exam's late-entry limit, when it comes before the end. */
  | { kind: 'open'; lateEntryUntil: Date | null }
  /** A closed exam past its late-entry limit: nobody may begin any more. */
  | { kind: 'late' }
  | { kind: 'ended' };

/**
 * A closed exam's late-entry limit, when it comes before the end (after it, the end is the
 * limit); null where any time before the end will do.
 */
export function lateEntryLimit(exam: ExamWindow): Date | null {
  if (!exam.closedExam || exam.lateLimit === null || exam.startTime === null) return null;
  const limit = exam.startTime.getTime() + exam.lateLimit * minuteMs;
  return exam.endTime !== null && exam.endTime.getTime() <= limit ? null : new Date(limit);
}

export function examEntryAt(exam: ExamWindow, now: Date): ExamEntry {
  const at = now.getTime();
  if (exam.endTime !== null && at >= exam.endTime.getTime()) return { kind: 'ended' };
  if (exam.startTime !== null && at < exam.startTime.getTime()) return { kind: 'notStarted' };
  if (!exam.closedExam || exam.lateLimit === null || exam.startTime === null)
    return { kind: 'open', lateEntryUntil: null };
  const limit = exam.startTime.getTime() + exam.lateLimit * minuteMs;
  if (at > limit) return { kind: 'late' };
  return { kind: 'open', lateEntryUntil: lateEntryLimit(exam) };
}

/** An exam's course to study first, as its row names it: `progress` % of the course's lessons. */
export interface RequiredCourse {
  id: number;
  uid: string;
  title: LocalizedText;
  progress: number;
}

/** The course an exam asks to be studied first, or null when it asks none (or the course is gone). */
export async function requiredCourseOf(
  db: Db,
  exam: { requiredCourseId: number | null; requiredProgress: number | null },
): Promise<RequiredCourse | null> {
  if (exam.requiredCourseId === null || exam.requiredProgress === null || exam.requiredProgress <= 0) return null;
  const [course] = await db
    .select({ id: courses.id, uid: courses.uid, title: courses.title })
    .from(courses)
    .where(eq(courses.id, exam.requiredCourseId));
  return course === undefined ? null : { ...course, progress: Math.min(exam.requiredProgress, 100) };
}

/** The requirement as the contract tells it, with the caller's own progress (null: a visitor). */
export function toExamRequirement(
  required: RequiredCourse | null,
  yourProgress: number | null,
  locale: Locale,
): ExamRequirement | null {
  if (required === null) return null;
  return {
    course: { uid: required.uid, title: localize(required.title, locale) },
    progress: required.progress,
    yourProgress,
  };
}

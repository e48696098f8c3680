import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { chapters, courseMembers, lessonLearnings, lessons } from '../db/schema.js';

/*
 * The reads behind a course's outline as a learner sees it (lib/syllabus.ts builds it): the
 * course detail and the lesson player both show it, from the same rows.
 */

export type CourseMembershipRow = typeof courseMembers.$inferSelect;

/**
 * A lesson learners may see. One its school's pack no longer has is UNPUBLISHED: to learners it
 * does not exist, while their progress and notes of it stay for the day it comes back. Every
 * learner-facing read of lessons adds this to its own conditions (never a query of its own: the
 * progress write and the outline are hot paths), on the row it already reads by id or by course.
 */
export const publishedLesson = eq(lessons.status, 'PUBLISHED');

/** Chapters in order; buildSyllabus leaves out those without a published lesson. */
export function chaptersOf(db: Db, courseId: number) {
  return db
    .select({ id: chapters.id, title: chapters.title })
    .from(chapters)
    .where(eq(chapters.courseId, courseId))
    .orderBy(asc(chapters.seq), asc(chapters.id));
}

/** Published lessons in course order. */
export function lessonsOf(db: Db, courseId: number) {
  return db
    .select({
      id: lessons.id,
      chapterId: lessons.chapterId,
      title: lessons.title,
      mediaType: lessons.mediaType,
      duration: lessons.duration,
      freeTrial: lessons.freeTrial,
    })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), publishedLesson))
    .orderBy(asc(lessons.seq), asc(lessons.id));
}

export async function membershipOf(db: Db, courseId: number, userId: number): Promise<CourseMembershipRow | null> {
  const [row] = await db
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return row ?? null;
}

/**
 * The learner's status and position in each lesson of the course they have opened, unpublished
 * ones included: the outline only looks up the lessons it lists, and this read is kept per
 * learner until their own rows change (lib/learner-cache.ts), so it must not depend on lessons.
 */
export function learningsOf(db: Db, courseId: number, userId: number) {
  return db
    .select({ lessonId: lessonLearnings.lessonId, status: lessonLearnings.status, position: lessonLearnings.position })
    .from(lessonLearnings)
    .innerJoin(lessons, eq(lessons.id, lessonLearnings.lessonId))
    .where(and(eq(lessonLearnings.userId, userId), eq(lessons.courseId, courseId)));
}

import type { CourseMembership } from '@school/contract/courses';
import type { LearningStatus } from '@school/contract/enums';
import { isExpiredAt } from '../memberships/validity.js';

/*
 * How far a learner is, from the counters kept on their memberships: one rule for every answer
 * that shows it (course detail, lesson player, classroom detail, the learning centre), so the
 * same course never reads 40 % on one screen and 50 % on another.
 */

export interface CourseLearning {
  /** Never more than the course's lessons (a lesson removed after it was learned still counted). */
  learnedLessonCount: number;
  /** 0 to 100, rounded down: 100 only when every lesson is learned. */
  progress: number;
  learningStatus: LearningStatus;
}

/**
 * A member's standing in a course: COMPLETED once every lesson is learned (a course without
 * lessons never is), LEARNING from the first lesson opened, NOT_STARTED before.
 */
export function courseLearning(
  membership: { learnedLessonCount: number; lastLessonId: number | null },
  lessonCount: number,
): CourseLearning {
  const learned = Math.min(membership.learnedLessonCount, lessonCount);
  const learningStatus: LearningStatus =
    lessonCount > 0 && learned >= lessonCount
      ? 'COMPLETED'
      : learned > 0 || membership.lastLessonId !== null
        ? 'LEARNING'
        : 'NOT_STARTED';
  return {
    learnedLessonCount: learned,
    progress: lessonCount === 0 ? 0 : Math.floor((learned / lessonCount) * 100),
    learningStatus,
  };
}

/**
 * A classroom's progress: the share of its courses completed, rounded down. A course without
 * lessons has nothing to complete, so it never counts as completed; null means "not known for
 * this caller" (a visitor) and counts as not completed.
 */
export function classroomProgress(courses: readonly { lessonCount: number; completedLessonCount: number | null }[]): {
  completedCourseCount: number;
  progress: number;
} {
  const completedCourseCount = courses.filter(
    (c) => c.lessonCount > 0 && c.completedLessonCount !== null && c.completedLessonCount >= c.lessonCount,
  ).length;
  const progress = courses.length === 0 ? 0 : Math.floor((completedCourseCount / courses.length) * 100);
  return { completedCourseCount, progress };
}

/** A course membership as the course detail and the lesson player show it to its learner. */
export function toCourseMembership(
  row: { joinedAt: Date; expiresAt: Date | null; learnedLessonCount: number; lastLessonId: number | null },
  lessonCount: number,
  now: Date,
): CourseMembership {
  const { learningStatus, progress } = courseLearning(row, lessonCount);
  return {
    joinedAt: row.joinedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: isExpiredAt(row.expiresAt, now),
    learningStatus,
    progress,
    lastLessonId: row.lastLessonId,
  };
}

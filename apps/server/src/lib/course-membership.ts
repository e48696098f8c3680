import type { CourseMembership } from '@school/contract/courses';
import type { LearningStatus } from '@school/contract/enums';

export interface CourseMembershipRow {
  joinedAt: Date;
  expiresAt: Date | null;
  learnedLessonCount: number;
  lastLessonId: number | null;
}

export function isMembershipExpired(row: { expiresAt: Date | null }, now: Date): boolean {
  return row.expiresAt !== null && row.expiresAt.getTime() < now.getTime();
}

/** Learned lessons of all lessons, 0 to 100 (rounded down: 100 only when all are learned). */
export function courseProgressOf(learnedLessonCount: number, lessonCount: number): number {
  return lessonCount === 0 ? 0 : Math.floor((Math.min(learnedLessonCount, lessonCount) / lessonCount) * 100);
}

export function courseLearningStatusOf(row: CourseMembershipRow, lessonCount: number): LearningStatus {
  const learned = Math.min(row.learnedLessonCount, lessonCount);
  if (lessonCount > 0 && learned >= lessonCount) return 'COMPLETED';
  return learned > 0 || row.lastLessonId !== null ? 'LEARNING' : 'NOT_STARTED';
}

/** The caller's membership as the course detail and the lesson player show it. */
export function toCourseMembership(row: CourseMembershipRow, lessonCount: number, now: Date): CourseMembership {
  return {
    joinedAt: row.joinedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: isMembershipExpired(row, now),
    learningStatus: courseLearningStatusOf(row, lessonCount),
    progress: courseProgressOf(row.learnedLessonCount, lessonCount),
    lastLessonId: row.lastLessonId,
  };
}

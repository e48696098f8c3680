import { z } from 'zod';
import { isoDateTime, pageOf, pageQuerySchema } from './common.js';
import { learningStatuses } from './enums.js';

/*
 * The learning centre (spec §2 learning → MyCourseList, MyClassroomList, MyExamList): the
 * caller's own products, most recently studied first. Logged-in only (401).
 */

export const learningListQuerySchema = pageQuerySchema;

/** GET /api/learning/courses */
export const myCourseSchema = z.object({
  uid: z.string(),
  title: z.string(),
  cover: z.string(),
  lessonCount: z.number().int().nonnegative(),
  learnedLessonCount: z.number().int().nonnegative(),
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  learningStatus: z.enum(learningStatuses),
  joinedAt: isoDateTime,
  /** Null: no end. */
  expiresAt: isoDateTime.nullable(),
  expired: z.boolean(),
  /** Null before the first lesson. */
  lastLearnedAt: isoDateTime.nullable(),
  /** Where "continue learning" goes; null: the first lesson. */
  lastLessonId: z.number().int().nullable(),
  firstLessonId: z.number().int().nullable(),
});
export type MyCourse = z.infer<typeof myCourseSchema>;
export const myCourseListSchema = pageOf(myCourseSchema);
export type MyCourseList = z.infer<typeof myCourseListSchema>;

/** GET /api/learning/classrooms */
export const myClassroomSchema = z.object({
  uid: z.string(),
  title: z.string(),
  cover: z.string(),
  courseCount: z.number().int().nonnegative(),
  completedCourseCount: z.number().int().nonnegative(),
  progress: z.number().int().min(0).max(100),
  joinedAt: isoDateTime,
  lastLearnedAt: isoDateTime.nullable(),
});
export type MyClassroom = z.infer<typeof myClassroomSchema>;
export const myClassroomListSchema = pageOf(myClassroomSchema);
export type MyClassroomList = z.infer<typeof myClassroomListSchema>;

/** GET /api/learning/exams */
export const myExamSchema = z.object({
  uid: z.string(),
  title: z.string(),
  cover: z.string(),
  startTime: isoDateTime.nullable(),
  endTime: isoDateTime.nullable(),
  /** Minutes; null is unlimited. */
  duration: z.number().int().positive().nullable(),
  joinedAt: isoDateTime,
  /** Submitted attempts so far. */
  attemptCount: z.number().int().nonnegative(),
  /** Allowed attempts; null is unlimited. */
  examTimes: z.number().int().positive().nullable(),
  /** Before the start, open, or over. */
  state: z.enum(['NOT_STARTED', 'OPEN', 'ENDED']),
});
export type MyExam = z.infer<typeof myExamSchema>;
export const myExamListSchema = pageOf(myExamSchema);
export type MyExamList = z.infer<typeof myExamListSchema>;

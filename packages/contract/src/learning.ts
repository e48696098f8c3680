import { z } from 'zod';
import { isoDateTime, pageOf, pageQuerySchema } from './common.js';
import { learningStatuses, mediaTypes } from './enums.js';

/*
 * The learning centre (docs/product.md#routes: learning → MyCourseList, MyClassroomList, MyExamList): the
 * caller's own memberships in the current school, paged. Logged-in only (401); never cached by
 * anyone but the learner's browser. Products the school has unpublished or closed are left out
 * (their pages refuse the learner), as are another learner's and another school's.
 *
 * Orders (each ends on the product id, so pages never repeat or skip a row):
 * - courses: last studied first (never-studied ones after all studied ones), then joined last first;
 * - classrooms: by the latest time the caller studied any of its courses, the same way;
 * - exams: joined last first. An exam has no "studied" time of its own, and ordering by its
 *   window would move rows between pages as the clock passes the start and end times.
 */

export const learningListQuerySchema = pageQuerySchema;

/**
 * How the learner can leave a course or classroom they hold (docs/product.md#quitting):
 * - quit: joined free; DELETE …/membership ends it. Progress is kept: joining again later
 *   finds every finished lesson finished.
 * - refund: a paid order gave it; quitting answers 403 noPermissionQuitCourse, and the order
 *   (its refund) is the way out.
 * - classroom: a course the learner holds through a classroom; quitting it alone answers 403
 *   noPermissionQuitCourse, the classroom is what they leave (its courses go with it).
 */
export const leaveRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('quit') }),
  z.object({ kind: z.literal('refund'), tradeNo: z.string() }),
  z.object({ kind: z.literal('classroom'), classroom: z.object({ uid: z.string(), title: z.string() }) }),
]);
export type LeaveRule = z.infer<typeof leaveRuleSchema>;

/** GET /api/learning/courses */
export const myCourseSchema = z.object({
  uid: z.string(),
  title: z.string(),
  cover: z.string(),
  lessonCount: z.number().int().nonnegative(),
  /** At most lessonCount. */
  learnedLessonCount: z.number().int().nonnegative(),
  /** 0 to 100: floor(learnedLessonCount / lessonCount * 100). */
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
  /** The course's first lesson in course order; null for a course without lessons. */
  firstLessonId: z.number().int().nullable(),
  /** The caller asked for a refund of it, not decided yet (they study on until it is accepted). */
  refundPending: z.boolean(),
  leave: leaveRuleSchema,
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
  /** Courses of the classroom whose every lesson the caller has learned. */
  completedCourseCount: z.number().int().nonnegative(),
  /** 0 to 100: floor(completedCourseCount / courseCount * 100), as on the classroom's page. */
  progress: z.number().int().min(0).max(100),
  joinedAt: isoDateTime,
  /** The latest time the caller studied one of its courses; null before that. */
  lastLearnedAt: isoDateTime.nullable(),
  /** The caller asked for a refund of it, not decided yet (they study on until it is accepted). */
  refundPending: z.boolean(),
  leave: leaveRuleSchema,
});
export type MyClassroom = z.infer<typeof myClassroomSchema>;
export const myClassroomListSchema = pageOf(myClassroomSchema);
export type MyClassroomList = z.infer<typeof myClassroomListSchema>;

export const myExamStatuses = [
  'IN_PROGRESS',
  'REVIEWING',
  'NOT_STARTED',
  'PASSED',
  'FAILED',
  'OPEN',
  'ATTEMPTS_USED',
  'CLOSED',
] as const;
export const myExamStatusSchema = z.enum(myExamStatuses);
export type MyExamStatus = z.infer<typeof myExamStatusSchema>;

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
  /**
   * The learner's own standing, first that applies: an attempt open (IN_PROGRESS) or waiting
   * for a reviewer (REVIEWING); before the start (NOT_STARTED); a scored attempt, judged by the
   * best score (PASSED, FAILED); may begin an attempt now (OPEN); every allowed attempt used
   * (ATTEMPTS_USED); the window over or a closed exam's late entry past (CLOSED).
   */
  status: myExamStatusSchema,
  /** A closed exam's late-entry limit while it is still ahead: a new attempt may begin until then. */
  entryClosesAt: isoDateTime.nullable(),
  /** The caller's best final score of a scored attempt; null before one is scored. */
  bestScore: z.number().int().nonnegative().nullable(),
  passScore: z.number().int().nonnegative(),
  totalScore: z.number().int().positive(),
});
export type MyExam = z.infer<typeof myExamSchema>;
export const myExamListSchema = pageOf(myExamSchema);
export type MyExamList = z.infer<typeof myExamListSchema>;

/**
 * GET /api/learning/recent: where the caller left off and what they studied lately, for the
 * signed-in home. Courses whose membership ran out are left out (their lessons do not open).
 */
export const recentLearningSchema = z.object({
  /** The lesson studied last and where the learner was in it; null before any study. */
  resume: z
    .object({
      course: z.object({ uid: z.string(), title: z.string(), cover: z.string() }),
      lesson: z.object({ id: z.number().int(), title: z.string(), mediaType: z.enum(mediaTypes) }),
      /** Second of a video or audio, page of a document or slide; 0 at the start. */
      position: z.number().int().nonnegative(),
      learnedAt: isoDateTime,
    })
    .nullable(),
  /** Up to three other courses studied lately, the latest first. */
  recent: z.array(
    z.object({
      uid: z.string(),
      title: z.string(),
      cover: z.string(),
      progress: z.number().int().min(0).max(100),
      lastLearnedAt: isoDateTime,
    }),
  ),
});
export type RecentLearning = z.infer<typeof recentLearningSchema>;

/**
 * GET /api/learning/owned: the uids of what the caller holds now (a running course membership,
 * a classroom, an exam), so catalogue cards can say Joined instead of a price.
 */
export const ownedProductsSchema = z.object({
  courses: z.array(z.string()),
  classrooms: z.array(z.string()),
  exams: z.array(z.string()),
});
export type OwnedProducts = z.infer<typeof ownedProductsSchema>;

/** A day of the school's calendar, YYYY-MM-DD. */
const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * GET /api/learning/statistics: how much the caller studied, by days of the school's calendar
 * (`timeZone`). Study time is measured from the lesson player's progress reports: each credits
 * the time since the learner's previous report, at most two minutes, so a page left open
 * counts two minutes at most however long it stays (decision record 023).
 */
export const studyStatisticsSchema = z.object({
  /** The IANA time zone whose days these are. */
  timeZone: z.string(),
  today: calendarDay,
  /** The last seven days, the oldest first, ending today. */
  days: z
    .array(
      z.object({
        date: calendarDay,
        seconds: z.number().int().nonnegative(),
        lessonsFinished: z.number().int().nonnegative(),
      }),
    )
    .length(7),
  /** Sums over `days`. */
  weekSeconds: z.number().int().nonnegative(),
  weekLessonsFinished: z.number().int().nonnegative(),
  /** Every lesson the caller ever finished in this school. */
  totalLessonsFinished: z.number().int().nonnegative(),
  /**
   * Consecutive days with study up to today; a streak whose last day is yesterday still stands
   * (today is not over), so it counts up to yesterday until the learner studies today.
   */
  streakDays: z.number().int().nonnegative(),
  studiedToday: z.boolean(),
});
export type StudyStatistics = z.infer<typeof studyStatisticsSchema>;

import { z } from 'zod';
import { isoDateTime, pageOf, pageQuerySchema } from './common.js';
import { keywordSchema, priceSchema, productStatusSchema, teacherSchema } from './catalogue.js';

/*
 * Single exams (public id `uid`): the browse part. Taking an exam is its own set of calls.
 * PUBLISHED and DRAFT are listed; others answer 403 examNotPublished on their detail.
 */

/** GET /api/exams: keyword, recommended; soonest start first, then newest. */
export const examListQuerySchema = pageQuerySchema.extend({
  keyword: keywordSchema,
  recommended: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ExamListQuery = z.input<typeof examListQuerySchema>;

export const examSummarySchema = z.object({
  uid: z.string(),
  title: z.string(),
  cover: z.string(),
  price: priceSchema,
  status: productStatusSchema,
  /** Null: can be taken any time. */
  startTime: isoDateTime.nullable(),
  /** Null: no end. */
  endTime: isoDateTime.nullable(),
  /** Minutes; null is unlimited. */
  duration: z.number().int().positive().nullable(),
  totalScore: z.number().int().nonnegative(),
  passScore: z.number().int().nonnegative(),
  quizCount: z.number().int().nonnegative(),
  /** Allowed attempts; null is unlimited. */
  examTimes: z.number().int().positive().nullable(),
  studentCount: z.number().int().nonnegative(),
});
export type ExamSummary = z.infer<typeof examSummarySchema>;
export const examListSchema = pageOf(examSummarySchema);
export type ExamList = z.infer<typeof examListSchema>;

/** One submitted attempt of the caller's, for the exam's attempt history. */
export const attemptHistoryEntrySchema = z.object({
  id: z.number().int(),
  status: z.enum(['PENDING_REVIEW', 'COMPLETED']),
  submittedAt: isoDateTime,
  /** Null while subjective answers wait for review. */
  score: z.number().int().nonnegative().nullable(),
  /** Null while waiting for review. */
  passed: z.boolean().nullable(),
  usedSeconds: z.number().int().nonnegative(),
  submittedBy: z.enum(['LEARNER', 'GIVE_UP', 'TIME_UP']),
});
export type AttemptHistoryEntry = z.infer<typeof attemptHistoryEntrySchema>;

/** Attempts the detail lists at most (unlimited exams can have many); `attemptsUsed` counts them all. */
export const attemptHistoryMax = 50;

export const examMembershipSchema = z.object({
  joinedAt: isoDateTime,
  /** Submitted attempts so far. */
  attemptsUsed: z.number().int().nonnegative(),
  /** The caller's attempt still being answered (Continue, Give up); null when none is open. */
  openAttemptId: z.number().int().nullable(),
  /** The caller's most recently submitted attempt (View grades, Reviewing); null before the first. */
  latestAttempt: z
    .object({
      id: z.number().int(),
      status: z.enum(['PENDING_REVIEW', 'COMPLETED']),
      /** Null while subjective answers wait for review. */
      score: z.number().int().nonnegative().nullable(),
    })
    .nullable(),
  /** The best score of the caller's scored (COMPLETED) attempts; null when none is scored yet. */
  bestScore: z.number().int().nonnegative().nullable(),
  /** The caller's submitted attempts, newest first (at most `attemptHistoryMax`): the attempt history. */
  attempts: z.array(attemptHistoryEntrySchema),
});
export type ExamMembership = z.infer<typeof examMembershipSchema>;

/**
 * A course to study before an attempt may begin: `progress` % of its lessons learned
 * (docs/product.md#exam-flow). `yourProgress` is the caller's in that course (0 when not a
 * member of it); null for a visitor.
 */
export const examRequirementSchema = z.object({
  course: z.object({ uid: z.string(), title: z.string() }),
  progress: z.number().int().min(1).max(100),
  yourProgress: z.number().int().min(0).max(100).nullable(),
});
export type ExamRequirement = z.infer<typeof examRequirementSchema>;

/** GET /api/exams/{uid} */
export const examDetailSchema = examSummarySchema.extend({
  /** Sanitized HTML. */
  brief: z.string(),
  reviewers: z.array(teacherSchema),
  /** A closed exam is entered only within `lateLimit` minutes of its start. */
  closedExam: z.boolean(),
  /** Minutes after startTime after which a learner is too late; null: no limit. */
  lateLimit: z.number().int().positive().nullable(),
  /** Null: no course to study first. */
  requirement: examRequirementSchema.nullable(),
  membership: examMembershipSchema.nullable(),
  /** Server time of the answer, for the countdown tips. */
  now: isoDateTime,
});
export type ExamDetail = z.infer<typeof examDetailSchema>;

/**
 * POST /api/exams/{uid}/join: free and published → member (201 with the membership). Paid:
 * 400 examChargeModeNotSupported (buy through an order). Not published: 403
 * examNotPublished. Ended: 403 examHasEnded. Already a member: 409 memberExisted.
 */
export const examJoinResultSchema = examMembershipSchema;

import { z } from 'zod';
import { packImageSchema, packMomentSchema, packMoneySchema, packTextSchema, packUidSchema } from './pack-schema.js';

/*
 * The pack's classrooms, articles and coupons as a person writes them (docs/school-pack.md), in
 * the manner of pack-schema.ts: strict objects, texts in the pack's form, no transforms. The
 * checks that span keys or files (an enrolment that ends before it starts, a course the pack
 * lacks) are the reader's, so they are found together with every other problem.
 */

/** A classroom (a "project" in the earlier client's names, docs/product.md#enumerations): courses studied together, with teachers and announcements. */
export const packClassroomSchema = z.strictObject({
  title: packTextSchema,
  cover: packImageSchema,
  /** HTML, sanitized when imported. */
  intro: packTextSchema.optional(),
  /** HTML, sanitized when imported. */
  teachingPlan: packTextSchema.optional(),
  /** The uid of a classroom category of categories.yaml. */
  category: packUidSchema.optional(),
  status: z.enum(['DRAFT', 'PUBLISHED', 'CLOSED']).default('PUBLISHED'),
  price: packMoneySchema.default(0),
  originalPrice: packMoneySchema.optional(),
  /** Enrolment opens; left out: open now. */
  enrolStartsAt: packMomentSchema.optional(),
  /** Enrolment closes; left out: it stays open. */
  enrolEndsAt: packMomentSchema.optional(),
  /** Teaching starts; left out: each learner starts on joining. */
  startsAt: packMomentSchema.optional(),
  /** How long it runs; left out: no end. */
  durationDays: z.number().int().positive().optional(),
  /** Seats; left out: no limit. */
  maxStudents: z.number().int().positive().optional(),
  /** Its place among the recommended classrooms (1 first); left out: not recommended. */
  recommended: z.number().int().positive().optional(),
  /** The pack's courses its members study, in order. */
  courses: z.array(packUidSchema).default([]),
  teachers: z.array(packUidSchema).default([]),
  /** What the class is told, oldest first, each with the time it shows as posted. */
  announcements: z
    .array(z.strictObject({ postedAt: packMomentSchema, title: packTextSchema, content: packTextSchema }))
    .default([]),
});
export type PackClassroom = z.output<typeof packClassroomSchema>;

/** A news article; how often it was read is the learners' and stays in the database. */
export const packArticleSchema = z.strictObject({
  title: packTextSchema,
  summary: packTextSchema,
  author: packTextSchema.optional(),
  cover: packImageSchema.optional(),
  publishedAt: packMomentSchema,
  /** Its place among the recommended articles (1 first); left out: not recommended. */
  recommended: z.number().int().positive().optional(),
  /** HTML, sanitized when imported. */
  content: packTextSchema,
});
export type PackArticle = z.output<typeof packArticleSchema>;

/** The kinds of product a coupon is for; exams join when the pack has them. */
export const packCouponTargets = ['COURSE', 'CLASSROOM'] as const;

export const packCouponSchema = z.strictObject({
  /** Also the coupon's code. */
  uid: packUidSchema,
  title: packTextSchema,
  /** What is paid, in tenths of the price: 8.5 is 8.5折, 15% off. */
  discount: z
    .number()
    .min(0.1)
    .max(9.9)
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, 'a discount has one decimal at most')
    .optional(),
  /** An amount off the price instead of a discount. */
  amountOff: packMoneySchema.refine((value) => value > 0, 'an amount off is more than 0').optional(),
  appliesTo: z.enum(packCouponTargets),
  /** The uid of the one course or classroom it is for; left out: every one of `appliesTo`. */
  product: packUidSchema.optional(),
  /** Left out: no end. */
  validUntil: packMomentSchema.optional(),
});
export type PackCoupon = z.output<typeof packCouponSchema>;

export const packCouponsSchema = z.array(packCouponSchema);

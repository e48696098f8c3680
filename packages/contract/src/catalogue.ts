import { z } from 'zod';
import { currencies, productSortKeys, productStatuses } from './enums.js';
import { limits } from './limits.js';
import { commentTextSchema, ruleIds, textInput } from './validation.js';
import { isoDateTime, pageQuerySchema, uidParamSchema } from './common.js';

/*
 * Pieces every catalogue product shares (courses, classrooms, exams). Texts arrive in the
 * learner's language (Accept-Language), money in integer cents of the school's currency.
 * Decision record 008 explains the shapes.
 */

/** A price in cents; `amount` 0 is free. `original` is the crossed-out price of a discount. */
export const priceSchema = z.object({
  amount: z.number().int().nonnegative(),
  original: z.number().int().nonnegative().nullable(),
  currency: z.enum(currencies),
});
export type Price = z.infer<typeof priceSchema>;

/** A teacher as a displayed person (course teachers, classroom teachers, exam reviewers). */
export const teacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null when the teacher has no picture: the client draws initials. */
  avatar: z.string().nullable(),
  title: z.string(),
  introduction: z.string(),
});
export type Teacher = z.infer<typeof teacherSchema>;

/** Category tree item (docs/product.md#enumerations): root level is 0, siblings ordered by `seq`. */
export interface Category {
  id: number;
  parentId: number | null;
  seq: number;
  level: number;
  name: string;
  children: Category[];
}
export const categorySchema: z.ZodType<Category> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    seq: z.number().int(),
    level: z.number().int().nonnegative(),
    name: z.string(),
    children: z.array(categorySchema),
  }),
);

export const categoryTypes = ['COURSE', 'PROJECT'] as const;
export type CategoryType = (typeof categoryTypes)[number];

/** GET /api/categories?type=COURSE|PROJECT: the whole tree (roots first, by seq). */
export const categoryTreeQuerySchema = z.object({ type: z.enum(categoryTypes).default('COURSE') });
export const categoryTreeSchema = z.object({ items: z.array(categorySchema) });
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

export const tagSchema = z.object({ id: z.number().int(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;
/** GET /api/tags: the course tags learners filter by. */
export const tagListSchema = z.object({ items: z.array(tagSchema) });
export type TagList = z.infer<typeof tagListSchema>;

/** Coupon hint on a product: `discount` in tenths ("8.5" reads 8.5折 / 15% off). */
export const couponHintSchema = z.object({ title: z.string(), discount: z.number().positive().max(10) });
export type CouponHint = z.infer<typeof couponHintSchema>;

export const productStatusSchema = z.enum(productStatuses);

/** A keyword from a search box: trimmed; empty means no filter. */
export const keywordSchema = textInput()
  .trim()
  .max(limits.keywordMax)
  .optional()
  .transform((v) => (v ? v : undefined));

/** Shared list query of courses and classrooms (docs/product.md#enumerations sort keys). */
export const productListQuerySchema = pageQuerySchema.extend({
  keyword: keywordSchema,
  categoryId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  sort: z.enum(productSortKeys).default('updatedTime'),
  /** Only what the school marked as recommended, in the school's order (home page lists). */
  recommended: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** A rating or comment on a course or classroom. */
export const commentSchema = z.object({
  id: z.number().int(),
  user: z.object({ nickname: z.string(), avatar: z.string().nullable() }),
  /** 1 to 5 stars. */
  score: z.number().int().min(1).max(5),
  content: z.string(),
  createdAt: isoDateTime,
});
export type Comment = z.infer<typeof commentSchema>;

/**
 * POST …/comments: members only (403 notCourseMember / notClassroomMember), text required,
 * one per learner per product (409 courseCommentExisted). Answers 201 with the Comment.
 */
export const commentCreateSchema = z.object({
  score: z.coerce
    .number({ error: ruleIds.commentScoreRequired })
    .int({ error: ruleIds.commentScoreRequired })
    .min(1, { error: ruleIds.commentScoreRequired })
    .max(5, { error: ruleIds.commentScoreRequired }),
  content: commentTextSchema,
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;

/**
 * PUT …/comments/{id} (the same body as POST): the author changes their rating, 200 with the
 * Comment. DELETE …/comments/{id}: the author deletes it, 204, and may rate again. Someone
 * else's: 403 noPermissionModifyComment; none on this product: 404 notFound.
 */
export const commentParamsSchema = uidParamSchema.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Header of a comment list: the average and whether the caller may still comment. */
export const commentSummarySchema = z.object({
  ratingScore: z.number().min(0).max(5),
  ratingCount: z.number().int().nonnegative(),
  /** True for a member who has not commented yet; false for everyone else. */
  canComment: z.boolean(),
  /** Why the caller cannot comment, when they cannot. */
  reason: z.enum(['anonymous', 'notMember', 'alreadyCommented']).nullable(),
  /** The caller's own rating, which they may change or delete; null when they have none. */
  yours: z.object({ id: z.number().int(), score: z.number().int().min(1).max(5), content: z.string() }).nullable(),
});
export type CommentSummary = z.infer<typeof commentSummarySchema>;

import { z } from 'zod';
import { isoDateTime, pageOf, pageQuerySchema } from './common.js';
import { keywordSchema } from './catalogue.js';

/*
 * News articles (public id `id`). Only published articles exist for learners; any other id
 * answers 404 articleNotFound.
 */

/** recommended: the school's picks in its order; popular: most read; latest: newest first. */
export const articleTabs = ['latest', 'recommended', 'popular'] as const;
export type ArticleTab = (typeof articleTabs)[number];

/** GET /api/articles */
export const articleListQuerySchema = pageQuerySchema.extend({
  tab: z.enum(articleTabs).default('latest'),
  keyword: keywordSchema,
});
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;

export const articleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  author: z.string(),
  viewCount: z.number().int().nonnegative(),
  publishedAt: isoDateTime,
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export const articleListSchema = pageOf(articleSummarySchema);
export type ArticleList = z.infer<typeof articleListSchema>;

/** GET /api/articles/{id}: counts one view per call. */
export const articleDetailSchema = articleSummarySchema.extend({
  /** Sanitized HTML. */
  content: z.string(),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

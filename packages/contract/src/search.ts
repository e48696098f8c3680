import { z } from 'zod';
import { searchTypes } from './enums.js';
import { limits } from './limits.js';
import { pageOf, pageQuerySchema } from './common.js';
import { priceSchema } from './catalogue.js';
import { isoDateTime } from './common.js';
import { textInput } from './validation.js';

/*
 * GET /api/search?type=…&keyword=…: one kind of result per call (the search screen has a tab
 * per type). The keyword matches any part of a title or name in either language, so Chinese
 * substrings work without word splitting. An empty keyword answers an empty page.
 */
export const searchQuerySchema = pageQuerySchema.extend({
  type: z.enum(searchTypes).default('COURSE'),
  keyword: textInput().trim().max(limits.keywordMax).default(''),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * One hit. `key` is what the detail route takes: a course, classroom or exam uid, a live
 * lesson's course uid, or a teacher id. Teachers have no page of their own; they show as persons.
 */
export const searchHitSchema = z.object({
  type: z.enum(searchTypes),
  key: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  price: priceSchema.nullable(),
  /** Live lessons: when they start. */
  startTime: isoDateTime.nullable(),
  /** Courses: their lessons and learners, shown as on the course list's cards; null for other hits. */
  lessonCount: z.number().int().nonnegative().nullable(),
  studentCount: z.number().int().nonnegative().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResultSchema = pageOf(searchHitSchema);
export type SearchResult = z.infer<typeof searchResultSchema>;

import { z } from 'zod';
import { isoDateTime, pageOf, pageQuerySchema } from './common.js';
import { classroomSummarySchema } from './classrooms.js';
import { courseSummarySchema } from './courses.js';
import { examSummarySchema } from './exams.js';
import { favouriteTypes } from './favourite-paths.js';
import { textInput } from './validation.js';

/*
 * Favourites (docs/product.md#favourites): a signed-in learner stars a course, classroom or exam
 * from its page and finds the starred ones in Me → My favourites. Every call needs a session
 * (401 `unauthorized`).
 */

export { favouritePaths, favouriteTypes, type FavouriteType } from './favourite-paths.js';

export const favouriteParamsSchema = z.object({
  type: z.enum(favouriteTypes),
  uid: textInput().min(1).max(64),
});
export type FavouriteParams = z.infer<typeof favouriteParamsSchema>;

/** GET /api/favourites/{type}/{uid} */
export const favouriteStateSchema = z.object({ favourite: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;

/** GET /api/me/favourites?type=…: products the school unpublished or closed are left out. */
export const favouriteListQuerySchema = pageQuerySchema.extend({
  type: z.enum(favouriteTypes).default('COURSE'),
});
export type FavouriteListQuery = z.input<typeof favouriteListQuerySchema>;
export type FavouriteListFilter = z.infer<typeof favouriteListQuerySchema>;

/** One starred product: the card its catalogue list shows, and when it was starred. */
export const favouriteItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('COURSE'), favouritedAt: isoDateTime, course: courseSummarySchema }),
  z.object({ type: z.literal('CLASSROOM'), favouritedAt: isoDateTime, classroom: classroomSummarySchema }),
  z.object({ type: z.literal('EXAM'), favouritedAt: isoDateTime, exam: examSummarySchema }),
]);
export type FavouriteItem = z.infer<typeof favouriteItemSchema>;
export const favouriteListSchema = pageOf(favouriteItemSchema);
export type FavouriteList = z.infer<typeof favouriteListSchema>;

/**
 * Paths of favourites (docs/product.md#favourites), apart from apiPaths and from the schemas:
 * apiPaths is in the web app's first chunk, and the star on the detail pages needs the paths
 * without zod.
 */
export const favouriteTypes = ['COURSE', 'CLASSROOM', 'EXAM'] as const;
export type FavouriteType = (typeof favouriteTypes)[number];

export const favouritePaths = {
  /**
   * PUT: stars the product (idempotent, 204); DELETE: unstars it (idempotent, 204); GET: whether
   * the caller starred it. A product missing from this school answers its kind's not-found code
   * (courseNotFound, classroomNotFound, examNotFound).
   */
  favourite: (type: FavouriteType, uid: string) => `/api/favourites/${type}/${encodeURIComponent(uid)}`,
  /** GET: the caller's starred products of one type, newest star first. */
  myFavourites: '/api/me/favourites',
} as const;

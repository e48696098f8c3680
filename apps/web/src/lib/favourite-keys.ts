import type { FavouriteType } from '@school/contract/favourites';

/**
 * Query keys of favourites, shared by the star on the detail pages (components/catalogue) and
 * the My favourites screen (features/favourites): a star toggled on a page refreshes the lists.
 */
export const favouriteKeys = {
  all: ['favourites'] as const,
  one: (type: FavouriteType, uid: string) => [...favouriteKeys.all, 'one', type, uid] as const,
  lists: () => [...favouriteKeys.all, 'list'] as const,
  list: (type: FavouriteType) => [...favouriteKeys.lists(), type] as const,
};

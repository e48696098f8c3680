/** Texts of the favourite star on the detail pages (components/catalogue/favourite-star.tsx). */
export const en = {
  'favourites.star.add': 'Add to favourites',
  'favourites.star.remove': 'Remove from favourites',
  'favourites.star.added': 'Added to favourites',
  'favourites.star.removed': 'Removed from favourites',
} as const;

import type { en } from './favourite-star-en';

/** 详情页的收藏星标。 */
export const cn: Record<keyof typeof en, string> = {
  'favourites.star.add': '收藏',
  'favourites.star.remove': '取消收藏',
  'favourites.star.added': '已收藏',
  'favourites.star.removed': '已取消收藏',
};

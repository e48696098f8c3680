import { productSortKeys, type ProductSortKey } from '@school/contract/enums';
import type { ClassroomListFilters } from '../api/classroom-keys';

/**
 * The classroom list's filters live in the URL query (keyword, categoryId, sort), so a tab
 * link with `categoryId`, back/forward and reloads all show the same list.
 */
export const defaultSort: ProductSortKey = 'updatedTime';
/** The contract's keyword limit. */
export const keywordMax = 50;
const maxId = 2_147_483_647;

function idOf(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= maxId ? id : undefined;
}

/** Reads the filters from a query string; malformed values are dropped, never sent on. */
export function parseClassroomFilters(params: URLSearchParams): ClassroomListFilters {
  const filters: ClassroomListFilters = {};
  const keyword = (params.get('keyword') ?? '').trim().slice(0, keywordMax).trim();
  if (keyword) filters.keyword = keyword;
  const categoryId = idOf(params.get('categoryId'));
  if (categoryId !== undefined) filters.categoryId = categoryId;
  const sort = params.get('sort');
  if (sort !== defaultSort && productSortKeys.includes(sort as ProductSortKey)) filters.sort = sort as ProductSortKey;
  return filters;
}

export interface ClassroomFilterChange {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  sort?: ProductSortKey | undefined;
}

/**
 * The query string after a change: named filters are replaced (undefined, empty or the default
 * removes them); other parameters such as the tab bar's `pathFrom` are kept.
 */
export function withClassroomFilters(params: URLSearchParams, change: ClassroomFilterChange): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  if ('keyword' in change) put('keyword', change.keyword?.trim().slice(0, keywordMax).trim());
  if ('categoryId' in change) put('categoryId', change.categoryId);
  if ('sort' in change) put('sort', change.sort === defaultSort ? undefined : change.sort);
  return next;
}

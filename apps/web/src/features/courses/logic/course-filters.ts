import { productSortKeys, type ProductSortKey } from '@school/contract/enums';

/**
 * What the course list is filtered and sorted by, as kept in the URL query so back/forward,
 * reloads and shared links show the same list. Paging is the infinite query's own business.
 */
export interface CourseListFilters {
  keyword?: string;
  categoryId?: number;
  tagId?: number;
  sort?: Exclude<ProductSortKey, 'updatedTime'>;
}

export const defaultSort: ProductSortKey = 'updatedTime';
/** The keyword limit of the contract's keywordSchema. */
export const keywordMax = 50;
const maxId = 2_147_483_647;

function idOf(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= maxId ? id : undefined;
}

/** Reads the filters from a query string; anything malformed is ignored, never sent on. */
export function parseCourseFilters(params: URLSearchParams): CourseListFilters {
  const filters: CourseListFilters = {};
  const keyword = (params.get('keyword') ?? '').trim().slice(0, keywordMax).trim();
  if (keyword) filters.keyword = keyword;
  const categoryId = idOf(params.get('categoryId'));
  if (categoryId !== undefined) filters.categoryId = categoryId;
  const tagId = idOf(params.get('tagId'));
  if (tagId !== undefined) filters.tagId = tagId;
  const sort = params.get('sort');
  if (sort !== defaultSort && productSortKeys.includes(sort as ProductSortKey)) {
    filters.sort = sort as CourseListFilters['sort'];
  }
  return filters;
}

export type CourseFilterChange = {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  tagId?: number | undefined;
  sort?: ProductSortKey | undefined;
};

/**
 * The query string after changing some filters: the named ones are replaced (undefined, empty
 * or the default removes them), the others and any foreign parameter (pathFrom…) are kept.
 */
export function withCourseFilters(params: URLSearchParams, change: CourseFilterChange): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  if ('keyword' in change) put('keyword', change.keyword?.trim().slice(0, keywordMax).trim());
  if ('categoryId' in change) put('categoryId', change.categoryId);
  if ('tagId' in change) put('tagId', change.tagId);
  if ('sort' in change) put('sort', change.sort === defaultSort ? undefined : change.sort);
  return next;
}

/** The active sort key, the default included. */
export function sortOf(filters: CourseListFilters): ProductSortKey {
  return filters.sort ?? defaultSort;
}

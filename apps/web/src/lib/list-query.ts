import { productSortKeys, type ProductSortKey } from '@school/contract/enums';
import { limits } from '@school/contract/limits';

/**
 * A product list's filters as kept in the URL query, so back/forward, reloads and shared links
 * (a tab bar link with `categoryId`) show the same list. Paging is the infinite query's own
 * business.
 */
export const defaultSort = 'updatedTime' satisfies ProductSortKey;
const maxId = 2_147_483_647;

export interface ListQuery {
  keyword?: string;
  categoryId?: number;
  tagId?: number;
  /** Absent for the default sort. */
  sort?: Exclude<ProductSortKey, typeof defaultSort>;
  /** Only the free ones (`?price=free`). */
  price?: 'free';
}

export type ListQueryChange = {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  tagId?: number | undefined;
  sort?: ProductSortKey | undefined;
  price?: 'free' | undefined;
};

export type ListQueryId = 'categoryId' | 'tagId';

function idOf(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= maxId ? id : undefined;
}

const keywordOf = (value: string) => value.trim().slice(0, limits.keywordMax).trim();

/**
 * Reads the keyword, the sort, the named ids and (`withPrice`) the price filter — a list filters
 * by only some of them — from a query string; anything malformed is ignored, never sent on.
 */
export function parseListQuery(params: URLSearchParams, ids: readonly ListQueryId[], withPrice = false): ListQuery {
  const query: ListQuery = {};
  const keyword = keywordOf(params.get('keyword') ?? '');
  if (keyword) query.keyword = keyword;
  for (const key of ids) {
    const id = idOf(params.get(key));
    if (id !== undefined) query[key] = id;
  }
  const sort = params.get('sort');
  if (sort !== defaultSort && productSortKeys.includes(sort as ProductSortKey)) {
    query.sort = sort as ListQuery['sort'];
  }
  if (withPrice && params.get('price') === 'free') query.price = 'free';
  return query;
}

/**
 * The query string after changing some filters: the named ones are replaced (undefined, empty
 * or the default removes them), the others and any foreign parameter (pathFrom…) are kept.
 */
export function withListQuery(params: URLSearchParams, change: ListQueryChange): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  };
  if ('keyword' in change) put('keyword', change.keyword === undefined ? undefined : keywordOf(change.keyword));
  if ('categoryId' in change) put('categoryId', change.categoryId);
  if ('tagId' in change) put('tagId', change.tagId);
  if ('sort' in change) put('sort', change.sort === defaultSort ? undefined : change.sort);
  if ('price' in change) put('price', change.price);
  return next;
}

/** The active sort key, the default included. */
export function sortOf(query: ListQuery): ProductSortKey {
  return query.sort ?? defaultSort;
}

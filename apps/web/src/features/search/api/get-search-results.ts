import type { SearchType } from '@school/contract/enums';
import { apiPaths } from '@school/contract/paths';
import type { SearchResult } from '@school/contract/search';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { searchKeys } from './search-keys';

export const searchPageSize = 20;

export function getSearchResults(
  type: SearchType,
  keyword: string,
  page: number,
  signal?: AbortSignal,
): Promise<SearchResult> {
  return apiClient.get<SearchResult>(apiPaths.search, {
    query: { type, keyword, page, pageSize: searchPageSize },
    signal,
  });
}

/** The next page number, or undefined when every hit has been loaded. */
export function nextPageOf(last: { page: number; pageSize: number; total: number; items: unknown[] }) {
  return last.items.length > 0 && last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

export function searchResultsQueryOptions(type: SearchType, keyword: string) {
  return infiniteQueryOptions({
    queryKey: searchKeys.results(type, keyword),
    queryFn: ({ pageParam, signal }) => getSearchResults(type, keyword, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/** Pages of hits for one tab; nothing is asked while the keyword is empty. */
export function useSearchResults(type: SearchType, keyword: string) {
  return useInfiniteQuery({ ...searchResultsQueryOptions(type, keyword), enabled: keyword !== '' });
}

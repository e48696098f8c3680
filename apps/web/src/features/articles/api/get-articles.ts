import type { ArticleList, ArticleTab } from '@school/contract/articles';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { articleKeys } from './article-keys';

export const articlePageSize = 20;

export function getArticles(tab: ArticleTab, page: number, signal?: AbortSignal): Promise<ArticleList> {
  return apiClient.get<ArticleList>(apiPaths.articles, { query: { tab, page, pageSize: articlePageSize }, signal });
}

export function articlesQueryOptions(tab: ArticleTab) {
  return infiniteQueryOptions({
    queryKey: articleKeys.list(tab),
    queryFn: ({ pageParam, signal }) => getArticles(tab, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ArticleList) =>
      last.items.length > 0 && last.page * last.pageSize < last.total ? last.page + 1 : undefined,
  });
}

/** One tab's articles, page by page (infinite scroll). */
export function useArticles(tab: ArticleTab) {
  return useInfiniteQuery(articlesQueryOptions(tab));
}

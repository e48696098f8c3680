import type { ArticleDetail } from '@school/contract/articles';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { articleKeys } from './article-keys';

export function getArticle(id: number, signal?: AbortSignal): Promise<ArticleDetail> {
  // A missing article has its own screen state; the generic warning notice would repeat it.
  return apiClient.get<ArticleDetail>(apiPaths.article(id), { signal, silent: true });
}

export function articleQueryOptions(id: number) {
  return queryOptions({
    queryKey: articleKeys.detail(id),
    queryFn: ({ signal }) => getArticle(id, signal),
  });
}

/** An article by id; ids that cannot exist (not a positive integer) are not asked for. */
export function useArticle(id: number) {
  return useQuery({ ...articleQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

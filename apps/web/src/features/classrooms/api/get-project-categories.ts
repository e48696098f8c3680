import type { CategoryTree } from '@school/contract/catalogue';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { classroomKeys } from './classroom-keys';

/** GET /api/categories?type=PROJECT: the classroom category tree. */
export function getProjectCategories(signal?: AbortSignal): Promise<CategoryTree> {
  return apiClient.get<CategoryTree>(apiPaths.categories, { query: { type: 'PROJECT' }, signal });
}

export function projectCategoriesQueryOptions() {
  return queryOptions({
    queryKey: classroomKeys.categories(),
    queryFn: ({ signal }) => getProjectCategories(signal),
    // A school edits its categories rarely; reuse the tree across visits of the list.
    staleTime: 5 * 60_000,
  });
}

export function useProjectCategories() {
  return useQuery(projectCategoriesQueryOptions());
}

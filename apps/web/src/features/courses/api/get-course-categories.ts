import type { Category, CategoryTree } from '@school/contract/catalogue';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/categories?type=COURSE: the whole category tree, roots first. */
export async function getCourseCategories(signal?: AbortSignal): Promise<Category[]> {
  const tree = await apiClient.get<CategoryTree>(apiPaths.categories, { query: { type: 'COURSE' }, signal });
  return tree.items;
}

export function courseCategoriesQueryOptions() {
  return queryOptions({
    queryKey: courseKeys.categories(),
    queryFn: ({ signal }) => getCourseCategories(signal),
    // Schools rarely change their categories; the tree is reused across list visits.
    staleTime: 10 * 60_000,
  });
}

export function useCourseCategories() {
  return useQuery(courseCategoriesQueryOptions());
}

import type { Tag, TagList } from '@school/contract/catalogue';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/tags: the tags learners filter courses by. */
export async function getCourseTags(signal?: AbortSignal): Promise<Tag[]> {
  const list = await apiClient.get<TagList>(apiPaths.tags, { signal });
  return list.items;
}

export function courseTagsQueryOptions() {
  return queryOptions({
    queryKey: courseKeys.tags(),
    queryFn: ({ signal }) => getCourseTags(signal),
    staleTime: 10 * 60_000,
  });
}

export function useCourseTags() {
  return useQuery(courseTagsQueryOptions());
}

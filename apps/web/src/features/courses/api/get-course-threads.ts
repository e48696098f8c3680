import type { CourseThreadList } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/courses/{uid}/threads (members only): the Q&A board. */
export function getCourseThreads(uid: string, page: number, signal?: AbortSignal): Promise<CourseThreadList> {
  return apiClient.get<CourseThreadList>(apiPaths.courseThreads(uid), { query: { page, pageSize: 10 }, signal });
}

export function courseThreadsInfiniteQueryOptions(uid: string) {
  return infiniteQueryOptions({
    queryKey: courseKeys.threads(uid),
    queryFn: ({ pageParam, signal }) => getCourseThreads(uid, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** Members only: mount the caller only for a viewer who may be one (403 notCourseMember). */
export function useCourseThreads(uid: string) {
  return useInfiniteQuery(courseThreadsInfiniteQueryOptions(uid));
}

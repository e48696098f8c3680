import type { MyCourseList } from '@school/contract/learning';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { learningKeys, learningListPaging, learningPageSize, type Viewer } from './learning-keys';

/** GET /api/learning/courses: the learner's courses, last studied first. */
export function getMyCourses(page: number, signal?: AbortSignal): Promise<MyCourseList> {
  return apiClient.get<MyCourseList>(apiPaths.myCourses, { query: { page, pageSize: learningPageSize }, signal });
}

export function myCoursesQueryOptions(viewer: Viewer) {
  return infiniteQueryOptions({
    queryKey: learningKeys.courses(viewer),
    queryFn: ({ pageParam, signal }) => getMyCourses(pageParam, signal),
    ...learningListPaging,
  });
}

export function useMyCourses() {
  return useInfiniteQuery(myCoursesQueryOptions(useSessionUser()?.id ?? 0));
}

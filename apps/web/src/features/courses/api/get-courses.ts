import type { CourseList } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { apiClient } from '../../../lib/api-client';
import type { CourseListFilters } from '../logic/course-filters';
import { courseKeys } from './course-keys';

export const coursePageSize = 10;

/** Covers above the fold on a phone: the list's largest paint, loaded eagerly (and preloaded by the prefetch). */
export const courseListEagerCovers = 3;

/** GET /api/courses: one page of the filtered, sorted list. */
export function getCourses(filters: CourseListFilters, page: number, signal?: AbortSignal): Promise<CourseList> {
  return apiClient.get<CourseList>(apiPaths.courses, {
    query: { ...filters, page, pageSize: coursePageSize },
    signal,
  });
}

export function coursesInfiniteQueryOptions(filters: CourseListFilters) {
  return infiniteQueryOptions({
    queryKey: courseKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getCourses(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useCourses(filters: CourseListFilters) {
  return useInfiniteQuery(coursesInfiniteQueryOptions(filters));
}

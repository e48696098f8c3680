import type { ClassroomList } from '@school/contract/classrooms';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { classroomKeys, type ClassroomListFilters } from './classroom-keys';
import { nextPageParam } from '../../../components/catalogue/page-param';

export const classroomPageSize = 10;

/** GET /api/classrooms: one page of the filtered, sorted list. */
export function getClassrooms(
  filters: ClassroomListFilters,
  page: number,
  signal?: AbortSignal,
): Promise<ClassroomList> {
  return apiClient.get<ClassroomList>(apiPaths.classrooms, {
    query: { ...filters, page, pageSize: classroomPageSize },
    signal,
  });
}

export function classroomsInfiniteQueryOptions(filters: ClassroomListFilters) {
  return infiniteQueryOptions({
    queryKey: classroomKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getClassrooms(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useClassrooms(filters: ClassroomListFilters) {
  return useInfiniteQuery(classroomsInfiniteQueryOptions(filters));
}

import type { MyClassroomList } from '@school/contract/learning';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { learningKeys, learningListPaging, learningPageSize, type Viewer } from './learning-keys';

/** GET /api/learning/classrooms: the learner's classrooms, last studied first. */
export function getMyClassrooms(page: number, signal?: AbortSignal): Promise<MyClassroomList> {
  return apiClient.get<MyClassroomList>(apiPaths.myClassrooms, { query: { page, pageSize: learningPageSize }, signal });
}

export function myClassroomsQueryOptions(viewer: Viewer) {
  return infiniteQueryOptions({
    queryKey: learningKeys.classrooms(viewer),
    queryFn: ({ pageParam, signal }) => getMyClassrooms(pageParam, signal),
    ...learningListPaging,
  });
}

export function useMyClassrooms() {
  return useInfiniteQuery(myClassroomsQueryOptions(useSessionUser()?.id ?? 0));
}

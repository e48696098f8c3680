import type { ClassroomDetail } from '@school/contract/classrooms';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { classroomKeys } from './classroom-keys';

/**
 * GET /api/classrooms/{uid}. Silent: the screen shows not-found and not-published states
 * itself instead of a passing notice.
 */
export function getClassroom(uid: string, signal?: AbortSignal): Promise<ClassroomDetail> {
  return apiClient.get<ClassroomDetail>(apiPaths.classroom(uid), { signal, silent: true });
}

export function classroomQueryOptions(uid: string) {
  return queryOptions({
    queryKey: classroomKeys.detail(uid),
    queryFn: ({ signal }) => getClassroom(uid, signal),
  });
}

export function useClassroom(uid: string) {
  return useQuery(classroomQueryOptions(uid));
}

import type { ThreadDetail } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/**
 * GET /api/courses/{uid}/threads/{id} (members only): a question with its answers, oldest first.
 * Silent: a missing thread or a refused member is the screen's own state, not a passing notice.
 */
export function getCourseThread(uid: string, id: number, signal?: AbortSignal): Promise<ThreadDetail> {
  return apiClient.get<ThreadDetail>(apiPaths.courseThread(uid, id), { signal, silent: true });
}

export function courseThreadQueryOptions(uid: string, id: number) {
  return queryOptions({
    queryKey: courseKeys.thread(uid, id),
    queryFn: ({ signal }) => getCourseThread(uid, id, signal),
  });
}

export function useCourseThread(uid: string, id: number, enabled = true) {
  return useQuery({ ...courseThreadQueryOptions(uid, id), enabled });
}

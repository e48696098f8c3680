import { examTakingPaths } from '@school/contract/exam-taking-paths';
import type { Attempt } from '@school/contract/exam-taking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { examTakingKeys } from './exam-taking-keys';

/** GET /api/lessons/{lessonId}/homework/{id}: the homework and the caller's attempt (made on first open). */
export function getHomework(lessonId: number, id: number, signal?: AbortSignal): Promise<Attempt> {
  return apiClient.get<Attempt>(examTakingPaths.homework(lessonId, id), { signal, silent: true });
}

export function homeworkQueryOptions(lessonId: number, id: number, viewer: number) {
  return queryOptions({
    queryKey: examTakingKeys.homework(lessonId, id, viewer),
    queryFn: ({ signal }) => getHomework(lessonId, id, signal),
    // As the exam attempt: read once, the screen and the journal own the answers afterwards.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useHomework(lessonId: number, id: number) {
  const viewer = useSessionUser()?.id ?? 0;
  const valid = Number.isInteger(lessonId) && lessonId > 0 && Number.isInteger(id) && id > 0;
  return useQuery({ ...homeworkQueryOptions(lessonId, id, viewer), enabled: valid });
}

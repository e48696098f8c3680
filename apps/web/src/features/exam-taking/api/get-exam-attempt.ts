import { examTakingPaths } from '@school/contract/exam-taking-paths';
import type { Attempt } from '@school/contract/exam-taking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/use-session-user';
import { examTakingKeys } from './exam-taking-keys';

/**
 * The learner's open attempt at an exam: GET …/attempts/current, and when there is none (404
 * examAnswerNotFound) POST …/attempts to start one. Silent: a refusal (not started, attempts
 * used up…) is a screen state with the server's reason.
 */
export async function getOrStartExamAttempt(uid: string, signal?: AbortSignal): Promise<Attempt> {
  try {
    return await apiClient.get<Attempt>(examTakingPaths.examCurrentAttempt(uid), { signal, silent: true });
  } catch (error) {
    if (!isApiError(error) || error.code !== 'examAnswerNotFound') throw error;
    return apiClient.post<Attempt>(examTakingPaths.examAttempts(uid), { signal, silent: true });
  }
}

export function examAttemptQueryOptions(uid: string, viewer: number) {
  return queryOptions({
    queryKey: examTakingKeys.examAttempt(uid, viewer),
    queryFn: ({ signal }) => getOrStartExamAttempt(uid, signal),
    // Read once: the answers live in the screen and the journal from then on, and a refetch
    // must never start a second attempt or overwrite what the learner is typing.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useExamAttempt(uid: string) {
  const viewer = useSessionUser()?.id ?? 0;
  return useQuery({ ...examAttemptQueryOptions(uid, viewer), enabled: uid !== '' });
}

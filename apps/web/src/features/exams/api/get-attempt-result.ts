import { examTakingPaths } from '@school/contract/exam-taking-paths';
import type { AttemptResult } from '@school/contract/exam-taking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { examKeys } from './exam-keys';

/** GET /api/attempts/{id}/result. Silent: the result screen explains a missing result itself. */
export function getAttemptResult(attemptId: number, signal?: AbortSignal): Promise<AttemptResult> {
  return apiClient.get<AttemptResult>(examTakingPaths.attemptResult(attemptId), { signal, silent: true });
}

export function attemptResultQueryOptions(attemptId: number) {
  return queryOptions({
    queryKey: examKeys.result(attemptId),
    queryFn: ({ signal }) => getAttemptResult(attemptId, signal),
  });
}

/** Waits (disabled) until the attempt is known: the screen may first read it from the exam detail. */
export function useAttemptResult(attemptId: number | null) {
  return useQuery({ ...attemptResultQueryOptions(attemptId ?? 0), enabled: attemptId !== null });
}

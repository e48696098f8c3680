import { examTakingPaths } from '@school/contract/exam-taking-paths';
import type { AttemptResult } from '@school/contract/exam-taking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { examKeys } from './exam-keys';

/** POST /api/attempts/{id}/submit with giveUp: the open attempt is submitted as it stands. */
export function postGiveUp(attemptId: number): Promise<AttemptResult> {
  return apiClient.post<AttemptResult>(examTakingPaths.attemptSubmit(attemptId), { json: { giveUp: true } });
}

export function useGiveUpAttempt(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: number) => postGiveUp(attemptId),
    // The answer is the result: the result screen need not ask again.
    onSuccess: (result) => client.setQueryData(examKeys.result(result.id), result),
    // Refused or not, the detail's attempts have changed (the server may have submitted it itself).
    onSettled: () => client.invalidateQueries({ queryKey: examKeys.detail(uid) }),
  });
}

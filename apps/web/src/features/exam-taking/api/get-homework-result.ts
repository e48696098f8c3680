import { examTakingPaths } from '@school/contract/exam-taking-paths';
import type { AttemptResult } from '@school/contract/exam-taking';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { examTakingKeys } from './exam-taking-keys';

/**
 * GET /api/attempts/{id}/result of handed-in homework: its score, or that the teacher has not
 * scored it yet, and each question's points and comment. Silent: the answers show without it.
 */
export function useHomeworkResult(attemptId: number, submitted: boolean) {
  return useQuery({
    queryKey: examTakingKeys.homeworkResult(attemptId),
    queryFn: ({ signal }) =>
      apiClient.get<AttemptResult>(examTakingPaths.attemptResult(attemptId), { signal, silent: true }),
    enabled: submitted,
  });
}

import { examTakingPaths } from '@school/contract/exam-taking-paths';
import type { AttemptResult } from '@school/contract/exam-taking';
import { apiClient } from '../../../lib/api-client';

/** POST /api/attempts/{id}/submit. Not silent: a refusal shows the server's reason. */
export function submitAttempt(attemptId: number): Promise<AttemptResult> {
  return apiClient.post<AttemptResult>(examTakingPaths.attemptSubmit(attemptId), { json: { giveUp: false } });
}

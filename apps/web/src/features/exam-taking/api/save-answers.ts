import { examTakingPaths } from '@school/contract/exam-taking-paths';
import type { AnswerSavesResult, SavedAnswer } from '@school/contract/exam-taking';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/attempts/{id}/answers. Silent: saves run in the background; a failure stays in the
 * journal and is sent again, shown only by the save status. `keepalive` lets the saves sent as
 * the page is hidden still arrive.
 */
export function postAnswers(
  attemptId: number,
  saves: SavedAnswer[],
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<AnswerSavesResult> {
  return apiClient.post<AnswerSavesResult>(examTakingPaths.attemptAnswers(attemptId), {
    json: { saves },
    silent: true,
    keepalive,
  });
}

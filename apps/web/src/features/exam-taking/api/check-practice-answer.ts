import type { PracticeCheck, PracticeCheckResult } from '@school/contract/wrong-answers';
import { wrongAnswerPaths } from '@school/contract/wrong-answer-paths';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/me/wrong-answers/practice/check: scored on the server, recorded nowhere. */
export function checkPracticeAnswer(check: PracticeCheck): Promise<PracticeCheckResult> {
  return apiClient.post<PracticeCheckResult>(wrongAnswerPaths.practiceCheck, { json: check });
}

export function useCheckPracticeAnswer() {
  return useMutation({ mutationFn: checkPracticeAnswer });
}

import type { ExamMembership } from '@school/contract/exams';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { examKeys } from './exam-keys';

/** POST /api/exams/{uid}/join: a free, published exam makes the caller a member at once. */
export function postExamJoin(uid: string): Promise<ExamMembership> {
  return apiClient.post<ExamMembership>(apiPaths.examJoin(uid));
}

export function useJoinExam(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => postExamJoin(uid),
    // Refetch on a refusal too: "already a member" or "ended" means our copy is out of date.
    onSettled: () => client.invalidateQueries({ queryKey: examKeys.detail(uid) }),
  });
}

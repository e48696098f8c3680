import type { ExamMembership } from '@school/contract/exams';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { examKeys } from './exam-keys';

/*
 * What the learner holds (lib/use-owned-products.ts, the catalogue cards' Joined) is asked again
 * after a join. Its key is spelled here rather than imported: the detail screen would otherwise
 * download that module with its first screen.
 */
const ownedProductsKey = ['learning', 'owned'];

/** POST /api/exams/{uid}/join: a free, published exam makes the caller a member at once. */
export function postExamJoin(uid: string): Promise<ExamMembership> {
  return apiClient.post<ExamMembership>(apiPaths.examJoin(uid));
}

export function useJoinExam(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => postExamJoin(uid),
    // Refetch on a refusal too: "already a member" or "ended" means our copy is out of date.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: examKeys.detail(uid) }),
        client.invalidateQueries({ queryKey: ownedProductsKey }),
      ]),
  });
}

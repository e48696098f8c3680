import type { PracticeRound } from '@school/contract/wrong-answers';
import { wrongAnswerPaths } from '@school/contract/wrong-answer-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { examTakingKeys } from './exam-taking-keys';

/** GET /api/me/wrong-answers/practice: the book's questions (one exam's with `exam`), without their answers. */
export function getPracticeRound(exam: string | undefined, signal?: AbortSignal): Promise<PracticeRound> {
  return apiClient.get<PracticeRound>(wrongAnswerPaths.practice, { query: { exam }, signal });
}

export function practiceRoundQueryOptions(exam: string | undefined, viewer: number) {
  return queryOptions({
    queryKey: examTakingKeys.practice(exam, viewer),
    queryFn: ({ signal }) => getPracticeRound(exam, signal),
    // One round per visit: a refetch in the middle would reorder the questions being answered.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function usePracticeRound(exam: string | undefined) {
  const viewer = useSessionUser()?.id ?? 0;
  return useQuery(practiceRoundQueryOptions(exam, viewer));
}

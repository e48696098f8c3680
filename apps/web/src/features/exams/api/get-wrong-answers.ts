import type { WrongAnswerBook } from '@school/contract/wrong-answers';
import { wrongAnswerPaths } from '@school/contract/wrong-answer-paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useStaleOnLeave } from '../../../lib/use-stale-on-leave';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { examKeys } from './exam-keys';

export const wrongAnswerPageSize = 10;

/** GET /api/me/wrong-answers: newest mistakes first, one exam's with `exam`. */
export function getWrongAnswers(
  exam: string | undefined,
  page: number,
  signal?: AbortSignal,
): Promise<WrongAnswerBook> {
  return apiClient.get<WrongAnswerBook>(wrongAnswerPaths.book, {
    query: { exam, page, pageSize: wrongAnswerPageSize },
    signal,
  });
}

export function wrongAnswersQueryOptions(exam: string | undefined) {
  return infiniteQueryOptions({
    queryKey: examKeys.wrongAnswers(exam),
    queryFn: ({ pageParam, signal }) => getWrongAnswers(exam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useWrongAnswers(exam: string | undefined) {
  // A submitted or reviewed attempt changes the book: coming back asks again.
  useStaleOnLeave(examKeys.wrongAnswers(exam));
  return useInfiniteQuery(wrongAnswersQueryOptions(exam));
}

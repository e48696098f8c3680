import type { WrongAnswerBook } from '@school/contract/wrong-answers';
import { wrongAnswerPaths } from '@school/contract/wrong-answer-paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { nextPageParam } from '../../../components/catalogue/page-param';

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

/*
 * Its own keys rather than examKeys': sharing that module with the exam screens would split it
 * into a chunk of its own, one more file name in the first screen's code (decision 022).
 */
const wrongAnswerKeys = (exam: string | undefined) => ['exams', 'wrong-answers', { exam }] as const;

export function wrongAnswersQueryOptions(exam: string | undefined) {
  return infiniteQueryOptions({
    queryKey: wrongAnswerKeys(exam),
    queryFn: ({ pageParam, signal }) => getWrongAnswers(exam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // A submitted or reviewed attempt changes the book: every visit asks again.
    refetchOnMount: 'always',
  });
}

export function useWrongAnswers(exam: string | undefined) {
  return useInfiniteQuery(wrongAnswersQueryOptions(exam));
}

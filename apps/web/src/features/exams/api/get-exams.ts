import type { ExamList } from '@school/contract/exams';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { examKeys } from './exam-keys';
import { nextPageParam } from '../../../components/catalogue/page-param';

export const examPageSize = 10;

/** GET /api/exams: soonest start first, then newest. */
export function getExams(keyword: string | undefined, page: number, signal?: AbortSignal): Promise<ExamList> {
  return apiClient.get<ExamList>(apiPaths.exams, { query: { keyword, page, pageSize: examPageSize }, signal });
}

export function examsInfiniteQueryOptions(keyword?: string) {
  return infiniteQueryOptions({
    queryKey: examKeys.list(keyword),
    queryFn: ({ pageParam, signal }) => getExams(keyword, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useExams(keyword?: string) {
  return useInfiniteQuery(examsInfiniteQueryOptions(keyword));
}

import type { MyExamList } from '@school/contract/learning';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { learningKeys, learningListPaging, learningPageSize, type Viewer } from './learning-keys';

/** GET /api/learning/exams: the exams the learner entered, latest first. */
export function getMyExams(page: number, signal?: AbortSignal): Promise<MyExamList> {
  return apiClient.get<MyExamList>(apiPaths.myExams, { query: { page, pageSize: learningPageSize }, signal });
}

export function myExamsQueryOptions(viewer: Viewer) {
  return infiniteQueryOptions({
    queryKey: learningKeys.exams(viewer),
    queryFn: ({ pageParam, signal }) => getMyExams(pageParam, signal),
    ...learningListPaging,
  });
}

export function useMyExams() {
  return useInfiniteQuery(myExamsQueryOptions(useSessionUser()?.id ?? 0));
}

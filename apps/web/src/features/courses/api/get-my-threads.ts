import type { MyThreadList, MyThreadRole } from '@school/contract/courses';
import { myWritingPaths } from '@school/contract/my-writing-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/me/threads?role=: the questions the learner asked, or answered, across courses. */
export function useMyThreads(role: MyThreadRole) {
  return useInfiniteQuery({
    queryKey: courseKeys.myThreadsAs(role),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<MyThreadList>(myWritingPaths.threads, { query: { role, page: pageParam, pageSize: 10 }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

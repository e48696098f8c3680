import type { MyNoteList } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/me/notes: the learner's notes across courses, newest first, each with its course. */
export function useMyNotes() {
  return useInfiniteQuery({
    queryKey: courseKeys.myNotes(),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<MyNoteList>(apiPaths.myNotes, { query: { page: pageParam, pageSize: 10 }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

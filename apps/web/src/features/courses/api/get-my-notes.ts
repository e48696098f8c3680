import type { MyNoteList } from '@school/contract/courses';
import { myWritingPaths } from '@school/contract/my-writing-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/me/notes: the learner's notes across courses, newest first, each with its course. */
export function useMyNotes() {
  return useInfiniteQuery({
    queryKey: courseKeys.myNotes(),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<MyNoteList>(myWritingPaths.notes, { query: { page: pageParam, pageSize: 10 }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

import type { CourseNoteList } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/courses/{uid}/notes (members only): the caller's own notes on the course, newest first. */
export function getCourseNotes(uid: string, page: number, signal?: AbortSignal): Promise<CourseNoteList> {
  return apiClient.get<CourseNoteList>(apiPaths.courseNotes(uid), { query: { page, pageSize: 10 }, signal });
}

export function courseNotesInfiniteQueryOptions(uid: string) {
  return infiniteQueryOptions({
    queryKey: courseKeys.notes(uid),
    queryFn: ({ pageParam, signal }) => getCourseNotes(uid, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** Members only: mount the caller only for a viewer who may be one (403 notCourseMember). */
export function useCourseNotes(uid: string) {
  return useInfiniteQuery(courseNotesInfiniteQueryOptions(uid));
}

import type { Comment } from '@school/contract/catalogue';
import type { Page } from '@school/contract/common';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

export const commentPageSize = 10;

/** GET /api/courses/{uid}/comments: newest first. */
export function getCourseComments(uid: string, page: number, signal?: AbortSignal): Promise<Page<Comment>> {
  return apiClient.get<Page<Comment>>(apiPaths.courseComments(uid), {
    query: { page, pageSize: commentPageSize },
    signal,
  });
}

export function courseCommentsInfiniteQueryOptions(uid: string) {
  return infiniteQueryOptions({
    queryKey: courseKeys.comments(uid),
    queryFn: ({ pageParam, signal }) => getCourseComments(uid, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useCourseComments(uid: string, enabled = true) {
  return useInfiniteQuery({ ...courseCommentsInfiniteQueryOptions(uid), enabled });
}

import type { Comment, CommentSummary } from '@school/contract/catalogue';
import type { Page } from '@school/contract/common';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { classroomKeys } from './classroom-keys';
import { nextPageParam } from '../../../components/catalogue/page-param';

export const classroomCommentPageSize = 10;

/** GET /api/classrooms/{uid}/comments: newest first. */
export function getClassroomComments(
  uid: string,
  page: number,
  pageSize = classroomCommentPageSize,
  signal?: AbortSignal,
): Promise<Page<Comment>> {
  return apiClient.get<Page<Comment>>(apiPaths.classroomComments(uid), { query: { page, pageSize }, signal });
}

export function classroomCommentsInfiniteQueryOptions(uid: string) {
  return infiniteQueryOptions({
    queryKey: classroomKeys.comments(uid),
    queryFn: ({ pageParam, signal }) => getClassroomComments(uid, pageParam, classroomCommentPageSize, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useClassroomComments(uid: string, enabled = true) {
  return useInfiniteQuery({ ...classroomCommentsInfiniteQueryOptions(uid), enabled });
}

/** GET /api/classrooms/{uid}/comments/summary: the average and whether the caller may comment. */
export function getClassroomCommentSummary(uid: string, signal?: AbortSignal): Promise<CommentSummary> {
  return apiClient.get<CommentSummary>(apiPaths.classroomCommentSummary(uid), { signal });
}

export function classroomCommentSummaryQueryOptions(uid: string) {
  return queryOptions({
    queryKey: classroomKeys.commentSummary(uid),
    queryFn: ({ signal }) => getClassroomCommentSummary(uid, signal),
  });
}

export function useClassroomCommentSummary(uid: string, enabled = true) {
  return useQuery({ ...classroomCommentSummaryQueryOptions(uid), enabled });
}

import type { CommentSummary } from '@school/contract/catalogue';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { courseKeys, type Viewer } from './course-keys';

/** GET /api/courses/{uid}/comments/summary: the average and whether the caller may comment. */
export function getCourseCommentSummary(uid: string, signal?: AbortSignal): Promise<CommentSummary> {
  return apiClient.get<CommentSummary>(apiPaths.courseCommentSummary(uid), { signal });
}

export function courseCommentSummaryQueryOptions(uid: string, viewer: Viewer) {
  return queryOptions({
    queryKey: courseKeys.commentSummary(uid, viewer),
    queryFn: ({ signal }) => getCourseCommentSummary(uid, signal),
  });
}

export function useCourseCommentSummary(uid: string) {
  const viewer = useSessionUser()?.id ?? 0;
  return useQuery(courseCommentSummaryQueryOptions(uid, viewer));
}

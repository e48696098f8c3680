import type { CourseDetail } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { courseKeys, type Viewer } from './course-keys';

/**
 * GET /api/courses/{uid}. Silent: an unpublished (403) or missing (404) course is a screen of
 * its own, not a passing notice.
 */
export function getCourse(uid: string, signal?: AbortSignal): Promise<CourseDetail> {
  return apiClient.get<CourseDetail>(apiPaths.course(uid), { signal, silent: true });
}

export function courseQueryOptions(uid: string, viewer: Viewer) {
  return queryOptions({
    queryKey: courseKeys.info(uid, viewer),
    queryFn: ({ signal }) => getCourse(uid, signal),
  });
}

/** The course as the signed-in learner (or a visitor) sees it: membership differs per viewer. */
export function useCourse(uid: string) {
  const viewer = useSessionUser()?.id ?? 0;
  return useQuery(courseQueryOptions(uid, viewer));
}

import type { CourseLecture, CourseLectureList } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/courses/{uid}/lectures (members only): course materials, each opening on its own screen. */
export async function getCourseLectures(uid: string, signal?: AbortSignal): Promise<CourseLecture[]> {
  const list = await apiClient.get<CourseLectureList>(apiPaths.courseLectures(uid), { signal });
  return list.items;
}

export function courseLecturesQueryOptions(uid: string) {
  return queryOptions({
    queryKey: courseKeys.lectures(uid),
    queryFn: ({ signal }) => getCourseLectures(uid, signal),
  });
}

/** Members only: mount the caller only for a viewer who may be one (403 notCourseMember). */
export function useCourseLectures(uid: string) {
  return useQuery(courseLecturesQueryOptions(uid));
}

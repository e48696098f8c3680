import type { LectureDetail } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** GET /api/courses/{uid}/lectures/{id} (members only): one lecture and how it opens. Silent: the screen shows why not. */
export function getCourseLecture(uid: string, id: number, signal?: AbortSignal): Promise<LectureDetail> {
  return apiClient.get<LectureDetail>(apiPaths.courseLecture(uid, id), { signal, silent: true });
}

export function courseLectureQueryOptions(uid: string, id: number) {
  return queryOptions({
    queryKey: courseKeys.lecture(uid, id),
    queryFn: ({ signal }) => getCourseLecture(uid, id, signal),
  });
}

export function useCourseLecture(uid: string, id: number, enabled = true) {
  return useQuery({ ...courseLectureQueryOptions(uid, id), enabled });
}

import type { AnnouncementList } from '@school/contract/classrooms';
import { apiPaths } from '@school/contract/paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { classroomKeys } from './classroom-keys';
import { nextPageParam } from '../../../components/catalogue/page-param';

export const announcementPageSize = 20;

/** GET /api/classrooms/{uid}/announcements: newest first. */
export function getClassroomAnnouncements(
  uid: string,
  page: number,
  pageSize = announcementPageSize,
  signal?: AbortSignal,
): Promise<AnnouncementList> {
  return apiClient.get<AnnouncementList>(apiPaths.classroomAnnouncements(uid), { query: { page, pageSize }, signal });
}

export function classroomAnnouncementsInfiniteQueryOptions(uid: string) {
  return infiniteQueryOptions({
    queryKey: classroomKeys.announcements(uid),
    queryFn: ({ pageParam, signal }) => getClassroomAnnouncements(uid, pageParam, announcementPageSize, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useClassroomAnnouncements(uid: string, enabled = true) {
  return useInfiniteQuery({ ...classroomAnnouncementsInfiniteQueryOptions(uid), enabled });
}

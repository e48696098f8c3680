import type { AnnouncementDetail } from '@school/contract/classrooms';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { classroomKeys } from './classroom-keys';

/** GET /api/classrooms/{uid}/announcements/{id}. Silent: the screen shows its not-found state. */
export function getClassroomAnnouncement(uid: string, id: number, signal?: AbortSignal): Promise<AnnouncementDetail> {
  return apiClient.get<AnnouncementDetail>(apiPaths.classroomAnnouncement(uid, id), { signal, silent: true });
}

export function classroomAnnouncementQueryOptions(uid: string, id: number) {
  return queryOptions({
    queryKey: classroomKeys.announcement(uid, id),
    queryFn: ({ signal }) => getClassroomAnnouncement(uid, id, signal),
  });
}

export function useClassroomAnnouncement(uid: string, id: number) {
  return useQuery({ ...classroomAnnouncementQueryOptions(uid, id), enabled: Number.isInteger(id) && id > 0 });
}

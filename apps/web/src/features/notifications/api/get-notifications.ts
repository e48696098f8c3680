import type { NotificationList } from '@school/contract/notifications';
import { notificationPaths } from '@school/contract/notification-paths';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { notificationKeys, notificationPageSize, notificationPaging, type Viewer } from './notification-keys';

/** GET /api/notifications: the learner's notifications, newest first. */
export function getNotifications(page: number, signal?: AbortSignal): Promise<NotificationList> {
  return apiClient.get<NotificationList>(notificationPaths.list, {
    query: { page, pageSize: notificationPageSize },
    signal,
  });
}

export function notificationsQueryOptions(viewer: Viewer) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(viewer),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    ...notificationPaging,
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions(useSessionUser()?.id ?? 0));
}

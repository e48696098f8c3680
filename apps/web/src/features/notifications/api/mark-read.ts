import type { UnreadCount } from '@school/contract/notifications';
import { notificationPaths } from '@school/contract/notification-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { notificationKeys } from './notification-keys';

/**
 * POST /api/notifications/{id}/read, or …/read-all without an id. The answer's unread count goes
 * straight to the badge; the list is asked again for the read times.
 */
export function useMarkRead() {
  const client = useQueryClient();
  const viewer = useSessionUser()?.id ?? 0;
  return useMutation({
    mutationFn: (id: number | 'all') =>
      apiClient.post<UnreadCount>(id === 'all' ? notificationPaths.readAll : notificationPaths.read(id)),
    onSuccess: (answer) => {
      client.setQueryData(notificationKeys.unread(viewer), answer);
      void client.invalidateQueries({ queryKey: notificationKeys.list(viewer) });
    },
  });
}

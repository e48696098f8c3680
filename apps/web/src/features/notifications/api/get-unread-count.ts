import type { UnreadCount } from '@school/contract/notifications';
import { notificationPaths } from '@school/contract/notification-paths';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { notificationKeys } from './notification-keys';

/** How often the badge asks while the app is open: a grade or a live lesson shows within a minute. */
const refreshMs = 60_000;

/** GET /api/notifications/unread-count: the Me tab's badge. Asked only while someone is signed in. */
export function useUnreadCount(): number {
  const viewer = useSessionUser()?.id ?? null;
  const query = useQuery({
    queryKey: notificationKeys.unread(viewer ?? 0),
    // Silent: a badge that cannot be read stays as it was, without a notice over the screen.
    queryFn: ({ signal }) => apiClient.get<UnreadCount>(notificationPaths.unreadCount, { signal, silent: true }),
    enabled: viewer !== null,
    staleTime: refreshMs / 2,
    refetchInterval: refreshMs,
  });
  return viewer === null ? 0 : (query.data?.unread ?? 0);
}

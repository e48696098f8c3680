import { calendarPaths, type CalendarFeedCreated, type CalendarFeedState } from '@school/contract/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { learningKeys } from './learning-keys';

/*
 * The learner's calendar feed (docs/product.md#schedule): whether it is on, turning it on or
 * giving it a new URL (answered once: the server keeps only a hash), and turning it off.
 */

export function useCalendarFeed() {
  return useQuery({
    queryKey: learningKeys.calendarFeed(useSessionUser()?.id ?? 0),
    queryFn: ({ signal }) => apiClient.get<CalendarFeedState>(calendarPaths.feed, { signal }),
  });
}

/** POST: a new URL (turns the feed on; the URL before stops). */
export function useNewCalendarFeedUrl() {
  const client = useQueryClient();
  const key = learningKeys.calendarFeed(useSessionUser()?.id ?? 0);
  return useMutation({
    mutationFn: () => apiClient.request<CalendarFeedCreated>(calendarPaths.feed, { method: 'POST' }),
    onSuccess: (created) => client.setQueryData<CalendarFeedState>(key, { on: true, createdAt: created.createdAt }),
  });
}

/** DELETE: the feed off; its URL stops at once. */
export function useTurnCalendarFeedOff() {
  const client = useQueryClient();
  const key = learningKeys.calendarFeed(useSessionUser()?.id ?? 0);
  return useMutation({
    mutationFn: () => apiClient.request<void>(calendarPaths.feed, { method: 'DELETE' }),
    onSuccess: () => client.setQueryData<CalendarFeedState>(key, { on: false, createdAt: null }),
  });
}

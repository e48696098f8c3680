import { schedulePaths, type Schedule } from '@school/contract/schedule';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { learningKeys } from './learning-keys';

/** How far ahead the schedule looks. */
export const scheduleDays = 30;

/** GET /api/learning/schedule: what has a date in what the learner holds, the next 30 days. */
export function useSchedule() {
  return useQuery({
    queryKey: learningKeys.schedule(useSessionUser()?.id ?? 0),
    queryFn: ({ signal }) => apiClient.get<Schedule>(schedulePaths.schedule, { query: { days: scheduleDays }, signal }),
  });
}

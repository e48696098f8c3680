import type { RecentLearning } from '@school/contract/learning';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/*
 * GET /api/learning/recent: where the signed-in learner left off. Kept under the learning
 * centre's prefix (['learning'], learning-center/api/learning-keys.ts; features do not import
 * each other) so what refreshes the centre after an order refreshes this too, and per learner,
 * so one never sees another's.
 */
export function recentLearningQueryOptions(viewer: number) {
  return queryOptions({
    queryKey: ['learning', 'recent', viewer] as const,
    queryFn: ({ signal }) => apiClient.get<RecentLearning>(apiPaths.recentLearning, { signal, silent: true }),
    // Back from a lesson, the place has moved: asked again on every visit to the home.
    staleTime: 0,
  });
}

export function useRecentLearning(viewer: number) {
  return useQuery(recentLearningQueryOptions(viewer));
}

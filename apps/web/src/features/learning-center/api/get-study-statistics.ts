import type { StudyStatistics } from '@school/contract/learning';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { learningKeys, type Viewer } from './learning-keys';

/** GET /api/learning/statistics: the learner's last seven days of study, lessons finished, streak. */
export function getStudyStatistics(signal?: AbortSignal): Promise<StudyStatistics> {
  return apiClient.get<StudyStatistics>(apiPaths.studyStatistics, { signal });
}

export function studyStatisticsQueryOptions(viewer: Viewer) {
  return queryOptions({
    queryKey: learningKeys.statistics(viewer),
    queryFn: ({ signal }) => getStudyStatistics(signal),
    // Study moves while the learner is in a lesson: coming back to the centre asks again.
    staleTime: 0,
  });
}

export function useStudyStatistics() {
  return useQuery(studyStatisticsQueryOptions(useSessionUser()?.id ?? 0));
}

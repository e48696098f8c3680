import type { LessonDetail } from '@school/contract/lessons';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { lessonKeys, type Viewer } from './lesson-keys';

/**
 * GET /api/lessons/{id}. Silent: a missing lesson (404 lessonNotFound) is a screen state, and
 * every refusal arrives inside a 200 answer (`refusal`), explained by the screen.
 */
export function getLesson(id: number, signal?: AbortSignal): Promise<LessonDetail> {
  return apiClient.get<LessonDetail>(apiPaths.lesson(id), { signal, silent: true });
}

export function lessonQueryOptions(id: number, viewer: Viewer) {
  return queryOptions({
    queryKey: lessonKeys.info(id, viewer),
    queryFn: ({ signal }) => getLesson(id, signal),
    // A lesson left open in a background tab must not jump when the learner comes back: the
    // player reads the position it opened with, and refreshes after a report changes the status.
    refetchOnWindowFocus: false,
  });
}

/** The lesson as the signed-in learner (or a visitor) sees it. */
export function useLesson(id: number) {
  const viewer = useSessionUser()?.id ?? 0;
  return useQuery({ ...lessonQueryOptions(id, viewer), enabled: Number.isInteger(id) && id > 0 });
}

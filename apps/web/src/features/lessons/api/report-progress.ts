import type { LessonProgressReport, LessonProgressResult } from '@school/contract/lessons';
import { apiPaths } from '@school/contract/paths';
import { apiClient } from '../../../lib/api-client';

/**
 * PUT /api/lessons/{id}/progress. Silent: reports run in the background (every 10 s of video),
 * a failure is journaled and replayed, never shown. `keepalive` lets a report sent as the page
 * goes away still arrive.
 */
export function putLessonProgress(
  lessonId: number,
  report: LessonProgressReport,
  { keepalive = false }: { keepalive?: boolean } = {},
): Promise<LessonProgressResult> {
  return apiClient.put<LessonProgressResult>(apiPaths.lessonProgress(lessonId), {
    json: report,
    silent: true,
    keepalive,
  });
}

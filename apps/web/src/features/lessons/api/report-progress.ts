import type { LessonProgressReport, LessonProgressResult } from '@school/contract/lessons';
import { apiPaths } from '@school/contract/paths';
import { apiClient } from '../../../lib/api-client';

/**
 * PUT /api/lessons/{id}/progress. Silent: reports run in the background (every 10 s of video),
 * a failure is journaled and replayed, never shown. Always `keepalive`: a report under way
 * when the learner leaves the page still arrives (its body is a few dozen bytes, far below
 * the browser's 64 KB for such requests).
 */
export function putLessonProgress(lessonId: number, report: LessonProgressReport): Promise<LessonProgressResult> {
  return apiClient.put<LessonProgressResult>(apiPaths.lessonProgress(lessonId), {
    json: report,
    silent: true,
    keepalive: true,
  });
}

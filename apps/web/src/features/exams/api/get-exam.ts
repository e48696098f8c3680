import type { ExamDetail } from '@school/contract/exams';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useStaleOnLeave } from '../../../lib/use-stale-on-leave';
import { examKeys } from './exam-keys';

/**
 * GET /api/exams/{uid}. Silent: the screen shows not-found and not-published states itself
 * instead of a passing notice.
 */
export function getExam(uid: string, signal?: AbortSignal): Promise<ExamDetail> {
  return apiClient.get<ExamDetail>(apiPaths.exam(uid), { signal, silent: true });
}

export function examQueryOptions(uid: string) {
  return queryOptions({
    queryKey: examKeys.detail(uid),
    queryFn: ({ signal }) => getExam(uid, signal),
  });
}

/** `enabled` false: not asked (the result screen reads it only when the address names no attempt). */
export function useExam(uid: string, enabled = true) {
  // The learner's attempts change on other screens (started, submitted, given up by time):
  // coming back to the detail asks again, so its actions are never a step behind.
  useStaleOnLeave(examKeys.detail(uid), enabled);
  return useQuery({ ...examQueryOptions(uid), enabled });
}

import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { learningKeys } from './learning-keys';

export type QuitKind = 'course' | 'classroom';

/*
 * Everything that says whether the learner holds a product: the learning centre's lists, its
 * statistics, the Joined badges (['learning', 'owned']) and the home's recent courses all sit
 * under ['learning']; the detail pages and the lessons hold the membership too. Their keys are
 * spelled here: features do not import each other.
 */
const holdingKeys = [learningKeys.all, ['courses'], ['classrooms'], ['lessons']] as const;

/** DELETE /api/courses|classrooms/{uid}/membership: quits a free course or classroom (204, idempotent). */
export function deleteMembership(kind: QuitKind, uid: string): Promise<void> {
  return apiClient.request<void>(
    kind === 'course' ? apiPaths.courseMembership(uid) : apiPaths.classroomMembership(uid),
    { method: 'DELETE' },
  );
}

export function useQuitMembership(kind: QuitKind, uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteMembership(kind, uid),
    onSettled: () => Promise.all(holdingKeys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

import type { ClassroomMembership } from '@school/contract/classrooms';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { classroomKeys } from './classroom-keys';

/*
 * What the learner holds (lib/use-owned-products.ts, the catalogue cards' Joined) is asked again
 * after a join. Its key is spelled here rather than imported: the detail screen would otherwise
 * download that module with its first screen.
 */
const ownedProductsKey = ['learning', 'owned'];

/** POST /api/classrooms/{uid}/join: a free classroom with enrolment open makes the caller a member. */
export function postClassroomJoin(uid: string): Promise<ClassroomMembership> {
  return apiClient.post<ClassroomMembership>(apiPaths.classroomJoin(uid));
}

export function useJoinClassroom(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => postClassroomJoin(uid),
    // Membership changes the detail (buttons, progress, member-only counts) and the comment
    // summary (a member may now rate): refetch everything under this classroom. On a refusal too,
    // since it usually means the enrolment state moved on (ended, full, already a member).
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: classroomKeys.detail(uid) }),
        client.invalidateQueries({ queryKey: ownedProductsKey }),
      ]),
  });
}

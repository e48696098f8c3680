import type { CourseMembership } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/*
 * What the learner holds (lib/use-owned-products.ts, the catalogue cards' Joined) is asked again
 * after a join. Its key is spelled here rather than imported: the detail screen would otherwise
 * download that module with its first screen.
 */
const ownedProductsKey = ['learning', 'owned'];

/** POST /api/courses/{uid}/join: a free, published course makes the caller a member at once. */
export function postJoinCourse(uid: string): Promise<CourseMembership> {
  return apiClient.post<CourseMembership>(apiPaths.courseJoin(uid));
}

export function useJoinCourse(uid: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: courseKeys.detail(uid) }),
      queryClient.invalidateQueries({ queryKey: ownedProductsKey }),
    ]);
  return useMutation({
    mutationFn: () => postJoinCourse(uid),
    onSuccess: refresh,
    onError: (error) => {
      // Already a member (joined in another tab): the page is just out of date.
      if (isApiError(error) && error.code === 'memberExisted') void refresh();
    },
  });
}

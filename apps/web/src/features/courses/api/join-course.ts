import type { CourseMembership } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/** POST /api/courses/{uid}/join: a free, published course makes the caller a member at once. */
export function postJoinCourse(uid: string): Promise<CourseMembership> {
  return apiClient.post<CourseMembership>(apiPaths.courseJoin(uid));
}

export function useJoinCourse(uid: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.detail(uid) });
  return useMutation({
    mutationFn: () => postJoinCourse(uid),
    onSuccess: refresh,
    onError: (error) => {
      // Already a member (joined in another tab): the page is just out of date.
      if (isApiError(error) && error.code === 'memberExisted') void refresh();
    },
  });
}

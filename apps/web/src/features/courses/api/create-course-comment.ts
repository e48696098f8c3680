import type { Comment, CommentCreate } from '@school/contract/catalogue';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/**
 * POST /api/courses/{uid}/comments: members only, one per learner (409 courseCommentExisted).
 * Silent: the form shows field errors beside the fields and hands other failures to the notice.
 */
export function postCourseComment(uid: string, body: CommentCreate): Promise<Comment> {
  return apiClient.post<Comment>(apiPaths.courseComments(uid), { json: body, silent: true });
}

export function useCreateCourseComment(uid: string) {
  const queryClient = useQueryClient();
  // The list, the average and "may comment" all change; the course's rating score too.
  const refresh = () => queryClient.invalidateQueries({ queryKey: courseKeys.detail(uid) });
  return useMutation({
    mutationFn: (body: CommentCreate) => postCourseComment(uid, body),
    onSuccess: refresh,
    onError: (error) => {
      // A duplicate (another tab commented first): the notice said so; the form should go away.
      if (isApiError(error) && error.code === 'courseCommentExisted') void refresh();
    },
  });
}

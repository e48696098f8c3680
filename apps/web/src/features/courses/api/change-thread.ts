import type { CourseThread, ThreadCreate, ThreadPost, ThreadPostCreate } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { courseKeys } from './course-keys';

/*
 * PUT and DELETE of the learner's own question (`…/threads/{id}`) or answer
 * (`…/threads/{id}/posts/{postId}`); someone else's is 403 noPermissionModifyComment. Silent: the
 * form puts a refusal on its field, or else shows the notice. Either changes the board and the
 * question's page.
 */
function useOwnWriting<Body, Answer>(uid: string, path: string) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: courseKeys.threads(uid) });
  const update = useMutation({
    mutationFn: (body: Body) => apiClient.put<Answer>(path, { json: body, silent: true }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => apiClient.request<void>(path, { method: 'DELETE', silent: true }),
    onSuccess,
  });
  return { update, remove };
}

export const useOwnQuestion = (uid: string, threadId: number) =>
  useOwnWriting<ThreadCreate, CourseThread>(uid, apiPaths.courseThread(uid, threadId));

export const useOwnAnswer = (uid: string, threadId: number, postId: number) =>
  useOwnWriting<ThreadPostCreate, ThreadPost>(uid, `${apiPaths.courseThreadPosts(uid, threadId)}/${postId}`);

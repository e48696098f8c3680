import type { Comment, CommentCreate } from '@school/contract/catalogue';
import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { classroomKeys } from './classroom-keys';

/**
 * POST /api/classrooms/{uid}/comments: members only, once each. Silent: the form shows field
 * errors beside the fields and hands other failures to the notice itself.
 */
export function postClassroomComment(uid: string, body: CommentCreate): Promise<Comment> {
  return apiClient.post<Comment>(apiPaths.classroomComments(uid), { json: body, silent: true });
}

export function useCreateClassroomComment(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CommentCreate) => postClassroomComment(uid, body),
    // The new comment changes the list, the summary (average, canComment) and the detail's rating.
    onSuccess: () => client.invalidateQueries({ queryKey: classroomKeys.detail(uid) }),
  });
}

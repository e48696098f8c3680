import type { Comment, CommentCreate } from '@school/contract/catalogue';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * PUT and DELETE of the learner's own rating of a course or classroom (`…/comments/{id}`; someone
 * else's is 403 noPermissionModifyComment). Silent: the form puts a refusal on its field, or else
 * shows the notice. Either changes the list, the average and "may comment": `refresh` is the
 * product's query key that holds them all.
 */
export function useOwnComment(path: string, refresh: QueryKey) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: refresh });
  const update = useMutation({
    mutationFn: (body: CommentCreate) => apiClient.put<Comment>(path, { json: body, silent: true }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => apiClient.request<void>(path, { method: 'DELETE', silent: true }),
    onSuccess,
  });
  return { update, remove };
}

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiClient } from './api-client';

/**
 * PUT and DELETE of something the learner wrote themselves at `path`: a rating
 * (`…/comments/{id}`), a question (`…/threads/{id}`) or an answer (`…/posts/{postId}`); someone
 * else's is 403 noPermissionModifyComment. The rewrite is silent (its form puts a refusal on its
 * field, or else shows the notice); a refused delete's notice is the HTTP client's. Either
 * changes what the `refresh` query keys hold: the list, the counts, "may comment".
 */
export function useOwnWriting<Body, Saved>(path: string, ...refresh: QueryKey[]) {
  const client = useQueryClient();
  const onSuccess = () => Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
  const update = useMutation({
    mutationFn: (body: Body) => apiClient.put<Saved>(path, { json: body, silent: true }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => apiClient.request<void>(path, { method: 'DELETE' }),
    onSuccess,
  });
  return { update, remove };
}

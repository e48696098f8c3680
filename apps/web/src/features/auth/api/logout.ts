import { apiPaths } from '@school/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { authKeys } from './auth-keys';

export function postLogout(): Promise<void> {
  return apiClient.post<void>(apiPaths.logout, { silent: true });
}

/** Signs out on the server and forgets the learner here, even if the server cannot be reached. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogout,
    onSettled: () => {
      session.clear();
      queryClient.removeQueries({ queryKey: authKeys.all });
    },
  });
}

import { accountPaths } from '@school/contract/account-paths';
import type { User } from '@school/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { meKeys } from './me-keys';
import { useSaveUser } from './use-save-user';

/** PUT /api/users/{id}/username: every rule of docs/product.md#validation-rules, then 409 usernameTaken. */
export function putUsername({ userId, username }: { userId: number; username: string }): Promise<User> {
  return apiClient.put<User>(accountPaths.userUsername(userId), { json: { username } });
}

export function useChangeUsername() {
  const save = useSaveUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putUsername,
    onSuccess: (user) => {
      save(user);
      // Earlier answers about names (the old one is free now) are out of date.
      queryClient.removeQueries({ queryKey: [...meKeys.all, 'username-check'] });
    },
  });
}

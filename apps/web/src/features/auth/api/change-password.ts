import { accountPaths } from '@school/contract/account-paths';
import type { PasswordChange } from '@school/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

/** POST /api/users/password: the signed-in learner's new password (their other sessions end). */
export function postPasswordChange(input: PasswordChange): Promise<void> {
  return apiClient.post<void>(accountPaths.passwordChange, { json: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPasswordChange,
    onSuccess: () => queryClient.setQueryData(authKeys.passwordStatus(), { hasPassword: true }),
  });
}

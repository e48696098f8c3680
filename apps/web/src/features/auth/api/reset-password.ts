import { accountPaths } from '@school/contract/account-paths';
import type { PasswordReset } from '@school/contract/users';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * POST /api/users/password/reset: a new password with a `resetPassword` code. Every session
 * of the account ends, this one too when the learner was signed in.
 */
export function postPasswordReset(input: PasswordReset): Promise<void> {
  return apiClient.post<void>(accountPaths.passwordReset, { json: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: postPasswordReset, onSuccess: () => session.clear() });
}

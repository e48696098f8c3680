import { accountPaths } from '@school/contract/account-paths';
import type { LoginResult } from '@school/contract/auth';
import type { RegisterInput } from '@school/contract/register';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useStoreSignedInUser } from './use-store-signed-in-user';

export interface RegisterRequest extends RegisterInput {
  rememberMe: boolean;
}

/** POST /api/register?rememberMe=: creates the account with a `register` code and signs it in. */
export function postRegister({ rememberMe, ...body }: RegisterRequest): Promise<LoginResult> {
  return apiClient.post<LoginResult>(accountPaths.register, { query: { rememberMe }, json: body });
}

export function useRegister() {
  const store = useStoreSignedInUser();
  return useMutation({
    mutationFn: postRegister,
    onSuccess: ({ user }, input) => store(user, input.rememberMe),
  });
}

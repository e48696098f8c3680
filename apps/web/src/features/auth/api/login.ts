import type { LoginResult } from '@school/contract/auth';
import { apiPaths } from '@school/contract/paths';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useStoreSignedInUser } from './use-store-signed-in-user';

export interface PasswordLoginRequest {
  /** Username or phone number. */
  username: string;
  password: string;
  rememberMe: boolean;
}

/** POST /api/login, form-urlencoded as the earlier client sent it (docs/product.md#api-paths). */
export function postLogin(input: PasswordLoginRequest): Promise<LoginResult> {
  return apiClient.post<LoginResult>(apiPaths.login, {
    form: { username: input.username, password: input.password, rememberMe: input.rememberMe },
  });
}

export function useLogin() {
  const store = useStoreSignedInUser();
  return useMutation({
    mutationFn: postLogin,
    onSuccess: ({ user }, input) => store(user, input.rememberMe),
  });
}

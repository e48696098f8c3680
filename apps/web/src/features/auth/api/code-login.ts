import { accountPaths } from '@school/contract/account-paths';
import type { CodeLoginResult } from '@school/contract/register';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useStoreSignedInUser } from './use-store-signed-in-user';

export interface CodeLoginRequest {
  phone: string;
  code: string;
  rememberMe: boolean;
}

/**
 * POST /api/register/code/verify?rememberMe=: logs the phone's account in, or creates it
 * (the same `login` code the quick login left unused).
 */
export function postCodeLogin({ phone, code, rememberMe }: CodeLoginRequest): Promise<CodeLoginResult> {
  return apiClient.post<CodeLoginResult>(accountPaths.registerCodeVerify, {
    query: { rememberMe },
    json: { phone, code },
  });
}

export function useCodeLogin() {
  const store = useStoreSignedInUser();
  return useMutation({
    mutationFn: postCodeLogin,
    onSuccess: ({ user }, input) => store(user, input.rememberMe),
  });
}

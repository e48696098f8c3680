import type { LoginResult } from '@school/contract/auth';
import { apiPaths } from '@school/contract/paths';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useStoreSignedInUser } from './use-store-signed-in-user';

export interface SmsLoginRequest {
  phone: string;
  code: string;
  rememberMe: boolean;
}

/**
 * POST /api/login/sms: phone quick login of an existing account. Silent: a phone without an
 * account (404 userNotFound) is offered a sign-up instead of a warning; the caller shows the
 * notice for every other failure.
 */
export function postSmsLogin(input: SmsLoginRequest): Promise<LoginResult> {
  return apiClient.post<LoginResult>(apiPaths.loginSms, {
    form: { phone: input.phone, code: input.code, rememberMe: input.rememberMe },
    silent: true,
  });
}

export function useSmsLogin() {
  const store = useStoreSignedInUser();
  return useMutation({
    mutationFn: postSmsLogin,
    onSuccess: ({ user }, input) => store(user, input.rememberMe),
  });
}

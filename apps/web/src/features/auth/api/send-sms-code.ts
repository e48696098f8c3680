import { accountPaths } from '@school/contract/account-paths';
import type { SmsCodeSent, SmsPurpose } from '@school/contract/sms';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface SendSmsCodeRequest {
  phone: string;
  purpose: SmsPurpose;
}

/** GET /api/users/sms/code?phone=&purpose=: a code for login, sign-up or password reset. */
export function sendSmsCode({ phone, purpose }: SendSmsCodeRequest): Promise<SmsCodeSent> {
  return apiClient.get<SmsCodeSent>(accountPaths.smsCode, { query: { phone, purpose } });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}

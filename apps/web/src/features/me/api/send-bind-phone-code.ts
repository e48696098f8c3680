import { accountPaths } from '@school/contract/account-paths';
import type { SmsCodeSent } from '@school/contract/sms';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/users/send/bind/phone/code: a `bindPhone` code; 409 phoneBound for another's number. */
export function sendBindPhoneCode(phone: string): Promise<SmsCodeSent> {
  return apiClient.post<SmsCodeSent>(accountPaths.sendBindPhoneCode, { json: { phone } });
}

export function useSendBindPhoneCode() {
  return useMutation({ mutationFn: sendBindPhoneCode });
}

import {
  accountSecurityPaths,
  type BindEmail,
  type EmailConfirmed,
  type EmailLinkSent,
} from '@school/contract/account-security';
import type { User } from '@school/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSaveUser } from './use-save-user';

/** POST /api/users/bind/email: mails a link that binds the address when opened. */
export function postBindEmail(input: BindEmail): Promise<EmailLinkSent> {
  return apiClient.post<EmailLinkSent>(accountSecurityPaths.bindEmail, { json: input });
}

export function useSendEmailLink() {
  return useMutation({ mutationFn: postBindEmail });
}

/**
 * POST /api/users/bind/email/confirm: the link's token binds its address. Silent: the confirm
 * screen says what went wrong in place of a passing notice.
 */
export function postConfirmEmail(token: string): Promise<EmailConfirmed> {
  return apiClient.post<EmailConfirmed>(accountSecurityPaths.confirmEmail, { json: { token }, silent: true });
}

/** DELETE /api/users/bind/email */
export function deleteEmail(): Promise<User> {
  return apiClient.request<User>(accountSecurityPaths.bindEmail, { method: 'DELETE' });
}

export function useUnbindEmail() {
  const save = useSaveUser();
  return useMutation({ mutationFn: deleteEmail, onSuccess: save });
}

import { accountSecurityPaths } from '@school/contract/account-security';
import type { User } from '@school/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { authKeys } from './auth-keys';

/** POST /api/users/bind/wechat: the WeChat of an OAuth code becomes the signed-in learner's. */
export function postBindWechat(code: string): Promise<User> {
  return apiClient.post<User>(accountSecurityPaths.bindWechat, { json: { code } });
}

/** DELETE /api/users/bind/wechat: refused (lastSignInMethod) when WeChat is the only way in. */
export function deleteWechat(): Promise<User> {
  return apiClient.request<User>(accountSecurityPaths.bindWechat, { method: 'DELETE' });
}

function useSaveAccount() {
  const queryClient = useQueryClient();
  return (user: User) => {
    session.saveUser(user);
    queryClient.setQueryData(authKeys.currentUser(), user);
  };
}

export function useBindWechat() {
  return useMutation({ mutationFn: postBindWechat, onSuccess: useSaveAccount() });
}

export function useUnbindWechat() {
  return useMutation({ mutationFn: deleteWechat, onSuccess: useSaveAccount() });
}

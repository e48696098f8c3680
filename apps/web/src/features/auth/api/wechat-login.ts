import type { OauthLoginResult } from '@school/contract/oauth';
import { apiPaths } from '@school/contract/paths';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useStoreSignedInUser } from './use-store-signed-in-user';

/** POST /api/oauth/wechat/login?rememberMe=true (docs/product.md#session: OAuth login keeps the learner 10 days). */
export function postWechatLogin(code: string): Promise<OauthLoginResult> {
  return apiClient.post<OauthLoginResult>(apiPaths.oauthWechatLogin, { query: { rememberMe: true }, json: { code } });
}

export function useWechatLogin() {
  const store = useStoreSignedInUser();
  return useMutation({
    mutationFn: postWechatLogin,
    onSuccess: (result) => {
      if (result.status === 'LOGGED_IN') store(result.user, true);
    },
  });
}

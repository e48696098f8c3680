import { accountPaths } from '@school/contract/account-paths';
import type { OauthBindExisting, OauthBindRegister, OauthBindResult } from '@school/contract/oauth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useStoreSignedInUser } from './use-store-signed-in-user';

/*
 * POST /api/oauth/bind?isBindExistingUser=…&rememberMe=true: ties the WeChat identity the
 * server keeps from the OAuth login to an existing account (password check) or to a new one.
 */

/** Silent: the screen words "already bound to another WeChat" itself and notices the rest. */
export function postBindExisting(input: OauthBindExisting): Promise<OauthBindResult> {
  return apiClient.post<OauthBindResult>(accountPaths.oauthBind, {
    query: { isBindExistingUser: true, rememberMe: true },
    json: input,
    silent: true,
  });
}

export function postBindRegister(input: OauthBindRegister): Promise<OauthBindResult> {
  return apiClient.post<OauthBindResult>(accountPaths.oauthBind, {
    query: { isBindExistingUser: false, rememberMe: true },
    json: input,
  });
}

export function useBindExisting() {
  const store = useStoreSignedInUser();
  return useMutation({ mutationFn: postBindExisting, onSuccess: ({ user }) => store(user, true) });
}

export function useBindRegister() {
  const store = useStoreSignedInUser();
  return useMutation({ mutationFn: postBindRegister, onSuccess: ({ user }) => store(user, true) });
}

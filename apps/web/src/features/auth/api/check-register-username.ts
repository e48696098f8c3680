import { accountPaths } from '@school/contract/account-paths';
import type { Availability } from '@school/contract/users';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/register/check/username?username=: free for a new account? Silent: only a hint. */
export function checkRegisterUsername(username: string, signal?: AbortSignal): Promise<Availability> {
  return apiClient.get<Availability>(accountPaths.registerCheckUsername, { query: { username }, signal, silent: true });
}

export function registerUsernameCheckQueryOptions(username: string) {
  return queryOptions({
    queryKey: authKeys.registerUsernameCheck(username),
    queryFn: ({ signal }) => checkRegisterUsername(username, signal),
    staleTime: 10_000,
  });
}

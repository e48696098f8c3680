import { accountPaths } from '@school/contract/account-paths';
import type { Availability } from '@school/contract/users';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { meKeys } from './me-keys';

/**
 * GET /api/users/check/username?username=: is the name free (the learner's own counts as free)?
 * Silent: it only feeds a hint under the field.
 */
export function checkUsername(username: string, signal?: AbortSignal): Promise<Availability> {
  return apiClient.get<Availability>(accountPaths.checkUsername, { query: { username }, signal, silent: true });
}

export function usernameCheckQueryOptions(username: string) {
  return queryOptions({
    queryKey: meKeys.usernameCheck(username),
    queryFn: ({ signal }) => checkUsername(username, signal),
    staleTime: 10_000,
  });
}

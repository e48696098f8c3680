import type { AuthCurrent } from '@school/contract/auth';
import { apiPaths } from '@school/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/auth/current: who is signed in, without raising errors (no notice, null user). */
export function getAuthCurrent(signal?: AbortSignal): Promise<AuthCurrent> {
  return apiClient.get<AuthCurrent>(apiPaths.authCurrent, { signal, silent: true });
}

export function authCurrentQueryOptions() {
  return queryOptions({
    queryKey: authKeys.authCurrent(),
    queryFn: ({ signal }) => getAuthCurrent(signal),
  });
}

export function useAuthCurrent() {
  return useQuery(authCurrentQueryOptions());
}

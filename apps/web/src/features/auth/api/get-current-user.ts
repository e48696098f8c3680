import type { User } from '@school/contract/auth';
import { apiPaths } from '@school/contract/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/users/current: the signed-in learner, or a 401 (which starts the login flow). */
export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return apiClient.get<User>(apiPaths.usersCurrent, { signal });
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) => getCurrentUser(signal),
  });
}

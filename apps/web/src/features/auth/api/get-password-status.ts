import { accountPaths } from '@school/contract/account-paths';
import type { PasswordStatus } from '@school/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/users/check/password: whether the learner has a password (SMS/WeChat sign-ups may not). */
export function getPasswordStatus(signal?: AbortSignal): Promise<PasswordStatus> {
  return apiClient.get<PasswordStatus>(accountPaths.checkPasswordSet, { signal });
}

export function passwordStatusQueryOptions() {
  return queryOptions({ queryKey: authKeys.passwordStatus(), queryFn: ({ signal }) => getPasswordStatus(signal) });
}

export function usePasswordStatus(enabled: boolean) {
  return useQuery({ ...passwordStatusQueryOptions(), enabled });
}

import { accountPaths } from '@school/contract/account-paths';
import type { User } from '@school/contract/auth';
import type { ProfileUpdate } from '@school/contract/users';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSaveUser } from './use-save-user';

export interface ProfileUpdateRequest extends ProfileUpdate {
  userId: number;
}

/**
 * POST /api/users/{id}: the profile form. `nickname` is always sent (required); the other fields
 * are changed only when present.
 */
export function postProfile({ userId, ...body }: ProfileUpdateRequest): Promise<User> {
  return apiClient.post<User>(accountPaths.userProfile(userId), { json: body });
}

export function useUpdateProfile() {
  const save = useSaveUser();
  return useMutation({ mutationFn: postProfile, onSuccess: save });
}

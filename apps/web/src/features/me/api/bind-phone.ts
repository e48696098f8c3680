import { accountPaths } from '@school/contract/account-paths';
import type { User } from '@school/contract/auth';
import type { BindPhone } from '@school/contract/users';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSaveUser } from './use-save-user';

/** POST /api/users/bind/phone: binds or changes the learner's mobile with a `bindPhone` code. */
export function postBindPhone(input: BindPhone): Promise<User> {
  return apiClient.post<User>(accountPaths.bindPhone, { json: input });
}

export function useBindPhone() {
  const save = useSaveUser();
  return useMutation({ mutationFn: postBindPhone, onSuccess: save });
}

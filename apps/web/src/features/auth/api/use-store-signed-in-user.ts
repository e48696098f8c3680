import type { User } from '@school/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { session } from '../../../lib/session';
import { authKeys } from './auth-keys';

/**
 * What every way of signing in (password, SMS, sign-up, WeChat) does with the learner the
 * server answers: store it with the remember-me choice and as the current user's query data.
 */
export function useStoreSignedInUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User, rememberMe: boolean) => {
      session.saveUser(user, rememberMe);
      queryClient.setQueryData(authKeys.currentUser(), user);
    },
    [queryClient],
  );
}

import type { User } from '@school/contract/auth';
import { useCallback } from 'react';
import { session } from '../../../lib/session';

/** Every account change answers the updated User: keep the stored copy in step (remember-me kept). */
export function useSaveUser() {
  return useCallback((user: User) => session.saveUser(user), []);
}

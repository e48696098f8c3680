import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { session } from '../lib/session';

/**
 * At start-up, a stored learner is fetched again: fresh name and avatar, and a 401 here is how
 * an expired session is noticed (the HTTP client then clears it and goes to login).
 */
export function useSessionSync(): void {
  const [hadUser] = useState(() => session.user() !== null);
  const current = useQuery({ ...currentUserQueryOptions(), enabled: hadUser, staleTime: Infinity });
  useEffect(() => {
    // Saving keeps the remember-me flag and restarts the idle stamp.
    if (current.data && session.user()) session.saveUser(current.data);
  }, [current.data]);
}

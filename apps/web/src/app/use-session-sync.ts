import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { session } from '../lib/session';
import { useSessionUser } from '../lib/use-session-user';

/**
 * At start-up, a stored learner is fetched again: fresh name and avatar, and a 401 here is how
 * an expired session is noticed (the HTTP client then clears it and goes to login).
 */
export function useSessionSync(): void {
  const [hadUser] = useState(() => session.user() !== null);
  // Only while someone is signed in: signing out drops the cached answer, and an enabled query
  // would fetch it again, get a 401 and send the learner to login a second later (wherever they
  // had gone meanwhile, e.g. "forgot password").
  const signedIn = useSessionUser() !== null;
  const current = useQuery({ ...currentUserQueryOptions(), enabled: hadUser && signedIn, staleTime: Infinity });
  useEffect(() => {
    // Saving keeps the remember-me flag and restarts the idle stamp.
    if (current.data && session.user()) session.saveUser(current.data);
  }, [current.data]);
}

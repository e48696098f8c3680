import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { href } from '../config/route-paths';
import { useSessionUser } from './use-session-user';

/**
 * Runs an action that needs a signed-in learner (joining, rating), or sends an anonymous one
 * to the login page first, which brings them back here afterwards (router state `from`, as the
 * access gate does), so they tap the button again knowing who they are.
 */
export function useLoginFirst(): (action: () => void) => void {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return useCallback(
    (action: () => void) => {
      if (user) action();
      else void navigate(href('login'), { state: { from: `${pathname}${search}${hash}` } });
    },
    [user, navigate, pathname, search, hash],
  );
}

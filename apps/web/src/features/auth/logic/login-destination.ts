import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { href, type RouteName } from '../../../config/route-paths';
import { session } from '../../../lib/session';

/** Pages a learner is never sent back to after signing in (they would only sign in again). */
const signInRoutes: RouteName[] = [
  'login',
  'loginHome',
  'loginRedirect',
  'register',
  'OAuthBindUser',
  'OAuthBindRegister',
  'Logout',
];

function isSignInPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return signInRoutes.some((name) => pathname === href(name));
}

/** An in-app path (`/…`), not a protocol-relative URL (`//evil.example`) or anything else. */
function isAppPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * docs/product.md#session and decision 007: after signing in, the remembered `lastUrl`, else the page the learner came
 * from (router state), else home.
 */
export function destinationAfterLogin(
  lastUrl: string | null,
  from: unknown,
  otherwise: RouteName = 'homepage',
): string {
  if (isAppPath(lastUrl) && !isSignInPage(lastUrl)) return lastUrl;
  if (isAppPath(from) && !isSignInPage(from)) return from;
  return href(otherwise);
}

/**
 * A learner already signed in when a login screen opened has nothing to do there: where they
 * are sent instead (the remembered page, the one they came from, else Me); null for a visitor.
 * Judged once, at opening, so signing in on the screen leaves by its own way (useLeaveSignIn).
 */
export function useSignedInAlready(): string | null {
  const from = useFromState();
  const [signedIn] = useState(() => session.user() !== null);
  return signedIn ? destinationAfterLogin(session.lastUrl(), from, 'me') : null;
}

/** The page the learner came from, as the screens before this one passed it along. */
export function useFromState(): string | undefined {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return isAppPath(from) ? from : undefined;
}

/** Leaves the sign-in screens for the destination above (lastUrl is used once). */
export function useLeaveSignIn(): () => void {
  const navigate = useNavigate();
  const from = useFromState();
  return useCallback(() => {
    void navigate(destinationAfterLogin(session.takeLastUrl(), from), { replace: true });
  }, [navigate, from]);
}

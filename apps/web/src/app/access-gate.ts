import type { SystemConfig } from '@school/contract/shell';
import type { RouteName } from '../config/route-paths';

/**
 * docs/product.md#access-gating and the login-required routes, as one pure decision so every rule
 * is tested without a browser.
 */
export type AccessDecision =
  | { kind: 'allow' }
  /** The system config is still loading and nothing is stored from an earlier visit. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: RouteName; rememberUrl: boolean };

export type AccessConfigState =
  | { status: 'loaded'; access: SystemConfig['accessConfig'] }
  | { status: 'pending' }
  /** Unavailable (network, blocked IP…): the server still enforces everything, so render. */
  | { status: 'failed' };

/** Reachable by an anonymous visitor when open access is off. */
export const openWithoutLogin: ReadonlySet<RouteName> = new Set<RouteName>([
  'login',
  'loginHome',
  'loginRedirect',
  'OAuthBindUser',
  'OAuthBindRegister',
  // Ours: signing up and "forgot password" are ways in too.
  'register',
  'resetPassword',
  'ipBlocked',
  'deviceBlocked',
  'meAgreement',
]);

/** Pages that must render even before (or without) the system config. */
const neverWaits: ReadonlySet<RouteName> = new Set<RouteName>(['ipBlocked', 'deviceBlocked', 'Logout']);

export interface AccessInput {
  route: RouteName;
  requiresLogin: boolean;
  loggedIn: boolean;
  config: AccessConfigState;
}

export function decideAccess({ route, requiresLogin, loggedIn, config }: AccessInput): AccessDecision {
  if (config.status === 'loaded') {
    const { enableWap, enableOpenAccess } = config.access;
    if (!enableWap) {
      return route === 'deviceBlocked'
        ? { kind: 'allow' }
        : { kind: 'redirect', to: 'deviceBlocked', rememberUrl: false };
    }
    if (route === 'deviceBlocked') return { kind: 'redirect', to: 'homepage', rememberUrl: false };
    if (!enableOpenAccess && !loggedIn && !openWithoutLogin.has(route)) {
      // Remembered so the learner comes back here after logging in.
      return { kind: 'redirect', to: 'loginHome', rememberUrl: route !== 'homepage' && route !== 'Logout' };
    }
  }
  if (requiresLogin && !loggedIn) return { kind: 'redirect', to: 'login', rememberUrl: true };
  if (config.status === 'pending' && !neverWaits.has(route)) return { kind: 'wait' };
  return { kind: 'allow' };
}

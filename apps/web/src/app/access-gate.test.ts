import { describe, expect, it } from 'vitest';
import { decideAccess, openWithoutLogin, type AccessConfigState } from './access-gate';
import { routeNames, routes, type RouteName } from './routes';

const loaded = (enableWap: boolean, enableOpenAccess: boolean): AccessConfigState => ({
  status: 'loaded',
  access: { enableWap, enableOpenAccess },
});

function decide(route: RouteName, loggedIn: boolean, config: AccessConfigState) {
  return decideAccess({ route, requiresLogin: routes[route].requiresLogin, loggedIn, config });
}

describe('decideAccess', () => {
  it('sends every page but deviceBlocked to deviceBlocked when the mobile channel is off', () => {
    for (const route of routeNames) {
      for (const loggedIn of [true, false]) {
        const decision = decide(route, loggedIn, loaded(false, true));
        if (route === 'deviceBlocked') expect(decision).toEqual({ kind: 'allow' });
        else expect(decision).toEqual({ kind: 'redirect', to: 'deviceBlocked', rememberUrl: false });
      }
    }
  });

  it('sends deviceBlocked back to the homepage when the channel is on', () => {
    expect(decide('deviceBlocked', false, loaded(true, true))).toEqual({
      kind: 'redirect',
      to: 'homepage',
      rememberUrl: false,
    });
    expect(decide('deviceBlocked', false, loaded(true, false))).toEqual({
      kind: 'redirect',
      to: 'homepage',
      rememberUrl: false,
    });
  });

  it('lets anonymous visitors reach only the allowed pages when open access is off', () => {
    expect([...openWithoutLogin].sort()).toEqual(
      [
        'login',
        'loginHome',
        'loginRedirect',
        'OAuthBindUser',
        'OAuthBindRegister',
        // Ours: sign-up and "forgot password" are ways in too.
        'register',
        'resetPassword',
        'ipBlocked',
        'deviceBlocked',
        'meAgreement',
      ].sort(),
    );
    for (const route of routeNames) {
      const decision = decide(route, false, loaded(true, false));
      if (route === 'deviceBlocked') continue;
      if (openWithoutLogin.has(route)) expect(decision).toEqual({ kind: 'allow' });
      else expect(decision).toMatchObject({ kind: 'redirect', to: 'loginHome' });
    }
    expect(decide('me', false, loaded(true, false))).toEqual({ kind: 'redirect', to: 'loginHome', rememberUrl: true });
    expect(decide('homepage', false, loaded(true, false))).toEqual({
      kind: 'redirect',
      to: 'loginHome',
      rememberUrl: false,
    });
  });

  it('lets a logged-in learner through when open access is off', () => {
    for (const route of routeNames.filter((r) => r !== 'deviceBlocked')) {
      expect(decide(route, true, loaded(true, false))).toEqual({ kind: 'allow' });
    }
  });

  it('sends anonymous visitors of login-required routes to login, remembering the page', () => {
    for (const route of ['orderConfirm', 'lessonLearn', 'homework', 'examTest', 'orderList', 'meProfile'] as const) {
      expect(decide(route, false, loaded(true, true))).toEqual({ kind: 'redirect', to: 'login', rememberUrl: true });
      expect(decide(route, true, loaded(true, true))).toEqual({ kind: 'allow' });
      // Not waiting for the config: the answer is known already.
      expect(decide(route, false, { status: 'pending' })).toEqual({ kind: 'redirect', to: 'login', rememberUrl: true });
    }
  });

  it('waits for the config except on the blocked pages, and renders when it failed', () => {
    expect(decide('homepage', false, { status: 'pending' })).toEqual({ kind: 'wait' });
    expect(decide('ipBlocked', false, { status: 'pending' })).toEqual({ kind: 'allow' });
    expect(decide('deviceBlocked', false, { status: 'pending' })).toEqual({ kind: 'allow' });
    expect(decide('homepage', false, { status: 'failed' })).toEqual({ kind: 'allow' });
  });

  it('allows everything public when both switches are on', () => {
    expect(decide('homepage', false, loaded(true, true))).toEqual({ kind: 'allow' });
    expect(decide('me', false, loaded(true, true))).toEqual({ kind: 'allow' });
  });
});

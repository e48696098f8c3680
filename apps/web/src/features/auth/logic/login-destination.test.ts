import { describe, expect, it } from 'vitest';
import { destinationAfterLogin } from './login-destination';

describe('destinationAfterLogin', () => {
  it('prefers the remembered lastUrl, then where the learner came from, then home', () => {
    expect(destinationAfterLogin('/orders/confirm?uid=c1', '/me')).toBe('/orders/confirm?uid=c1');
    expect(destinationAfterLogin(null, '/courses/c1')).toBe('/courses/c1');
    expect(destinationAfterLogin(null, undefined)).toBe('/');
  });

  it('never goes back to a sign-in page', () => {
    for (const page of [
      '/login',
      '/login?account=1',
      '/login/home',
      '/login/redirect?code=x',
      '/register',
      '/oauth/bind/user',
      '/logout',
    ]) {
      expect(destinationAfterLogin(page, undefined), page).toBe('/');
      expect(destinationAfterLogin(null, page), page).toBe('/');
    }
    expect(destinationAfterLogin('/login', '/me')).toBe('/me');
  });

  it('only follows in-app paths', () => {
    expect(destinationAfterLogin('//evil.example/x', undefined)).toBe('/');
    expect(destinationAfterLogin(null, 'https://evil.example/')).toBe('/');
    expect(destinationAfterLogin(null, '/\\evil.example')).toBe('/');
    expect(destinationAfterLogin(null, 42)).toBe('/');
  });
});

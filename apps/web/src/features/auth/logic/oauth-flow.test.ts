import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { learner } from '../../../testing/fixtures';
import { afterWechatLogin, bindFailure, readOauthCallback } from './oauth-flow';

describe('OAuth flow decisions', () => {
  it('reads the code WeChat sends back, only with the state this browser sent', () => {
    const back = new URLSearchParams('code=abc&state=s1');
    expect(readOauthCallback(back, true)).toEqual({ kind: 'code', code: 'abc' });
    expect(readOauthCallback(back, false)).toEqual({ kind: 'stateMismatch' });
    expect(readOauthCallback(new URLSearchParams('state=s1'), true)).toEqual({ kind: 'denied' });
    expect(readOauthCallback(new URLSearchParams('code=%20&state=s1'), true)).toEqual({ kind: 'denied' });
  });

  it('signs a bound WeChat account in and sends an unbound one to binding', () => {
    expect(afterWechatLogin({ status: 'LOGGED_IN', user: learner })).toEqual({ kind: 'signedIn' });
    expect(afterWechatLogin({ status: 'BIND_REQUIRED' })).toEqual({ kind: 'bind' });
  });

  it('tells what a failed bind means', () => {
    expect(bindFailure(new ApiError('oauthUserNotFound', 404))).toBe('restart');
    expect(bindFailure(new ApiError('badCredential', 400))).toBe('credentials');
    expect(bindFailure(new ApiError('phoneBound', 409))).toBe('phoneBound');
    expect(bindFailure(new ApiError('conflict', 409))).toBe('alreadyBound');
    expect(bindFailure(new ApiError('oauthPhoneAbnormal', 400))).toBe('other');
    expect(bindFailure(new Error('network'))).toBe('other');
  });
});

import { describe, expect, it } from 'vitest';
import { createStorage, memoryBackend } from '../../../lib/storage';
import { consumeOauthState, createOauthState, wechatAuthorizeUrl } from './wechat-oauth';

describe('WeChat OAuth helpers', () => {
  it('builds the authorize URL with WeChat’s parameter order and fragment', () => {
    expect(
      wechatAuthorizeUrl({ appId: 'wx123', redirectUri: 'https://school.example/mobile/login/redirect', state: 's1' }),
    ).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx123&redirect_uri=https%3A%2F%2Fschool.example%2Fmobile%2Flogin%2Fredirect&response_type=code&scope=snsapi_userinfo&state=s1#wechat_redirect',
    );
  });

  it('accepts only the state it made, once', () => {
    const store = createStorage([memoryBackend()]);
    const state = createOauthState(store);
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(consumeOauthState('other', store)).toBe(false);
    // A wrong answer uses the remembered state up too.
    expect(consumeOauthState(state, store)).toBe(false);
    const next = createOauthState(store);
    expect(consumeOauthState(next, store)).toBe(true);
    expect(consumeOauthState(next, store)).toBe(false);
    expect(consumeOauthState(null, store)).toBe(false);
  });
});

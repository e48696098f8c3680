import { describe, expect, it } from 'vitest';
import { createStorage, memoryBackend } from './storage';
import { isWechatBrowser } from './wechat-browser';
import { consumeOauthState, createOauthState, wechatAuthorizeUrl } from './wechat-oauth';

describe('WeChat browser and OAuth helpers', () => {
  it('recognises the WeChat in-app browser by its user agent', () => {
    expect(
      isWechatBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
      ),
    ).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36')).toBe(false);
  });

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

import { describe, expect, it } from 'vitest';
import { isWechatBrowser } from './wechat-browser';

describe('WeChat browser', () => {
  it('recognises the WeChat in-app browser by its user agent', () => {
    expect(
      isWechatBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
      ),
    ).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36')).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { configureWechatShare, type ShareDeps } from './share';
import type { WechatSdk } from './wechat-sdk';

const school = { name: 'Demo School', slogan: 'Learn every day', favicon: '/mobile/seed/favicon.svg' };
const signature = { appId: 'wx123', timestamp: 1700000000, nonceStr: 'n0nce', signature: 'abc' };

function fakeWx() {
  const ready: Array<() => void> = [];
  const wx = {
    config: vi.fn(),
    ready: vi.fn((callback: () => void) => ready.push(callback)),
    error: vi.fn(),
    updateAppMessageShareData: vi.fn(),
    updateTimelineShareData: vi.fn(),
  } satisfies WechatSdk;
  return { wx, fireReady: () => ready.forEach((callback) => callback()) };
}

function deps(overrides: Partial<ShareDeps> = {}) {
  const { wx, fireReady } = fakeWx();
  const all = {
    isWechat: () => true,
    getSignature: vi.fn(async () => signature),
    loadSdk: vi.fn(async () => wx),
    isIos: () => false,
    landingUrl: 'https://school.example/mobile/?from=share',
    ...overrides,
  } satisfies ShareDeps;
  return { deps: all, wx, fireReady };
}

const pageUrl = 'https://school.example/mobile/courses?categoryId=2#top';

describe('WeChat share configuration', () => {
  it('signs the page without its hash, configures the SDK for both share APIs and shares the school', async () => {
    const { deps: d, wx, fireReady } = deps();
    expect(await configureWechatShare({ enabled: true, school, pageUrl }, d)).toBe('configured');
    expect(d.getSignature).toHaveBeenCalledWith('https://school.example/mobile/courses?categoryId=2');
    expect(wx.config).toHaveBeenCalledWith({
      debug: false,
      appId: 'wx123',
      timestamp: 1700000000,
      nonceStr: 'n0nce',
      signature: 'abc',
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    // Shared once the SDK says the configuration is accepted.
    expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
    fireReady();
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({
      title: 'Demo School',
      desc: 'Learn every day',
      link: pageUrl,
      imgUrl: 'https://school.example/mobile/seed/favicon.svg',
    });
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith({
      title: 'Demo School',
      link: pageUrl,
      imgUrl: 'https://school.example/mobile/seed/favicon.svg',
    });
  });

  it('ignores a signature answer without appId (and never loads the SDK)', async () => {
    for (const answer of [{ ...signature, appId: '' }, {}, null]) {
      const { deps: d, wx } = deps({ getSignature: vi.fn(async () => answer) });
      expect(await configureWechatShare({ enabled: true, school, pageUrl }, d)).toBe('ignored');
      expect(d.loadSdk).not.toHaveBeenCalled();
      expect(wx.config).not.toHaveBeenCalled();
    }
  });

  it('does nothing outside WeChat, with the setting off, or before the school is known', async () => {
    for (const [input, isWechat] of [
      [{ enabled: true, school, pageUrl }, false],
      [{ enabled: false, school, pageUrl }, true],
      [{ enabled: true, school: null, pageUrl }, true],
    ] as const) {
      const { deps: d } = deps({ isWechat: () => isWechat });
      expect(await configureWechatShare(input, d)).toBe('skipped');
      expect(d.getSignature).not.toHaveBeenCalled();
      expect(d.loadSdk).not.toHaveBeenCalled();
    }
  });

  it('signs the landing URL on iOS, where WeChat checks that one after in-app navigation', async () => {
    const { deps: d } = deps({ isIos: () => true });
    await configureWechatShare({ enabled: true, school, pageUrl }, d);
    expect(d.getSignature).toHaveBeenCalledWith('https://school.example/mobile/?from=share');
  });
});

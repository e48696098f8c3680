import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WechatSdkLoader } from './wechat-sdk';

// A fresh module per test: the loader remembers its script.
let loadWechatSdk: WechatSdkLoader;
let wechatSdkUrl: string;

describe('loadWechatSdk', () => {
  beforeEach(async () => {
    vi.resetModules();
    ({ loadWechatSdk, wechatSdkUrl } = await import('./wechat-sdk'));
  });
  afterEach(() => {
    delete (globalThis as { wx?: unknown }).wx;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('adds the official script once and resolves with the wx it defines', async () => {
    const first = loadWechatSdk();
    const second = loadWechatSdk();
    const scripts = document.head.querySelectorAll(`script[src="${wechatSdkUrl}"]`);
    expect(scripts).toHaveLength(1);
    const wx = { config() {} };
    (globalThis as { wx?: unknown }).wx = wx;
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(wx);
    await expect(second).resolves.toBe(wx);
  });

  it('fails when the script cannot load, and tries again next time', async () => {
    const failed = loadWechatSdk();
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(/could not be loaded/);
    void loadWechatSdk().catch(() => {});
    expect(document.head.querySelectorAll(`script[src="${wechatSdkUrl}"]`)).toHaveLength(2);
  });
});

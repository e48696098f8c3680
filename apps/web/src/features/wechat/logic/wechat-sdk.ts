/**
 * The part of WeChat's JS-SDK (`wx`) the app uses, behind an interface so tests hand in a fake.
 * The official script is loaded only inside WeChat, when first needed, never bundled.
 */
export interface WxConfig {
  debug: boolean;
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}

export interface WxShareData {
  title: string;
  link: string;
  imgUrl: string;
  desc?: string;
}

export interface WechatSdk {
  config(config: WxConfig): void;
  ready(callback: () => void): void;
  error(callback: (result: { errMsg?: string }) => void): void;
  updateAppMessageShareData(data: WxShareData): void;
  updateTimelineShareData(data: Omit<WxShareData, 'desc'>): void;
}

export type WechatSdkLoader = () => Promise<WechatSdk>;

export const wechatSdkUrl = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

let loading: Promise<WechatSdk> | null = null;

/** Adds the official script once and resolves with the `wx` object it defines. */
export const loadWechatSdk: WechatSdkLoader = () => {
  const existing = (globalThis as { wx?: WechatSdk }).wx;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<WechatSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = wechatSdkUrl;
    script.async = true;
    script.onload = () => {
      const wx = (globalThis as { wx?: WechatSdk }).wx;
      if (wx) resolve(wx);
      else reject(new Error('jweixin loaded without defining wx'));
    };
    script.onerror = () => reject(new Error('jweixin could not be loaded'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later route change may try again (a flaky network, not a broken page).
    loading = null;
    throw error;
  });
  return loading;
};

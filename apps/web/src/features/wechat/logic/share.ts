import { isIosDevice, isWechatBrowser, landingUrl } from '../../../lib/wechat-browser';
import { getWxSignature } from '../../../lib/wechat-signature';
import { loadWechatSdk, type WechatSdkLoader } from './wechat-sdk';

/*
 * docs/product.md#wechat (sharing): inside the WeChat browser with the school's official-account setting on,
 * after each route change, sign the page, configure the SDK for the app-message and timeline
 * share APIs, and share the school (name, slogan, favicon) with the current link.
 */

export const shareApis = ['updateAppMessageShareData', 'updateTimelineShareData'];

export interface ShareSchool {
  name: string;
  slogan: string;
  favicon: string;
}

export interface ShareDeps {
  isWechat(): boolean;
  getSignature(
    url: string,
  ): Promise<{ appId?: string; timestamp?: number; nonceStr?: string; signature?: string } | null | undefined>;
  loadSdk: WechatSdkLoader;
  /**
   * iOS WeChat checks the signature against the URL the app was opened at, not the current one
   * after pushState navigation (a long-standing WeChat quirk): sign that one there.
   */
  isIos(): boolean;
  landingUrl: string;
}

export type ShareOutcome =
  /** Not inside WeChat, the setting is off, or the school is unknown: nothing was asked. */
  | 'skipped'
  /** The signature answer had no appId (ignored: docs/product.md#wechat). */
  | 'ignored'
  | 'configured';

const withoutHash = (url: string) => url.split('#')[0] ?? url;

export async function configureWechatShare(
  { enabled, school, pageUrl }: { enabled: boolean; school: ShareSchool | null; pageUrl: string },
  deps: ShareDeps,
): Promise<ShareOutcome> {
  if (!enabled || !school || !deps.isWechat()) return 'skipped';
  const signedUrl = withoutHash(deps.isIos() ? deps.landingUrl || pageUrl : pageUrl);
  const answer = await deps.getSignature(signedUrl);
  if (!answer?.appId) return 'ignored';

  const wx = await deps.loadSdk();
  wx.config({
    debug: false,
    appId: answer.appId,
    timestamp: answer.timestamp ?? 0,
    nonceStr: answer.nonceStr ?? '',
    signature: answer.signature ?? '',
    jsApiList: shareApis,
  });
  const link = pageUrl;
  const imgUrl = school.favicon ? new URL(school.favicon, pageUrl).href : '';
  wx.ready(() => {
    wx.updateAppMessageShareData({ title: school.name, desc: school.slogan, link, imgUrl });
    wx.updateTimelineShareData({ title: school.name, link, imgUrl });
  });
  // A refused signature leaves WeChat's own share card; nothing to tell the learner.
  wx.error(() => {});
  return 'configured';
}

export const defaultShareDeps: ShareDeps = {
  isWechat: () => isWechatBrowser(),
  getSignature: (url) => getWxSignature(url),
  loadSdk: loadWechatSdk,
  isIos: () => isIosDevice(),
  landingUrl,
};

/** What the app calls after each route change. */
export function shareCurrentPage(school: ShareSchool | null, enabled: boolean): Promise<ShareOutcome> {
  return configureWechatShare({ enabled, school, pageUrl: window.location.href }, defaultShareDeps);
}

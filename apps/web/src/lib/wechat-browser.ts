import { serverUserAgent } from './server-render';

/** The browser's user agent; on the server, the one the page's request named (a render renders for that browser). */
const browserUserAgent = (): string =>
  import.meta.env.SSR ? serverUserAgent() : (globalThis.navigator?.userAgent ?? '');

/** WeChat's in-app browser names itself in the user agent ("… MicroMessenger/8.0.47 …"). */
export function isWechatBrowser(userAgent: string = browserUserAgent()): boolean {
  return /MicroMessenger/i.test(userAgent);
}

export function isIosDevice(userAgent: string = browserUserAgent()): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

/**
 * The URL the app was opened at, captured when this module is evaluated at start-up (before the
 * router redirects anywhere). iOS WeChat checks JS-SDK signatures against it.
 */
export const landingUrl: string = typeof window === 'undefined' ? '' : window.location.href;

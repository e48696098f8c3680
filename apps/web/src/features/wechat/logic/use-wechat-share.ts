import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isWechatBrowser } from '../../../lib/wechat-browser';

/**
 * docs/product.md#wechat (sharing): after each route change inside WeChat with the official-account setting on,
 * the share card is configured. The share code (and the SDK it loads) is fetched only there, so
 * every other browser downloads none of it.
 */
export function useWechatShare(
  school: { name: string; slogan: string; favicon: string } | null,
  enabled: boolean,
): void {
  const { pathname, search } = useLocation();
  // Primitives, so a re-created school object does not sign the page again.
  const name = school?.name;
  const slogan = school?.slogan ?? '';
  const favicon = school?.favicon ?? '';
  useEffect(() => {
    if (!enabled || name === undefined || !isWechatBrowser()) return;
    let current = true;
    void import('./share')
      .then(({ shareCurrentPage }) => (current ? shareCurrentPage({ name, slogan, favicon }, enabled) : undefined))
      // Sharing is a nicety: a failure leaves WeChat's default card and bothers nobody.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [pathname, search, name, slogan, favicon, enabled]);
}

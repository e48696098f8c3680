import type { SystemConfig } from '@school/contract/shell';
import { isWechatBrowser } from '../../../lib/wechat-browser';

/**
 * loginHome (docs/product.md#wechat): inside the WeChat browser, with the school's official-account
 * login on, WeChat is the way in. The app hands in the config its layout load fetched (or the one
 * stored at the last visit).
 */
export function offersWechatLogin(config: SystemConfig | null | undefined, userAgent?: string): boolean {
  return (config?.wechatOfficialConfig.enable ?? false) && isWechatBrowser(userAgent);
}

import type { SystemConfig } from '@school/contract/shell';
import { useQuery } from '@tanstack/react-query';
import { storageKeys } from '../config/storage-keys';
import { systemConfigQueryOptions } from '../features/shell/api/get-system-config';
import { storage } from '../lib/storage';
import { isWechatBrowser } from '../lib/wechat-browser';

/**
 * loginHome (docs/product.md#wechat): inside the WeChat browser, with the school's official-account login on,
 * WeChat is the way in. Observes the config the layout load fetches (or stored last visit).
 */
export function useWechatOfficialLogin(userAgent?: string): boolean {
  const config = useQuery({ ...systemConfigQueryOptions(), enabled: false });
  const current = config.data ?? storage.get<SystemConfig>(storageKeys.systemConfig);
  return (current?.wechatOfficialConfig.enable ?? false) && isWechatBrowser(userAgent);
}

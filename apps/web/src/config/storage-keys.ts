/**
 * Keys of everything the app keeps in the browser (docs/product.md#local-storage). One list,
 * so the 401 flow can clear exactly "the cached session" (docs/product.md#session).
 */
export const storageKeys = {
  user: 'user',
  /** When the stored user was last saved; the idle time-out counts from here. */
  userActiveAt: 'user_active_at',
  loginData: 'login_data',
  rememberMe: 'remember_me',
  menus: 'menus',
  lastUrl: 'lastUrl',
  tenant: 'tenant',
  systemConfig: 'sys_config',
  homepage: 'homepage',
  homepageMicroPageId: 'homepage_micro_page_id',
  locale: 'locale',
  /** The whole tab list, so a returning visitor sees the tab bar before it is refetched. */
  tabs: 'tabs',
  /** The `state` sent with a WeChat OAuth redirect, checked when WeChat sends the learner back. */
  wechatOauthState: 'wechat_oauth_state',
  /** The learner's recent search keywords, most recent first (search screen). */
  searchHistory: 'search_history',
  // `theme` and `text_size` (the learner's appearance) are features/me/logic/appearance.ts's: this
  // object travels in the first screens' bundle, which never reads them (the page's head script does).
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

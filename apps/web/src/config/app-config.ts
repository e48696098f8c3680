/** Constants of the web app that are not product rules (those live in @school/contract). */
export const appConfig = {
  /** Router basename; Vite's `base` is the same path with a trailing slash. */
  basePath: '/mobile',
  /** Widest layout (docs/product.md#look); the root font size stops growing here too. */
  maxLayoutWidthPx: 768,
  /**
   * Idle time after which a stored user without remember-me counts as signed out on this
   * device. The server's own idle time-out decides for real (a 401 then signs out here too).
   */
  sessionIdleMs: 2 * 60 * 60 * 1000,
  /** The tab colours of docs/product.md#look (icons and the active indicator use them as given). */
  tabActiveColor: '#38BDF8',
  tabInactiveColor: '#9EA5BB',
  /** Shell data changes rarely; refetching it on every screen would only cost requests. */
  shellStaleTimeMs: 5 * 60 * 1000,
} as const;

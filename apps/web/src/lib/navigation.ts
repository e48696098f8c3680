import { appConfig } from '../config/app-config';
import { serverOrigin } from './server-render';

/**
 * Lets code outside React (the HTTP client) navigate through the router instead of reloading
 * the page. The router registers its navigate function at start-up.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(path, options);
  // Before the router exists there is nothing on screen to keep: a plain load is right then.
  else window.location.assign(`${appConfig.basePath}${path}`);
}

/** The current in-app URL (without the /mobile base): what lastUrl remembers. */
export function currentAppPath(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string {
  const { basePath } = appConfig;
  let path = location.pathname;
  if (path === basePath || path.startsWith(`${basePath}/`)) path = path.slice(basePath.length);
  return `${path || '/'}${location.search}${location.hash}`;
}

/**
 * Turns a link stored by the school (absolute URL, `/mobile/...` or an in-app path) into an
 * in-app path for the router, or null when it leaves the app.
 */
export function toAppPath(
  link: string,
  origin: string = import.meta.env.SSR ? serverOrigin() : window.location.origin,
): string | null {
  let url: URL;
  try {
    url = new URL(link, `${origin}${appConfig.basePath}/`);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (!link.startsWith('/') && !link.startsWith('http')) return null;
  if (url.pathname === appConfig.basePath || url.pathname.startsWith(`${appConfig.basePath}/`)) {
    return currentAppPath(url);
  }
  // Same origin but outside /mobile (e.g. /admin): a different application.
  if (link.startsWith('http')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

import type { QueryClient } from '@tanstack/react-query';

/**
 * A screen module may export `prefetch`: app start-up calls it for the first screen, so the
 * screen's first queries travel while the school's config and the gate are still loading and
 * its data arrives with its code instead of after it. Only public reads belong there: it runs
 * before the gate has decided, and never for login-required routes.
 */
export type ScreenPrefetch = (
  client: QueryClient,
  at: { params: Readonly<Record<string, string>>; search: URLSearchParams },
) => void;

/**
 * Starts downloading images a screen is about to show (its largest paint, usually a cover) as
 * soon as their addresses are known, instead of when the screen's code has rendered them.
 */
export function preloadImages(urls: readonly (string | null | undefined)[]): void {
  const present = new Set(
    [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => l.getAttribute('href')),
  );
  for (const url of urls) {
    if (!url || present.has(url)) continue;
    present.add(url);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.href = url;
    link.setAttribute('fetchpriority', 'high');
    document.head.append(link);
  }
}

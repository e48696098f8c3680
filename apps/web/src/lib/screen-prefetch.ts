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

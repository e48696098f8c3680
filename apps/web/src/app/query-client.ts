import { QueryClient } from '@tanstack/react-query';

/**
 * Failures already show a notice from the HTTP client and every screen has a retry button,
 * so automatic retries would only repeat the notice; windows refocus often on phones.
 * `offlineFirst`: a query still asks while the phone says it is offline, so the offline worker
 * can answer with what the learner saw last (issue 27); TanStack's default would wait for the
 * network and leave the screen loading.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst' },
      mutations: { retry: false },
    },
  });
}

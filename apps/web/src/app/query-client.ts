import { QueryClient } from '@tanstack/react-query';

/**
 * Failures already show a notice from the HTTP client and every screen has a retry button,
 * so automatic retries would only repeat the notice; windows refocus often on phones.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

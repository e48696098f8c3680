import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Marks a query's answer old when the screen showing it is left, so coming back asks again,
 * while the first showing uses what the page brought (the server's render, the first screen's
 * prefetch) instead of asking a second time. For answers that change on other screens or with
 * time alone, where `refetchOnMount: 'always'` would also refetch right after hydration.
 */
export function useStaleOnLeave(queryKey: QueryKey, enabled = true): void {
  const client = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!enabled) return;
    return () =>
      void client.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey, exact: true, refetchType: 'none' });
  }, [client, key, enabled]);
}

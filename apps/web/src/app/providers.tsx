import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { onLocaleChange } from '../lib/i18n';

/**
 * App-wide providers. The translation needs no provider (lib/i18n is module state); server content is
 * localized by Accept-Language, so a language switch refetches what is on screen.
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => onLocaleChange(() => void client.invalidateQueries()), [client]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

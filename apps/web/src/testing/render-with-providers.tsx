import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { allMessages } from '../app/messages/registry/all-messages';
import { startI18n } from '../lib/i18n';

/** English messages, a fresh query client and a memory router around a component under test. */
export async function renderWithProviders(
  ui: ReactElement,
  { path = '/', state }: { path?: string; state?: unknown } = {},
) {
  await startI18n('en', async () => allMessages.en);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { acceptedRefundAt, orderAt, pageOf, paidOrderAt } from '../testing/order-fixtures';
import OrderListScreen from './order-list-screen';

const now = Date.parse('2026-11-25T08:00:00Z');
const unpaid = orderAt(now, { tradeNo: 'T2' });
const paid = paidOrderAt(now - 60_000, { tradeNo: 'T1', couponTitle: null, discount: 0, payable: 19900 });

function serve(byStatus: Record<string, unknown[]>) {
  const fetchMock = routedFetch((url) =>
    url.pathname === '/api/orders'
      ? jsonResponse(200, pageOf(byStatus[url.searchParams.get('status') ?? ''] ?? []))
      : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderScreen(path = '/orders') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/orders" element={<OrderListScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { path },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('order list', () => {
  it('lists the orders with their state and amount, each leading to its page', async () => {
    serve({ ALL: [unpaid, paid] });
    await renderScreen();
    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('order-status').textContent).toBe('Unpaid');
    expect(cards[0]!.textContent).toContain('¥169.15');
    expect(within(cards[0]!).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe('/orders/T2');
    expect(within(cards[1]!).getByTestId('order-status').textContent).toBe('Paid');
    expect(within(cards[1]!).getByRole('link', { name: 'React 19: Zero to Production' }).getAttribute('href')).toBe(
      '/orders/T1',
    );
    expect(within(cards[1]!).queryByRole('link', { name: 'Pay now' })).toBeNull();
  });

  it("tells a paid order's refund by where its money is", async () => {
    const refunds = (['PROCESSING', 'REFUNDED', 'FAILED'] as const).map((payout, i) =>
      paidOrderAt(now, { tradeNo: `T${i}`, refund: acceptedRefundAt(now, payout) }),
    );
    serve({ ALL: [paid, ...refunds] });
    await renderScreen();
    const cards = await screen.findAllByTestId('order-card');
    expect(cards.map((card) => within(card).queryByTestId('order-refund-payout')?.textContent ?? null)).toEqual([
      null,
      'Being refunded',
      'Refunded',
      'Refund failed',
    ]);
    expect(within(cards[3]!).getByTestId('order-status').textContent).toBe('Paid');
  });

  it('asks for the chosen state when a tab changes, with an empty state of its own', async () => {
    const fetchMock = serve({ ALL: [unpaid, paid], CREATED: [unpaid], PAID: [paid] });
    await renderScreen();
    await screen.findAllByTestId('order-card');
    fireEvent.click(screen.getByRole('tab', { name: 'Unpaid' }));
    expect(screen.getByRole('tab', { name: 'Unpaid' }).getAttribute('aria-selected')).toBe('true');
    await vi.waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(1));
    expect(screen.getByTestId('location').textContent).toBe('/orders?status=CREATED');

    fireEvent.click(screen.getByRole('tab', { name: 'Cancelled/Closed' }));
    expect(await screen.findByText('No cancelled or closed orders')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual([
      'GET /api/orders?status=ALL&page=1&pageSize=10',
      'GET /api/orders?status=CREATED&page=1&pageSize=10',
      'GET /api/orders?status=ENDED&page=1&pageSize=10',
    ]);
  });

  it('opens the tab the address names', async () => {
    const fetchMock = serve({ PAID: [paid] });
    await renderScreen('/orders?status=PAID');
    expect(await screen.findAllByTestId('order-card')).toHaveLength(1);
    expect(callsOf(fetchMock)).toEqual(['GET /api/orders?status=PAID&page=1&pageSize=10']);
  });
});

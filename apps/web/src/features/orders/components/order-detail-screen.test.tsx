import type { Order } from '@school/contract/orders';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { openCashier } from '../logic/open-cashier';
import { acceptedRefundAt, orderAt, paidOrderAt } from '../testing/order-fixtures';
import OrderDetailScreen from './order-detail-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));
const confirm = vi.hoisted(() => vi.fn<() => Promise<boolean>>());
vi.mock('../../../lib/confirm-dialog', () => ({ confirmDialog: confirm }));
vi.mock('../logic/open-cashier', () => ({ openCashier: vi.fn() }));

const now = Date.parse('2026-11-25T08:00:00Z');
const tradeNo = '20261125080000123456';
const base = `/api/orders/${tradeNo}`;

function renderScreen(search = '') {
  return renderWithProviders(
    <Routes>
      <Route path="/orders/:tradeNo" element={<OrderDetailScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path: `/orders/${tradeNo}${search}` },
  );
}

const toasted = (content: string) => expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content }));

describe('order detail', () => {
  let order: Order;
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    toastShow.mockReset();
    confirm.mockReset();
    vi.mocked(openCashier).mockReset();
    order = orderAt(now);
    fetchMock = routedFetch((url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.pathname === base) return jsonResponse(200, order);
      if (method === 'POST' && url.pathname === `${base}/cancel`) {
        order = orderAt(now, { status: 'CANCELED', endedAt: new Date(now + 60_000).toISOString() });
        return jsonResponse(200, order);
      }
      if (method === 'POST' && url.pathname === `${base}/payments`)
        return jsonResponse(200, { kind: 'redirect', url: '/cashier' });
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows an unpaid order: deadline, product link, amounts and details', async () => {
    await renderScreen();
    const state = await screen.findByTestId('order-state');
    const deadline = new Date(order.expiresAt);
    const hhmm = `${String(deadline.getHours()).padStart(2, '0')}:${String(deadline.getMinutes()).padStart(2, '0')}`;
    expect(state.textContent).toBe(`UnpaidPay before ${hhmm}, or the order closes.`);
    expect(screen.getByRole('link', { name: 'React 19: Zero to Production' }).getAttribute('href')).toBe(
      '/courses/react-19',
    );
    expect(screen.getByTestId('order-discount').textContent).toBe('-¥29.85');
    expect(screen.getByText('Coupon discount (Spring offer)')).toBeTruthy();
    expect(screen.getByTestId('order-payable').textContent).toBe('¥169.15');
    expect(screen.getByTestId('order-trade-no').textContent).toContain(tradeNo);
    expect(screen.getByRole('group', { name: 'Payment method' })).toBeTruthy();
    expect(screen.queryByTestId('apply-refund')).toBeNull();
  });

  it('copies the order number', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the order number' }));
    await vi.waitFor(() => toasted('Copied'));
    expect(writeText).toHaveBeenCalledWith(tradeNo);
  });

  it('cancels only after the learner confirms', async () => {
    confirm.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Cancel this order?' }));
    expect(callsOf(fetchMock)).not.toContain(`POST ${base}/cancel`);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await vi.waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Cancelled'));
    expect(callsOf(fetchMock)).toContain(`POST ${base}/cancel`);
    await vi.waitFor(() => toasted('Order cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('pays an unpaid order with the chosen method', async () => {
    await renderScreen();
    fireEvent.click(await screen.findByRole('radio', { name: 'Alipay' }));
    fireEvent.click(screen.getByTestId('pay'));
    await vi.waitFor(() => expect(openCashier).toHaveBeenCalledWith('/cashier'));
    const payment = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/payments'));
    expect(JSON.parse(String(payment?.[1]?.body))).toEqual({ method: 'ALIPAY' });
  });

  it('back from the cashier and paid: announces it and goes to the product', async () => {
    order = paidOrderAt(now);
    await renderScreen('?paying=1');
    expect((await screen.findByTestId('location')).textContent).toBe('/courses/react-19');
    toasted('Payment succeeded');
  });

  it('back from the cashier unpaid: says so and offers to pay again', async () => {
    await renderScreen('?paying=1');
    expect((await screen.findByTestId('payment-not-completed')).textContent).toContain('Payment not completed');
    expect(screen.getByTestId('pay').textContent).toContain('Pay again');
  });

  it('offers a refund while one may be asked for, and shows a refused one with its note', async () => {
    order = paidOrderAt(now);
    const first = await renderScreen();
    expect((await screen.findByRole('link', { name: 'Apply for a refund' })).getAttribute('href')).toBe(
      `/orders/${tradeNo}/refund`,
    );
    expect(screen.getByTestId('order-state').textContent).toContain('Paid');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    first.unmount();

    order = paidOrderAt(now, {
      refundableUntil: null,
      refund: {
        refundNo: 'R1',
        reason: 'NO_TIME_TO_STUDY',
        amount: 16915,
        description: '',
        status: 'REFUSED',
        reviewNote: 'Outside the policy',
        createdAt: new Date(now).toISOString(),
        reviewedAt: new Date(now).toISOString(),
        payout: null,
        settledAt: null,
      },
    });
    await renderScreen();
    expect((await screen.findByTestId('refund-status')).textContent).toContain('Refused');
    expect(screen.getByTestId('refund-note').textContent).toContain('Outside the policy');
    expect(screen.getByTestId('order-refund').textContent).toContain('No time to study');
    expect(screen.queryByRole('link', { name: 'Apply for a refund' })).toBeNull();
  });

  it('shows an accepted refund being refunded, refunded, or failed with what happens next', async () => {
    const shown: string[][] = [];
    for (const payout of ['PROCESSING', 'REFUNDED', 'FAILED'] as const) {
      order = paidOrderAt(now, { refundableUntil: null, refund: acceptedRefundAt(now, payout) });
      const view = await renderScreen();
      const status = await screen.findByTestId('refund-status');
      shown.push([
        status.textContent ?? '',
        screen.getByTestId('refund-payout').textContent ?? '',
        screen.queryByTestId('refund-payout-hint')?.textContent ?? '',
      ]);
      expect(screen.queryByRole('link', { name: 'Apply for a refund' })).toBeNull();
      view.unmount();
    }
    expect(shown).toEqual([
      ['StatusAccepted', 'MoneyBeing refunded', ''],
      ['StatusAccepted', 'MoneyRefunded', 'The money went back the way you paid.'],
      [
        'StatusAccepted',
        'MoneyRefund failed',
        'The payment service could not return the money. The school will pay it back to you another way; please contact them if you have questions.',
      ],
    ]);
  });

  it('says why no refund is offered on a paid order, and leads to the course', async () => {
    const reasons: string[] = [];
    const cases: Partial<Order>[] = [
      { refundableUntil: null, refundWindowEnd: new Date(now - 86_400_000).toISOString() },
      { refundableUntil: null, refundWindowEnd: null, refundPolicy: { days: 0, partial: false } },
    ];
    for (const over of cases) {
      order = paidOrderAt(now - 8 * 86_400_000, over);
      const view = await renderScreen();
      reasons.push((await screen.findByTestId('refund-terms')).textContent ?? '');
      expect(screen.getByRole('link', { name: 'Go study' }).getAttribute('href')).toBe('/courses/react-19');
      expect(screen.queryByRole('link', { name: 'Apply for a refund' })).toBeNull();
      view.unmount();
    }
    expect(reasons[0]).toMatch(/^Refunds could be requested until \d{4}\u2011\d\d\u2011\d\d; that time has passed\.$/);
    expect(reasons[1]).toBe('This school does not offer refunds.');
  });

  it('withdraws a refund under review after a confirmation; the header says it is under review meanwhile', async () => {
    const pending = acceptedRefundAt(now, null, { status: 'CREATED', reviewedAt: null, settledAt: null });
    order = paidOrderAt(now, { refundableUntil: null, refund: pending });
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if ((init?.method ?? 'GET') === 'GET' && url.pathname === base) return jsonResponse(200, order);
      if (init?.method === 'POST' && url.pathname === `${base}/refunds/latest/withdraw`) {
        order = paidOrderAt(now, { refund: { ...pending, status: 'WITHDRAWN' } });
        return jsonResponse(200, order);
      }
      return jsonResponse(404, { code: 'notFound', message: 'x' });
    });
    await renderScreen();
    const state = await screen.findByTestId('order-state');
    expect(state.textContent).toBe(
      'PaidYour refund request is under review. You can keep learning until it is accepted.',
    );
    expect(state.textContent).not.toContain('start learning now');
    expect(screen.getByRole('link', { name: 'Go study' })).toBeTruthy();

    confirm.mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(callsOf(fetchMock)).not.toContain(`POST ${base}/refunds/latest/withdraw`);

    confirm.mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await vi.waitFor(() => toasted('Refund request withdrawn'));
    expect((await screen.findByTestId('refund-status')).textContent).toContain('Withdrawn');
    expect(await screen.findByRole('link', { name: 'Apply for a refund' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
  });

  it('explains a missing order', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(404, { code: 'orderNotFound', message: 'x' }));
    await renderScreen();
    expect(await screen.findByText('This order does not exist or is not yours.')).toBeTruthy();
  });
});

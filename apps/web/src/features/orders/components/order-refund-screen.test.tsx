import type { Order } from '@school/contract/orders';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { paidOrderAt } from '../testing/order-fixtures';
import OrderRefundScreen from './order-refund-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const now = Date.parse('2026-11-25T08:00:00Z');
const tradeNo = '20261125080000123456';
const base = `/api/orders/${tradeNo}`;

function renderScreen() {
  return renderWithProviders(
    <Routes>
      <Route path="/orders/:tradeNo/refund" element={<OrderRefundScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path: `/orders/${tradeNo}/refund` },
  );
}

describe('refund application', () => {
  let order: Order;
  let fetchMock: ReturnType<typeof routedFetch>;
  let refundAnswer: () => Response;
  beforeEach(() => {
    toastShow.mockReset();
    order = paidOrderAt(now);
    refundAnswer = () => jsonResponse(201, order);
    fetchMock = routedFetch((url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.pathname === base) return jsonResponse(200, order);
      if (method === 'POST' && url.pathname === `${base}/refunds`) return refundAnswer();
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const amountField = () => screen.getByRole('textbox', { name: 'Refund amount' }) as HTMLInputElement;
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

  it('needs a reason', async () => {
    await renderScreen();
    expect((await screen.findByRole('textbox', { name: 'Refund amount' })) as HTMLInputElement).toBeTruthy();
    expect(amountField().value).toBe('169.15');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a reason for the refund');
    expect(callsOf(fetchMock)).toEqual([`GET ${base}`]);
  });

  it('refuses more than was paid where the school allows part of it', async () => {
    order = paidOrderAt(now, { refundPolicy: { days: 7, partial: true } });
    await renderScreen();
    fireEvent.click(await screen.findByRole('radio', { name: 'No time to study' }));
    fireEvent.change(amountField(), { target: { value: '169.16' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The refund cannot be more than what was paid');
    expect(amountField().getAttribute('aria-invalid')).toBe('true');
    expect(callsOf(fetchMock)).toEqual([`GET ${base}`]);
  });

  it('sends the reason, the amount in cents and the details, then goes back to the order', async () => {
    order = paidOrderAt(now, { refundPolicy: { days: 7, partial: true } });
    await renderScreen();
    expect((await screen.findByTestId('refund-amount-hint')).textContent).toBe('At most ¥169.15');
    fireEvent.click(await screen.findByRole('radio', { name: 'The product does not suit me' }));
    fireEvent.change(amountField(), { target: { value: '100.5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Details (optional)' }), { target: { value: 'Too hard' } });
    expect(screen.getByTestId('refund-counter').textContent).toBe('8 / 500');
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe(`/orders/${tradeNo}`);
    const sent = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/refunds'));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      reason: 'PRODUCT_UNSUITABLE',
      amount: 10050,
      description: 'Too hard',
    });
    expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Refund requested' }));
  });

  it('refunds the whole amount paid where the school allows no part, and says what happens to access', async () => {
    await renderScreen();
    fireEvent.click(await screen.findByRole('radio', { name: 'No time to study' }));
    expect(amountField().readOnly).toBe(true);
    expect(amountField().value).toBe('169.15');
    expect(screen.getByTestId('refund-amount-hint').textContent).toBe('The whole amount paid is refunded.');
    expect(screen.getByTestId('refund-access').textContent).toBe(
      'When the school accepts the refund, your access to this ends.',
    );
    submit();
    expect((await screen.findByTestId('location')).textContent).toBe(`/orders/${tradeNo}`);
    const sent = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/refunds'));
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ amount: 16915 });
  });

  it('puts a refused amount on its field', async () => {
    refundAnswer = () => jsonResponse(400, { code: 'validationFailed', message: 'x', field: 'amount' });
    await renderScreen();
    fireEvent.click(await screen.findByRole('radio', { name: 'No time to study' }));
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The refund cannot be more than what was paid');
  });

  it('says when the order cannot be refunded', async () => {
    order = paidOrderAt(now, { refundableUntil: null });
    await renderScreen();
    expect(await screen.findByText('This order cannot be refunded now')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the order' }).getAttribute('href')).toBe(`/orders/${tradeNo}`);
  });
});

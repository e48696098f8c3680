import type { OrderConfirmation } from '@school/contract/orders';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { openCashier } from '../logic/open-cashier';
import { confirmationOf, orderAt } from '../testing/order-fixtures';
import OrderConfirmScreen from './order-confirm-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));
vi.mock('../logic/open-cashier', () => ({ openCashier: vi.fn() }));

const order = orderAt(Date.now());
const cashier = `/api/payments/sandbox/cashier/${order.tradeNo}`;

function renderScreen(path = '/orders/confirm?type=COURSE&uid=react-19') {
  return renderWithProviders(
    <Routes>
      <Route path="/orders/confirm" element={<OrderConfirmScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path },
  );
}

const bodiesOf = (fetchMock: ReturnType<typeof routedFetch>, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('order confirmation', () => {
  let confirmation: OrderConfirmation;
  let fetchMock: ReturnType<typeof routedFetch>;
  let createAnswer: () => Response | Promise<Response>;
  let paymentAnswer: () => Response;

  beforeEach(() => {
    toastShow.mockReset();
    vi.mocked(openCashier).mockReset();
    confirmation = confirmationOf();
    createAnswer = () => jsonResponse(201, order);
    paymentAnswer = () => jsonResponse(200, { kind: 'redirect', url: cashier });
    fetchMock = routedFetch((url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.pathname === '/api/orders/confirmation') return jsonResponse(200, confirmation);
      if (method === 'POST' && url.pathname === '/api/orders') return createAnswer();
      if (method === 'POST' && url.pathname === `/api/orders/${order.tradeNo}/payments`) return paymentAnswer();
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge;
  });

  it('shows the product, preselects the best coupon and shows what is to pay', async () => {
    await renderScreen();
    expect(await screen.findByText('React 19: Zero to Production')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual(['GET /api/orders/confirmation?productType=COURSE&uid=react-19']);
    expect(screen.getByTestId('confirm-validity').textContent).toBe('Valid for 365 days after joining');
    // Each method shows its service's own mark (a picture of its logo, not a letter), hidden from readers.
    const methods = screen.getByRole('group', { name: 'Payment method' });
    for (const [method, colour] of [
      ['WECHAT', '07c160'],
      ['ALIPAY', '1677ff'],
    ] as const) {
      const mark = within(methods).getByTestId(`method-mark-${method}`);
      expect(mark.tagName.toLowerCase()).toBe('img');
      expect(mark.getAttribute('alt')).toBe('');
      // The build serves it as a file; the tests' transform inlines it, in the service's colour.
      expect(decodeURIComponent(mark.getAttribute('src') ?? '')).toMatch(new RegExp(`\\.svg$|${colour}`));
    }
    const coupons = screen.getByRole('group', { name: 'Coupon' });
    const [best, amount, none] = within(coupons).getAllByRole('radio') as HTMLInputElement[];
    expect(best!.checked).toBe(true);
    expect(amount!.checked).toBe(false);
    expect(none!.checked).toBe(false);
    expect(coupons.textContent).toContain('15% off');
    expect(coupons.textContent).toContain('¥10.00 off');
    expect(coupons.textContent).toContain('Valid until 2030-06-30');
    expect(screen.getByTestId('confirm-saving').textContent).toBe('-¥29.85');
    expect(screen.getByTestId('confirm-payable').textContent).toBe('¥169.15');
    expect(screen.getByTestId('bar-payable').textContent).toBe('¥169.15');

    fireEvent.click(within(coupons).getByRole('radio', { name: 'No coupon' }));
    expect(screen.getByTestId('confirm-payable').textContent).toBe('¥199.00');
    expect(screen.queryByTestId('confirm-saving')).toBeNull();
    fireEvent.click(amount!);
    expect(screen.getByTestId('confirm-payable').textContent).toBe('¥189.00');
    // The school's refund rules, before paying.
    expect(screen.getByTestId('confirm-refund-policy').textContent).toBe(
      'Refunds: within 7 days of payment, of the whole amount.',
    );
  });

  it('makes one order on a double tap, with one key, then opens the cashier', async () => {
    await renderScreen();
    const pay = await screen.findByRole('button', { name: 'Pay' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await vi.waitFor(() => expect(openCashier).toHaveBeenCalledWith(cashier));
    const creates = bodiesOf(fetchMock, '/api/orders');
    expect(creates).toHaveLength(1);
    expect(creates[0]).toEqual({
      productType: 'COURSE',
      uid: 'react-19',
      couponId: 7,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(bodiesOf(fetchMock, `/api/orders/${order.tradeNo}/payments`)).toEqual([{ method: 'WECHAT' }]);
    // On its way to the cashier: Pay stays off.
    expect((screen.getByTestId('pay') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the same key again when a failed Pay is retried', async () => {
    createAnswer = () => jsonResponse(500, { code: 'internalError', message: 'x' });
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(toastShow).toHaveBeenCalled());
    createAnswer = () => jsonResponse(200, order);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(openCashier).toHaveBeenCalled());
    const [first, second] = bodiesOf(fetchMock, '/api/orders');
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });

  it('sends a new key when the learner chose another coupon before trying again', async () => {
    createAnswer = () => jsonResponse(500, { code: 'internalError', message: 'x' });
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(toastShow).toHaveBeenCalled());
    fireEvent.click(within(screen.getByRole('group', { name: 'Coupon' })).getByRole('radio', { name: 'No coupon' }));
    createAnswer = () => jsonResponse(201, order);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(openCashier).toHaveBeenCalled());
    const [first, second] = bodiesOf(fetchMock, '/api/orders');
    expect([first!.couponId, second!.couponId]).toEqual([7, null]);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it('offers WeChat Pay only inside the WeChat browser and pays through its bridge', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47');
    const params = {
      appId: 'wx1',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=p',
      signType: 'RSA',
      paySign: 's',
    } as const;
    paymentAnswer = () => jsonResponse(200, { kind: 'wechatJsapi', params });
    const invoke = vi.fn((_name: string, _params: object, done: (result: { err_msg: string }) => void) =>
      done({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    (window as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke };
    await renderScreen();
    const methods = await screen.findByRole('group', { name: 'Payment method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['WECHAT']);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findByTestId('location')).textContent).toBe(`/orders/${order.tradeNo}?paying=1`);
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
    expect(openCashier).not.toHaveBeenCalled();
  });

  it('says so when WeChat Pay has no bridge to go through', async () => {
    paymentAnswer = () =>
      jsonResponse(200, {
        kind: 'wechatJsapi',
        params: { appId: 'a', timeStamp: '1', nonceStr: 'n', package: 'p', signType: 'RSA', paySign: 's' },
      });
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await vi.waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'WeChat Pay is not available in this browser' }),
      ),
    );
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('points to an unpaid order of the product', async () => {
    confirmation = confirmationOf({ unpaidTradeNo: 'T9', coupons: [] });
    await renderScreen();
    expect((await screen.findByTestId('unpaid-notice')).textContent).toContain('You have an unpaid order for this.');
    expect(screen.getByRole('link', { name: 'View the order' }).getAttribute('href')).toBe('/orders/T9');
    expect(screen.queryByRole('group', { name: 'Coupon' })).toBeNull();
    expect(screen.getByTestId('confirm-payable').textContent).toBe('¥199.00');
  });

  it('tells a member they own it already, with the way back to it', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(409, { code: 'memberExisted', message: 'x' }));
    await renderScreen('/orders/confirm?type=EXAM&uid=final');
    expect(await screen.findByText('You already own this')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to it' }).getAttribute('href')).toBe('/exam/final');
  });

  it('shows a failure with a retry', async () => {
    fetchMock.mockImplementationOnce(async () => jsonResponse(500, { code: 'internalError', message: 'x' }));
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeTruthy();
  });
});

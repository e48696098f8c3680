import type { MyCoupon, MyCouponList } from '@school/contract/my-coupons';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allMessages } from '../../../app/messages/registry/all-messages';
import { startI18n } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { jsonResponse, callsOf, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import MyCouponsScreen from './my-coupons-screen';

const base = { heldBy: null, usedBy: null } satisfies Partial<MyCoupon>;
const welcome: MyCoupon = {
  ...base,
  id: 1,
  code: 'welcome85',
  title: 'New learner offer',
  discount: 8.5,
  amountOff: null,
  appliesTo: { type: 'COURSE', product: null },
  validUntil: '2027-02-25T22:00:00Z',
};
const react: MyCoupon = {
  ...base,
  id: 2,
  code: 'react70',
  title: 'React course: limited offer',
  discount: 7,
  amountOff: null,
  appliesTo: { type: 'COURSE', product: { uid: 'react-19', title: 'React 19' } },
  validUntil: null,
  heldBy: { tradeNo: 'T2026112800001' },
};
const classes: MyCoupon = {
  ...base,
  id: 3,
  code: 'class-welcome',
  title: '5 off any classroom',
  discount: null,
  amountOff: 2000,
  appliesTo: { type: 'CLASSROOM', product: null },
  validUntil: '2026-12-01T00:00:00Z',
};
const used: MyCoupon = {
  ...welcome,
  usedBy: { tradeNo: 'T2026112800002', paidAt: '2026-11-28T10:30:00Z' },
};
const expired: MyCoupon = { ...classes, id: 4, code: 'old', title: 'Last summer', validUntil: '2026-08-31T00:00:00Z' };

const pageOf = (items: MyCoupon[]): MyCouponList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 10,
  currency: 'CNY',
});

function answering(lists: Partial<Record<string, MyCoupon[]>>) {
  return routedFetch((url) =>
    url.pathname === '/api/me/coupons'
      ? jsonResponse(200, pageOf(lists[url.searchParams.get('status') ?? ''] ?? []))
      : undefined,
  );
}

const cards = () => screen.findAllByTestId('coupon-card');

describe('my coupons', () => {
  beforeEach(() => {
    localStorage.clear();
    session.saveUser(learner);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists usable coupons with the saving, what they apply to and until when, each with its way on', async () => {
    const fetch = answering({ usable: [classes, welcome, react] });
    vi.stubGlobal('fetch', fetch);
    await renderWithProviders(<MyCouponsScreen />, { path: '/me/coupons' });
    const [first, second, third] = await cards();
    expect(within(first!).getByTestId('coupon-saving').textContent).toBe('¥20.00 off');
    expect(within(first!).getByTestId('coupon-applies-to').textContent).toBe('All classrooms');
    expect(within(first!).getByRole('link', { name: 'Use it' }).getAttribute('href')).toBe('/classrooms');
    expect(within(second!).getByTestId('coupon-saving').textContent).toBe('15% off');
    expect(within(second!).getByTestId('coupon-validity').textContent).toMatch(/^Valid until 2027-02-2[56]$/);
    expect(within(second!).getByRole('link', { name: 'Use it' }).getAttribute('href')).toBe('/courses');
    // One product: Use it leads to it. Held by an unpaid order: it says so and leads to that order instead.
    expect(within(third!).getByTestId('coupon-saving').textContent).toBe('30% off');
    expect(within(third!).getByTestId('coupon-applies-to').textContent).toBe('Only for React 19');
    expect(within(third!).getByTestId('coupon-validity').textContent).toBe('No expiry date');
    expect(within(third!).getByText('Held by an unpaid order')).toBeTruthy();
    expect(within(third!).queryByRole('link', { name: 'Use it' })).toBeNull();
    expect(within(third!).getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
      '/orders/T2026112800001',
    );
    expect(callsOf(fetch)).toEqual(['GET /api/me/coupons?status=usable&page=1&pageSize=10']);
  });

  it('shows used coupons with their order, and expired ones greyed with nowhere to go', async () => {
    vi.stubGlobal('fetch', answering({ used: [used], expired: [expired] }));
    await renderWithProviders(<MyCouponsScreen />, { path: '/me/coupons?status=used' });
    const [card] = await cards();
    expect(card!.dataset.status).toBe('used');
    expect(within(card!).getByTestId('coupon-state').textContent).toMatch(/^Used 2026-11-28 \d\d:30$/);
    expect(within(card!).getByRole('link', { name: 'View order' }).getAttribute('href')).toBe('/orders/T2026112800002');

    fireEvent.click(screen.getByRole('tab', { name: 'Expired' }));
    const expiredCard = await screen.findByText('Last summer');
    const article = expiredCard.closest('article')!;
    expect(article.dataset.status).toBe('expired');
    expect(within(article).getByTestId('coupon-validity').textContent).toMatch(/^Expired 2026-08-3[01]$/);
    expect(within(article).queryAllByRole('link')).toEqual([]);
  });

  it('says so when a tab has none', async () => {
    vi.stubGlobal('fetch', answering({}));
    await renderWithProviders(<MyCouponsScreen />, { path: '/me/coupons' });
    expect(await screen.findByText('No coupons to use right now')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Used' }));
    expect(await screen.findByText('No coupons used yet')).toBeTruthy();
  });

  it('speaks Chinese in Chinese: 8.5折, 减¥20.00, 长期有效', async () => {
    vi.stubGlobal('fetch', answering({ usable: [classes, welcome, react] }));
    await renderWithProviders(<MyCouponsScreen />, { path: '/me/coupons' });
    await cards();
    await act(() => startI18n('cn', async () => allMessages.cn));
    const [first, second, third] = await cards();
    expect(within(first!).getByTestId('coupon-saving').textContent).toBe('减¥20.00');
    expect(within(first!).getByTestId('coupon-applies-to').textContent).toBe('全部班级可用');
    expect(within(second!).getByTestId('coupon-saving').textContent).toBe('8.5折');
    expect(within(second!).getByRole('link', { name: '去使用' })).toBeTruthy();
    expect(within(third!).getByTestId('coupon-validity').textContent).toBe('长期有效');
    expect(within(third!).getByTestId('coupon-applies-to').textContent).toBe('仅限《React 19》');
    expect(screen.getByRole('tab', { name: '已过期' })).toBeTruthy();
  });
});

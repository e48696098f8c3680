import type { MyCouponList } from '@school/contract/my-coupons';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { newLearner, noticesGone } from './catalogue-support.js';
import { apiConfirmation, cashierUrl, money, orderText, products, tradeNoIn } from './orders-support.js';
import { expectAccessible, logIn, pathOf, screenHeading, toast } from './support.js';

// Me → My coupons in the browser (docs/product.md#my-coupons), in English (the screen's component
// test reads it in Chinese): a learner of the journey's own finds the React course's coupon under
// Usable, taps Use it, buys the course with it at the sandbox cashier, and finds it under Used
// with its order. Titles and amounts come from the API, never hard-coded.

const c = {
  meLink: 'My coupons',
  heading: 'My coupons',
  tabs: 'Coupons by state',
  usable: 'Usable',
  used: 'Used',
  useIt: 'Use it',
  viewOrder: 'View order',
  forProduct: (title: string) => `Only for ${title}`,
};
const o = orderText.en;

/** The learner's coupons in one state, as the API lists them. */
async function apiCoupons(page: Page, status: 'usable' | 'used' | 'expired'): Promise<MyCouponList> {
  const res = await page.request.get(`/api/me/coupons?status=${status}&pageSize=50`, {
    headers: { 'accept-language': 'en' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as MyCouponList;
}

test('a usable coupon: Use it, buy the course with it, then find it under Used with its order', async ({
  page,
  request,
}) => {
  // A purchase through the cashier and three axe runs: as long as the order journeys' own.
  test.setTimeout(60_000);
  // A learner of its own (newLearner 10–19: orders): the demo learner keeps its courses unbought.
  const account = await newLearner(request, 12);
  await logIn(page, account);
  const uid = products.reactCourse;
  const usable = await apiCoupons(page, 'usable');
  // The coupon for this one course (REACT70), not the school-wide one.
  const coupon = usable.items.find((item) => item.appliesTo.product?.uid === uid)!;
  expect(coupon, 'the demo school has a coupon for the React course').toBeDefined();

  // Me → My coupons: Usable first, the coupon with its saving and what it is for.
  await page.goto('/mobile/me');
  await page.getByRole('link', { name: c.meLink }).click();
  await expect.poll(() => pathOf(page)).toBe('/mobile/me/coupons');
  await expect(screenHeading(page)).toHaveText(c.heading);
  const tabs = page.getByRole('tablist', { name: c.tabs });
  await expect(tabs.getByRole('tab', { name: c.usable })).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByTestId('coupon-card');
  await expect(cards).toHaveCount(usable.items.length);
  const card = cards.filter({ has: page.getByRole('heading', { name: coupon.title }) });
  await expect(card.getByTestId('coupon-saving')).toHaveText(`${Math.round((10 - coupon.discount!) * 10)}% off`);
  await expect(card.getByTestId('coupon-applies-to')).toHaveText(c.forProduct(coupon.appliesTo.product!.title));
  await expectAccessible(page);

  // Use it: the course, then Buy; the confirmation preselects this coupon (it saves the most).
  await card.getByRole('link', { name: c.useIt }).click();
  await expect.poll(() => pathOf(page)).toBe(`/mobile/courses/${uid}`);
  const action = page.getByTestId('course-action');
  await expect(action).toHaveText(o.buy);
  await action.click();
  await expect(screenHeading(page)).toHaveText(o.confirmHeading);
  const confirmation = await apiConfirmation(page, 'COURSE', uid, 'en');
  expect(confirmation.coupons[0]!.id).toBe(coupon.id);
  const couponGroup = page.getByRole('group', { name: o.couponGroup });
  await expect(couponGroup.getByRole('radio', { name: coupon.title })).toBeChecked();
  const payable = confirmation.price.amount - confirmation.coupons[0]!.saving;
  await expect(page.getByTestId('confirm-payable')).toHaveText(money(payable, confirmation.price.currency));

  // Pay at the sandbox cashier; back on the course, a member.
  await page.getByRole('button', { name: o.pay, exact: true }).click();
  await expect(page).toHaveURL(cashierUrl);
  const tradeNo = tradeNoIn(page.url(), cashierUrl);
  await page.getByRole('button', { name: o.cashier.pay, exact: true }).click();
  await expect(toast(page, o.succeeded)).toBeVisible();
  await expect.poll(() => pathOf(page)).toBe(`/mobile/courses/${uid}`);
  await expect(action).toHaveText(o.start);
  await noticesGone(page);

  // Me → My coupons → Used: the coupon, with its order; no longer under Usable.
  await page.goto('/mobile/me');
  await page.getByRole('link', { name: c.meLink }).click();
  await expect(cards).toHaveCount(usable.items.length - 1);
  await expect(cards.filter({ has: page.getByRole('heading', { name: coupon.title }) })).toHaveCount(0);
  await tabs.getByRole('tab', { name: c.used }).click();
  await expect.poll(() => pathOf(page)).toBe('/mobile/me/coupons?status=used');
  const used = cards.filter({ has: page.getByRole('heading', { name: coupon.title }) });
  await expect(used).toHaveAttribute('data-status', 'used');
  await expect(used.getByTestId('coupon-state')).toHaveText(/^Used \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  const orderLink = used.getByRole('link', { name: c.viewOrder });
  await expect(orderLink).toHaveAttribute('href', `/mobile/orders/${tradeNo}`);
  expect((await apiCoupons(page, 'used')).items.map((item) => item.usedBy?.tradeNo)).toEqual([tradeNo]);
  await expectAccessible(page);

  await orderLink.click();
  await expect.poll(() => pathOf(page)).toBe(`/mobile/orders/${tradeNo}`);
  await expect(screenHeading(page)).toHaveText(o.detailHeading);
  await expect(page.getByTestId('order-status')).toHaveText(o.status.PAID);
});

import { orderPaths } from '@school/contract/order-paths';
import { myCouponListSchema, myCouponPaths, type MyCouponList } from '@school/contract/my-coupons';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, courses } from '../../db/schema.js';
import { newAccount, type TestAccount } from '../../testing/accounts.js';
import { day, get, post, secondSite, tenantIdOf } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { orderFor, paidProducts, payOnCashier } from './orders-testing.js';

/*
 * Me → My coupons (GET /api/me/coupons): the school's coupons as one learner's orders left them.
 * The demo school's own coupons are listed too; these tests add theirs and look at those.
 */

let t: TestApp;
let course: { id: number; uid: string; price: number };
let exam: { id: number; uid: string; price: number };
let classroom: { id: number; uid: string; price: number };
const minute = 60_000;

/** Codes of the coupons these tests add to the demo school (and one to the second school). */
const ours = {
  soon: 'mc-soon',
  later: 'mc-later',
  forever: 'mc-forever',
  past: 'mc-past',
  older: 'mc-older',
  gone: 'mc-gone',
  elsewhere: 'mc-elsewhere',
  brief: 'mc-brief',
  offSale: 'mc-off-sale',
} as const;

beforeAll(async () => {
  t = await createTestApp();
  const demo = await tenantIdOf(t);
  const second = await tenantIdOf(t, 'second');
  course = (await paidProducts(t, 'COURSE'))[0]!;
  exam = (await paidProducts(t, 'EXAM'))[0]!;
  classroom = (await paidProducts(t, 'CLASSROOM'))[0]!;
  const now = t.clock.now().getTime();
  const title = (en: string) => ({ cn: `优惠 ${en}`, en });
  await t.db.insert(coupons).values([
    // Every exam, 10 % off, two days left.
    {
      tenantId: demo,
      code: ours.soon,
      title: title('Soon'),
      discountTenths: 90,
      targetType: 'EXAM',
      validUntil: new Date(now + 2 * day),
    },
    // Every classroom, 5.00 off, twenty days left.
    {
      tenantId: demo,
      code: ours.later,
      title: title('Later'),
      amountOffCents: 500,
      targetType: 'CLASSROOM',
      validUntil: new Date(now + 20 * day),
    },
    // One course, 20 % off, never expires.
    {
      tenantId: demo,
      code: ours.forever,
      title: title('Forever'),
      discountTenths: 80,
      targetType: 'COURSE',
      targetId: course.id,
      validUntil: null,
    },
    {
      tenantId: demo,
      code: ours.past,
      title: title('Past'),
      discountTenths: 50,
      targetType: 'COURSE',
      validUntil: new Date(now - day),
    },
    {
      tenantId: demo,
      code: ours.older,
      title: title('Older'),
      discountTenths: 50,
      targetType: 'COURSE',
      validUntil: new Date(now - 10 * day),
    },
    // For a course that is not there (any more): nothing to use it on.
    {
      tenantId: demo,
      code: ours.gone,
      title: title('Gone'),
      discountTenths: 50,
      targetType: 'COURSE',
      targetId: 2_000_000_000,
      validUntil: null,
    },
    {
      tenantId: second,
      code: ours.elsewhere,
      title: title('Elsewhere'),
      discountTenths: 50,
      targetType: 'COURSE',
      validUntil: null,
    },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function listOf(account: { cookie: string }, query: string, site: { host: string } = { host: 'localhost:8080' }) {
  const res = await get(t, `${myCouponPaths.list}?${query}`, account.cookie, {
    host: site.host,
    'accept-language': 'en',
  });
  expect(res.statusCode, res.body).toBe(200);
  return myCouponListSchema.parse(res.json());
}

const codes = (list: MyCouponList) => list.items.map((item) => item.code);
const itemOf = (list: MyCouponList, code: string) => list.items.find((item) => item.code === code);

async function couponId(code: string) {
  const [row] = await t.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
  return row!.id;
}

describe('GET /api/me/coupons', () => {
  let me: TestAccount;
  beforeAll(async () => {
    me = await newAccount(t);
  });

  it('usable: every coupon still valid, soonest expiry first and the undated last, with what it takes off and applies to', async () => {
    const list = await listOf(me, 'status=usable&pageSize=50');
    const all = codes(list);
    expect(all.indexOf(ours.soon)).toBeGreaterThanOrEqual(0);
    expect(all.indexOf(ours.soon)).toBeLessThan(all.indexOf(ours.later));
    expect(all.indexOf(ours.later)).toBeLessThan(all.indexOf(ours.forever));
    for (const gone of [ours.past, ours.older, ours.gone, ours.elsewhere]) expect(all).not.toContain(gone);
    // The dated ones by date, the undated after them.
    const dates = list.items.map((item) => (item.validUntil === null ? Infinity : Date.parse(item.validUntil)));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(
      list.items.every((item) => item.validUntil === null || Date.parse(item.validUntil) > t.clock.now().getTime()),
    ).toBe(true);
    expect(list).toMatchObject({ total: list.items.length, page: 1, pageSize: 50, currency: 'CNY' });

    expect(itemOf(list, ours.soon)).toMatchObject({
      title: 'Soon',
      discount: 9,
      amountOff: null,
      appliesTo: { type: 'EXAM', product: null },
      heldBy: null,
      usedBy: null,
    });
    expect(itemOf(list, ours.later)).toMatchObject({
      discount: null,
      amountOff: 500,
      appliesTo: { type: 'CLASSROOM', product: null },
    });
    expect(itemOf(list, ours.forever)).toMatchObject({
      discount: 8,
      validUntil: null,
      appliesTo: { type: 'COURSE', product: { uid: course.uid } },
    });
    expect(itemOf(list, ours.forever)!.appliesTo.product!.title).not.toBe('');
    // Titles in the caller's language.
    const cn = await get(t, `${myCouponPaths.list}?status=usable&pageSize=50`, me.cookie, {
      'accept-language': 'zh-CN',
    });
    expect(itemOf(myCouponListSchema.parse(cn.json()), ours.soon)!.title).toBe('优惠 Soon');
  });

  it('expired: those whose date passed and that the learner never used, most recently expired first', async () => {
    const list = await listOf(me, 'status=expired');
    const all = codes(list);
    expect(all.indexOf(ours.past)).toBeGreaterThanOrEqual(0);
    expect(all.indexOf(ours.past)).toBeLessThan(all.indexOf(ours.older));
    for (const valid of [ours.soon, ours.later, ours.forever, ours.gone, ours.elsewhere])
      expect(all).not.toContain(valid);
    expect(
      list.items.every((item) => item.validUntil !== null && Date.parse(item.validUntil) <= t.clock.now().getTime()),
    ).toBe(true);
  });

  it('used: a paid order took it (its trade number and when), most recently paid first; for another learner it is still usable', async () => {
    const buyer = await newAccount(t);
    expect((await listOf(buyer, 'status=used')).items).toEqual([]);
    const first = await orderFor(t, buyer.cookie, 'COURSE', course.uid, await couponId(ours.forever));
    await payOnCashier(t, buyer.cookie, first.tradeNo);
    t.clock.advance(minute);
    const second = await orderFor(t, buyer.cookie, 'EXAM', exam.uid, await couponId(ours.soon));
    await payOnCashier(t, buyer.cookie, second.tradeNo);

    const used = await listOf(buyer, 'status=used');
    expect(codes(used)).toEqual([ours.soon, ours.forever]);
    expect(used.items[0]!.usedBy!.tradeNo).toBe(second.tradeNo);
    expect(used.items[1]).toMatchObject({ heldBy: null, usedBy: { tradeNo: first.tradeNo } });
    expect(Date.parse(used.items[0]!.usedBy!.paidAt)).toBeGreaterThan(Date.parse(used.items[1]!.usedBy!.paidAt));
    const usable = codes(await listOf(buyer, 'status=usable&pageSize=50'));
    expect(usable).not.toContain(ours.forever);
    expect(usable).not.toContain(ours.soon);

    // Coupons are the school's: another learner still has them to use.
    expect(codes(await listOf(me, 'status=usable&pageSize=50'))).toEqual(
      expect.arrayContaining([ours.forever, ours.soon]),
    );
    expect(codes(await listOf(me, 'status=used'))).toEqual([]);
  });

  it('held: an unpaid order keeps it under Usable, naming the order; cancelling gives it back', async () => {
    const holder = await newAccount(t);
    const order = await orderFor(t, holder.cookie, 'CLASSROOM', classroom.uid, await couponId(ours.later));
    const usable = await listOf(holder, 'status=usable&pageSize=50');
    expect(itemOf(usable, ours.later)).toMatchObject({ heldBy: { tradeNo: order.tradeNo }, usedBy: null });
    expect(codes(await listOf(holder, 'status=used'))).not.toContain(ours.later);

    const cancelled = await post(t, orderPaths.orderCancel(order.tradeNo), holder.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(itemOf(await listOf(holder, 'status=usable&pageSize=50'), ours.later)).toMatchObject({ heldBy: null });
  });

  it('a coupon for a product off sale is not usable (nowhere to use it)', async () => {
    const demo = await tenantIdOf(t);
    const other = (await paidProducts(t, 'COURSE')).find((candidate) => candidate.id !== course.id)!;
    await t.db.insert(coupons).values({
      tenantId: demo,
      code: ours.offSale,
      title: { cn: '下架', en: 'Off sale' },
      discountTenths: 90,
      targetType: 'COURSE',
      targetId: other.id,
      validUntil: null,
    });
    expect(codes(await listOf(me, 'status=usable&pageSize=50'))).toContain(ours.offSale);
    await t.db.update(courses).set({ status: 'UNPUBLISHED' }).where(eq(courses.id, other.id));
    try {
      expect(codes(await listOf(me, 'status=usable&pageSize=50'))).not.toContain(ours.offSale);
      expect(codes(await listOf(me, 'status=expired&pageSize=50'))).not.toContain(ours.offSale);
    } finally {
      await t.db.update(courses).set({ status: 'PUBLISHED' }).where(eq(courses.id, other.id));
      await t.db.delete(coupons).where(eq(coupons.code, ours.offSale));
    }
  });

  it('pages without overlap, and says the total on a page past the end', async () => {
    const whole = await listOf(me, 'status=usable&pageSize=50');
    expect(whole.total).toBeGreaterThanOrEqual(3);
    const pages = await Promise.all([1, 2, 3].map((page) => listOf(me, `status=usable&pageSize=1&page=${page}`)));
    expect(pages.flatMap(codes)).toEqual(codes(whole).slice(0, 3));
    for (const page of pages) expect(page).toMatchObject({ total: whole.total, pageSize: 1 });
    const beyond = await listOf(me, `status=usable&pageSize=10&page=50`);
    expect(beyond).toMatchObject({ items: [], total: whole.total, page: 50 });
    // Without a status: the usable ones.
    expect(codes(await listOf(me, 'pageSize=50'))).toEqual(codes(whole));
  });

  it("never shows another school's coupons, and shows that school's to its learners", async () => {
    const all = [
      ...codes(await listOf(me, 'status=usable&pageSize=50')),
      ...codes(await listOf(me, 'status=used&pageSize=50')),
      ...codes(await listOf(me, 'status=expired&pageSize=50')),
    ];
    expect(all).not.toContain(ours.elsewhere);
    const there = await newAccount(t, { host: secondSite.host });
    const theirs = codes(await listOf(there, 'status=usable&pageSize=50', secondSite));
    expect(theirs).toContain(ours.elsewhere);
    expect(theirs).not.toContain(ours.soon);
  });

  it('refuses a bad status or page with the catalogue validation error, and a visitor with 401', async () => {
    for (const query of ['status=bogus', 'status=USABLE', 'page=0', 'pageSize=51']) {
      const res = await get(t, `${myCouponPaths.list}?${query}`, me.cookie);
      expect([res.statusCode, res.json().code], query).toEqual([400, 'validationFailed']);
    }
    const visitor = await get(t, `${myCouponPaths.list}?status=usable`);
    expect(visitor.statusCode).toBe(401);
    expect(typeof visitor.json().code).toBe('string');
  });

  it('a held coupon stays usable past its own date while its order is unpaid (the order keeps the discount)', async () => {
    const demo = await tenantIdOf(t);
    await t.db.insert(coupons).values({
      tenantId: demo,
      code: ours.brief,
      title: { cn: '短', en: 'Brief' },
      discountTenths: 90,
      targetType: 'EXAM',
      validUntil: new Date(t.clock.now().getTime() + 10 * minute),
    });
    const holder = await newAccount(t);
    const other = await newAccount(t);
    const order = await orderFor(t, holder.cookie, 'EXAM', exam.uid, await couponId(ours.brief));
    t.clock.advance(15 * minute);
    expect(itemOf(await listOf(holder, 'status=usable&pageSize=50'), ours.brief)).toMatchObject({
      heldBy: { tradeNo: order.tradeNo },
    });
    expect(codes(await listOf(holder, 'status=expired&pageSize=50'))).not.toContain(ours.brief);
    // For everyone else it has expired.
    expect(codes(await listOf(other, 'status=usable&pageSize=50'))).not.toContain(ours.brief);
    expect(codes(await listOf(other, 'status=expired&pageSize=50'))).toContain(ours.brief);
    await t.db.delete(coupons).where(inArray(coupons.code, [ours.brief]));
  });
});

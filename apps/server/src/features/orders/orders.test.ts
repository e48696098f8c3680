import { orderPaths } from '@school/contract/order-paths';
import { randomUUID } from 'node:crypto';
import { orderListSchema, orderSchema, operatorRefundListSchema, refundSchema } from '@school/contract/orders';
import { myCourseListSchema } from '@school/contract/learning';
import { apiPaths, backOfficePaths } from '@school/contract/paths';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classroomMembers,
  coupons,
  courseMembers,
  courses,
  examMembers,
  orders,
  paymentSettings,
  refunds,
} from '../../db/schema.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { runJobOnce } from '../../lib/background-jobs.js';
import { newAccount, type TestAccount } from '../../testing/accounts.js';
import { day, get, login, post, secondSite, tenantIdOf } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  confirmation,
  createOrder,
  deliver,
  orderFor,
  paidProducts,
  payOnCashier,
  readOrder,
  sandboxOf,
  sandboxTrade,
  startSandboxPayment,
} from './orders-testing.js';
import { sandboxMerchantId, signSandboxNotification } from '../../providers/payment/sandbox-gateway.js';
import { orderCloseJob } from './order-closing.job.js';

let t: TestApp;
let course: { id: number; uid: string; price: number };
let operatorCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  // A paid course no seeded account owns, with no course-specific coupon.
  const reactCoupon = (await t.db.select().from(coupons).where(eq(coupons.uid, 'react70')))[0]!;
  course = (await paidProducts(t, 'COURSE')).find((c) => c.id !== reactCoupon.targetId)!;
  operatorCookie = await login(t, demoAccounts.operator);
});
afterAll(async () => {
  await t.close();
});

const minute = 60_000;

async function memberOf(courseId: number, userId: number) {
  const [row] = await t.db
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return row ?? null;
}

async function studentCount(courseId: number) {
  const [row] = await t.db.select({ n: courses.studentCount }).from(courses).where(eq(courses.id, courseId));
  return row!.n;
}

async function orderRow(tradeNo: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.tradeNo, tradeNo));
  return row!;
}

describe('GET /api/orders/confirmation', () => {
  it('answers the product at the server price, its coupons best first and the methods', async () => {
    const me = await newAccount(t);
    const c = await confirmation(t, me.cookie, 'COURSE', course.uid);
    expect(c.product).toMatchObject({ type: 'COURSE', uid: course.uid });
    expect(c.product.validity).not.toBeNull();
    expect(c.price.amount).toBe(course.price);
    expect(c.methods).toEqual(['WECHAT', 'ALIPAY']);
    expect(c.unpaidTradeNo).toBeNull();
    // WELCOME85: 8.5折 of every course, rounded half up to the cent.
    expect(c.coupons[0]).toMatchObject({ discount: 8.5, amountOff: null });
    expect(c.coupons[0]!.saving).toBe(course.price - Math.floor((course.price * 85 + 50) / 100));
  });

  it('refuses what cannot be bought, each with its code', async () => {
    const me = await newAccount(t);
    const [free] = await t.db
      .select()
      .from(courses)
      .where(and(eq(courses.priceCents, 0), eq(courses.status, 'PUBLISHED')));
    const cases: Array<[string, number, string]> = [
      [`productType=COURSE&uid=no-such-course`, 404, 'courseNotFound'],
      [`productType=CLASSROOM&uid=no-such-classroom`, 404, 'classroomNotFound'],
      [`productType=EXAM&uid=no-such-exam`, 404, 'examNotFound'],
      [`productType=COURSE&uid=${free!.uid}`, 409, 'invalidOrderStatus'],
    ];
    for (const [query, status, code] of cases) {
      const res = await get(t, `${orderPaths.orderConfirmation}?${query}`, me.cookie);
      expect([res.statusCode, res.json().code], query).toEqual([status, code]);
    }
    expect((await get(t, `${orderPaths.orderConfirmation}?productType=COURSE&uid=${course.uid}`)).statusCode).toBe(401);
    const bad = await get(t, `${orderPaths.orderConfirmation}?productType=BOOK&uid=x`, me.cookie);
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'productType']);
  });
});

describe('POST /api/orders', () => {
  it('prices the order on the server: an amount the client sends is never read', async () => {
    const me = await newAccount(t);
    const res = await createOrder(t, me.cookie, {
      productType: 'COURSE',
      uid: course.uid,
      price: 1,
      payable: 1,
      amount: 1,
      discount: course.price,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({ status: 'CREATED', price: course.price, discount: 0, payable: course.price });
    expect((await orderRow(order.tradeNo)).payableCents).toBe(course.price);
  });

  it('applies a usable coupon exactly once per learner, and refuses one that is not usable', async () => {
    const me = await newAccount(t);
    const { coupons: usable } = await confirmation(t, me.cookie, 'COURSE', course.uid);
    const best = usable[0]!;
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid, best.id);
    expect(order).toMatchObject({ discount: best.saving, payable: course.price - best.saving });
    expect(order.couponTitle).toBe(best.title);
    // Held by the unpaid order: not offered on another course, refused if sent anyway.
    const other = (await paidProducts(t, 'COURSE')).find((c) => c.id !== course.id)!;
    const elsewhere = await confirmation(t, me.cookie, 'COURSE', other.uid);
    expect(elsewhere.coupons.map((c) => c.id)).not.toContain(best.id);
    const refused = await createOrder(t, me.cookie, { productType: 'COURSE', uid: other.uid, couponId: best.id });
    expect([refused.statusCode, refused.json().code, refused.json().field]).toEqual([
      400,
      'validationFailed',
      'couponId',
    ]);
    // A coupon of another kind of product, or an expired one, is not usable either.
    const [expired] = await t.db
      .insert(coupons)
      .values({
        tenantId: await tenantIdOf(t),
        title: { cn: '过期券', en: 'Expired' },
        code: `OLD${randomUUID().slice(0, 6)}`,
        discountTenths: 50,
        targetType: 'COURSE',
        validUntil: new Date(t.clock.now().getTime() - minute),
      })
      .returning();
    const late = await createOrder(t, me.cookie, { productType: 'COURSE', uid: other.uid, couponId: expired!.id });
    expect(late.json().field).toBe('couponId');
  });

  it('an amount-off coupon takes its amount, never below 0.01 to pay', async () => {
    const me = await newAccount(t);
    const tenantId = await tenantIdOf(t);
    const [big] = await t.db
      .insert(coupons)
      .values({
        tenantId,
        title: { cn: '立减券', en: 'Money off' },
        code: `OFF${randomUUID().slice(0, 6)}`,
        amountOffCents: course.price + 10_000,
        targetType: 'COURSE',
        targetId: course.id,
      })
      .returning();
    const c = await confirmation(t, me.cookie, 'COURSE', course.uid);
    expect(c.coupons[0]).toMatchObject({
      id: big!.id,
      discount: null,
      amountOff: course.price + 10_000,
      saving: course.price - 1,
    });
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid, big!.id);
    expect(order.payable).toBe(1);
    await t.db.delete(coupons).where(eq(coupons.id, big!.id));
  });

  it('a double tap, a retry and a second tab all get the one unpaid order', async () => {
    const me = await newAccount(t);
    const key = randomUUID();
    const taps = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createOrder(t, me.cookie, {
          productType: 'COURSE',
          uid: course.uid,
          idempotencyKey: i < 5 ? key : randomUUID(),
        }),
      ),
    );
    const tradeNos = new Set(taps.map((res) => (res.json() as { tradeNo: string }).tradeNo));
    expect(tradeNos.size).toBe(1);
    expect(taps.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(taps.every((res) => res.statusCode === 201 || res.statusCode === 200)).toBe(true);
    const rows = await t.db.select().from(orders).where(eq(orders.userId, me.id));
    expect(rows).toHaveLength(1);
    expect((await confirmation(t, me.cookie, 'COURSE', course.uid)).unpaidTradeNo).toBe([...tradeNos][0]);
  });

  it('a key names one request: sent again with another product or coupon it is refused with orderKeyReused', async () => {
    const me = await newAccount(t);
    const other = (await paidProducts(t, 'COURSE')).find((c) => c.id !== course.id)!;
    const { coupons: usable } = await confirmation(t, me.cookie, 'COURSE', course.uid);
    const key = randomUUID();
    const first = await createOrder(t, me.cookie, { productType: 'COURSE', uid: course.uid, idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(201);
    const tradeNo = orderSchema.parse(first.json()).tradeNo;

    const retry = await createOrder(t, me.cookie, { productType: 'COURSE', uid: course.uid, idempotencyKey: key });
    expect([retry.statusCode, retry.json().tradeNo]).toEqual([200, tradeNo]);
    const refusals = [
      { productType: 'COURSE', uid: other.uid, couponId: null },
      { productType: 'CLASSROOM', uid: course.uid, couponId: null },
      { productType: 'COURSE', uid: course.uid, couponId: usable[0]!.id },
    ] as const;
    for (const body of refusals) {
      const res = await createOrder(t, me.cookie, { ...body, idempotencyKey: key });
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([409, 'orderKeyReused']);
    }
    expect(await t.db.select().from(orders).where(eq(orders.userId, me.id))).toHaveLength(1);

    // Two requests racing with one key for two products: one order, the other refused.
    const raceKey = randomUUID();
    const [a, b] = (await paidProducts(t, 'COURSE')).filter((c) => c.id !== course.id);
    const race = await Promise.all(
      [a!, b!].map((product) =>
        createOrder(t, me.cookie, { productType: 'COURSE', uid: product.uid, idempotencyKey: raceKey }),
      ),
    );
    expect(race.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(race.find((res) => res.statusCode === 409)!.json().code).toBe('orderKeyReused');

    // Paid since: the same request again still answers its order (the learner now owns the product).
    await payOnCashier(t, me.cookie, tradeNo);
    const late = await createOrder(t, me.cookie, { productType: 'COURSE', uid: course.uid, idempotencyKey: key });
    expect([late.statusCode, late.json().tradeNo, late.json().status]).toEqual([200, tradeNo, 'PAID']);
  });

  it('refuses a product the learner already has', async () => {
    const me = await newAccount(t);
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid);
    await payOnCashier(t, me.cookie, order.tradeNo);
    const again = await createOrder(t, me.cookie, { productType: 'COURSE', uid: course.uid });
    expect([again.statusCode, again.json().code]).toEqual([409, 'memberExisted']);
  });
});

describe('paying through the sandbox', () => {
  it('cashier → Pay → notification → PAID, member, counted once, coupon used; the learner returns to the order', async () => {
    const me = await newAccount(t);
    const { coupons: usable } = await confirmation(t, me.cookie, 'COURSE', course.uid);
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid, usable[0]!.id);
    const students = await studentCount(course.id);
    const start = await startSandboxPayment(t, me.cookie, order.tradeNo, 'ALIPAY');
    expect(start.kind).toBe('redirect');
    const cashier = await get(t, start.url, undefined, { 'accept-language': 'en' });
    expect(cashier.statusCode).toBe(200);
    expect(cashier.headers['content-type']).toContain('text/html');
    expect(cashier.body).toContain('Payment sandbox');
    expect(cashier.body).toContain('Alipay');
    const paid = await post(t, `${start.url}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:8080/mobile/orders/${order.tradeNo}?paying=1`);

    const after = await readOrder(t, me.cookie, order.tradeNo);
    expect(after).toMatchObject({ status: 'PAID', paymentMethod: 'ALIPAY', payable: order.payable });
    expect(after.paidAt).not.toBeNull();
    expect(after.refundableUntil).toBe(new Date(Date.parse(after.paidAt!) + 7 * day).toISOString());
    expect(await memberOf(course.id, me.id)).not.toBeNull();
    expect(await studentCount(course.id)).toBe(students + 1);
    // Used: not offered again.
    const other = (await paidProducts(t, 'COURSE')).find((c) => c.id !== course.id)!;
    expect((await confirmation(t, me.cookie, 'COURSE', other.uid)).coupons.map((c) => c.id)).not.toContain(
      usable[0]!.id,
    );
    // A second tap on Pay at the cashier finds the trade paid and changes nothing.
    expect((await post(t, `${start.url}/pay`)).statusCode).toBe(303);
    expect(await studentCount(course.id)).toBe(students + 1);
  });

  it('20 concurrent identical notifications: one PAID transition, one membership, every one answered success', async () => {
    const me = await newAccount(t);
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid);
    await startSandboxPayment(t, me.cookie, order.tradeNo);
    const students = await studentCount(course.id);
    const paid = await sandboxOf(t).pay(order.tradeNo);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(t, paid!.notification)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 20 }, () => 204));
    expect((await orderRow(order.tradeNo)).status).toBe('PAID');
    expect(await studentCount(course.id)).toBe(students + 1);
    const members = await t.db
      .select()
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, me.id)));
    expect(members).toHaveLength(1);
  });

  it('changes nothing for a bad signature, a wrong amount, a foreign merchant, a stale timestamp or an unknown trade', async () => {
    const me = await newAccount(t);
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid);
    await startSandboxPayment(t, me.cookie, order.tradeNo);
    const genuineBody = {
      merchantId: sandboxMerchantId,
      tradeNo: order.tradeNo,
      amountCents: order.payable,
      transactionId: 'SBX-TEST-1',
      paidAt: t.clock.now().toISOString(),
      tradeState: 'SUCCESS',
    };
    const signed = (body: object, at = t.clock.now()) => signSandboxNotification(t.config.sessionSecret, at, body);
    const genuine = signed(genuineBody);
    const cases = {
      'a tampered amount': { headers: genuine.headers, rawBody: JSON.stringify({ ...genuineBody, amountCents: 1 }) },
      'a bad signature': { headers: { ...genuine.headers, 'sandbox-signature': 'AAAA' }, rawBody: genuine.rawBody },
      'another key': signSandboxNotification('another-secret-another-secret-another', t.clock.now(), genuineBody),
      'a signed wrong amount': signed({ ...genuineBody, amountCents: order.payable - 1 }),
      'a foreign merchant': signed({ ...genuineBody, merchantId: 'someone-else' }),
      'an unknown trade': signed({ ...genuineBody, tradeNo: 'NOSUCHTRADE1' }),
      'a stale timestamp': signed(genuineBody, new Date(t.clock.now().getTime() - 6 * minute)),
      'a timestamp from the future': signed(genuineBody, new Date(t.clock.now().getTime() + 6 * minute)),
    };
    for (const [what, notification] of Object.entries(cases)) {
      const res = await deliver(t, notification);
      expect([res.statusCode, res.json().code], what).toEqual([400, 'badRequest']);
    }
    expect((await orderRow(order.tradeNo)).status).toBe('CREATED');
    expect(await memberOf(course.id, me.id)).toBeNull();
    // A trade state other than success is answered (the gateway stops) and changes nothing.
    expect((await deliver(t, signed({ ...genuineBody, tradeState: 'CLOSED' }))).statusCode).toBe(204);
    expect((await orderRow(order.tradeNo)).status).toBe('CREATED');
    // The genuine one, last, is applied.
    expect((await deliver(t, genuine)).statusCode).toBe(204);
    expect((await orderRow(order.tradeNo)).status).toBe('PAID');
  });

  it('a learner back before the notification finds the order paid: the gateway is asked first', async () => {
    const me = await newAccount(t);
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid);
    await startSandboxPayment(t, me.cookie, order.tradeNo);
    await sandboxOf(t).pay(order.tradeNo); // paid at the gateway; the notification is lost
    expect((await orderRow(order.tradeNo)).status).toBe('CREATED');
    expect((await readOrder(t, me.cookie, order.tradeNo)).status).toBe('PAID');
    expect(await memberOf(course.id, me.id)).not.toBeNull();
  });

  it('refuses a method the school does not offer, and paying an order that is not unpaid', async () => {
    const me = await newAccount(t);
    const tenantId = await tenantIdOf(t);
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid);
    await t.db
      .update(paymentSettings)
      .set({ methods: ['ALIPAY'] })
      .where(eq(paymentSettings.tenantId, tenantId));
    try {
      expect((await confirmation(t, me.cookie, 'COURSE', course.uid)).methods).toEqual(['ALIPAY']);
      const res = await post(t, orderPaths.orderPayments(order.tradeNo), me.cookie, { method: 'WECHAT' });
      expect([res.statusCode, res.json().code]).toEqual([404, 'paymentConfigNotFound']);
    } finally {
      await t.db
        .update(paymentSettings)
        .set({ methods: ['WECHAT', 'ALIPAY'] })
        .where(eq(paymentSettings.tenantId, tenantId));
    }
    await post(t, orderPaths.orderCancel(order.tradeNo), me.cookie);
    const late = await post(t, orderPaths.orderPayments(order.tradeNo), me.cookie, { method: 'WECHAT' });
    expect([late.statusCode, late.json().code]).toEqual([409, 'invalidOrderStatus']);
    const bad = await post(t, orderPaths.orderPayments(order.tradeNo), me.cookie, { method: 'CASH' });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'method']);
  });

  it('a classroom and an exam bought become memberships', async () => {
    const me = await newAccount(t);
    const [classroom] = await paidProducts(t, 'CLASSROOM');
    const [exam] = await paidProducts(t, 'EXAM');
    for (const [type, product] of [
      ['CLASSROOM', classroom!],
      ['EXAM', exam!],
    ] as const) {
      const order = await orderFor(t, me.cookie, type, product.uid);
      await payOnCashier(t, me.cookie, order.tradeNo);
      expect((await readOrder(t, me.cookie, order.tradeNo)).status).toBe('PAID');
    }
    const [inClassroom] = await t.db
      .select()
      .from(classroomMembers)
      .where(and(eq(classroomMembers.classroomId, classroom!.id), eq(classroomMembers.userId, me.id)));
    const [inExam] = await t.db
      .select()
      .from(examMembers)
      .where(and(eq(examMembers.examId, exam!.id), eq(examMembers.userId, me.id)));
    expect(inClassroom).toBeDefined();
    expect(inExam).toBeDefined();
  });
});

describe('cancelling and closing', () => {
  it('an unpaid order is cancelled once, frees its coupon, and is closed at the gateway', async () => {
    const me = await newAccount(t);
    const { coupons: usable } = await confirmation(t, me.cookie, 'COURSE', course.uid);
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid, usable[0]!.id);
    await startSandboxPayment(t, me.cookie, order.tradeNo);
    const res = await post(t, orderPaths.orderCancel(order.tradeNo), me.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(orderSchema.parse(res.json())).toMatchObject({ status: 'CANCELED' });
    expect((await sandboxTrade(t, order.tradeNo))!.status).toBe('CLOSED');
    const again = await post(t, orderPaths.orderCancel(order.tradeNo), me.cookie);
    expect([again.statusCode, again.json().code]).toEqual([409, 'invalidOrderStatus']);
    expect((await confirmation(t, me.cookie, 'COURSE', course.uid)).coupons.map((c) => c.id)).toContain(usable[0]!.id);
    // A new order for the product is a new trade.
    expect((await orderFor(t, me.cookie, 'COURSE', course.uid)).tradeNo).not.toBe(order.tradeNo);
  });

  it('a paid order cannot be cancelled', async () => {
    const me = await newAccount(t);
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid);
    await payOnCashier(t, me.cookie, order.tradeNo);
    const res = await post(t, orderPaths.orderCancel(order.tradeNo), me.cookie);
    expect([res.statusCode, res.json().code]).toEqual([409, 'invalidOrderStatus']);
  });

  it('the closing job closes unpaid orders whose time is up, unless the gateway has them paid', async () => {
    const me = await newAccount(t);
    const [classroom] = await paidProducts(t, 'CLASSROOM');
    const unpaid = await orderFor(t, me.cookie, 'COURSE', course.uid);
    const paidThere = await orderFor(t, me.cookie, 'CLASSROOM', classroom!.uid);
    await startSandboxPayment(t, me.cookie, paidThere.tradeNo);
    await sandboxOf(t).pay(paidThere.tradeNo);
    const job = orderCloseJob({ gateways: [sandboxOf(t)], clock: t.clock, log: t.app.log });
    expect((await runJobOnce(t.db, job))!.closed).toBe(0);
    t.clock.advance(31 * minute);
    try {
      const done = await runJobOnce(t.db, job);
      expect(done!.closed).toBeGreaterThanOrEqual(1);
      expect((await orderRow(unpaid.tradeNo)).status).toBe('CLOSED');
      expect((await orderRow(paidThere.tradeNo)).status).toBe('PAID');
      const late = await post(t, orderPaths.orderCancel(unpaid.tradeNo), me.cookie);
      expect(late.json().code).toBe('invalidOrderStatus');
    } finally {
      t.clock.advance(-31 * minute);
    }
  });
});

describe('orders are the learner’s own', () => {
  let owner: TestAccount;
  let tradeNo: string;
  beforeAll(async () => {
    owner = await newAccount(t);
    tradeNo = (await orderFor(t, owner.cookie, 'COURSE', course.uid)).tradeNo;
  });

  it('another learner or another school gets orderNotFound for every call', async () => {
    const other = await newAccount(t);
    const second = await login(t, demoAccounts.secondSchoolLearner, secondSite);
    for (const [cookie, site] of [
      [other.cookie, undefined],
      [second, secondSite],
    ] as const) {
      const headers: Record<string, string> = site ? { host: site.host } : {};
      expect((await get(t, orderPaths.order(tradeNo), cookie, headers)).json().code).toBe('orderNotFound');
      for (const url of [orderPaths.orderCancel(tradeNo), orderPaths.orderPayments(tradeNo)]) {
        const res = await post(t, url, cookie, { method: 'WECHAT' }, site);
        expect([res.statusCode, res.json().code], url).toEqual([404, 'orderNotFound']);
      }
    }
    expect((await orderRow(tradeNo)).status).toBe('CREATED');
  });

  it('lists the learner’s orders newest first, by status', async () => {
    const me = await newAccount(t);
    const [a, b] = (await paidProducts(t, 'COURSE')).filter((c) => c.id !== course.id);
    const first = await orderFor(t, me.cookie, 'COURSE', a!.uid);
    t.clock.advance(minute);
    const second = await orderFor(t, me.cookie, 'COURSE', b!.uid);
    await post(t, orderPaths.orderCancel(first.tradeNo), me.cookie);
    const list = async (status: string) => {
      const res = await get(t, `${orderPaths.orders}?status=${status}`, me.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return orderListSchema.parse(res.json()).items.map((o) => o.tradeNo);
    };
    expect(await list('ALL')).toEqual([second.tradeNo, first.tradeNo]);
    expect(await list('CREATED')).toEqual([second.tradeNo]);
    expect(await list('ENDED')).toEqual([first.tradeNo]);
    expect(await list('PAID')).toEqual([]);
    expect((await get(t, `${orderPaths.orders}?status=LOST`, me.cookie)).json().field).toBe('status');
  });

  it('the seeded learner has paid orders and a refused refund', async () => {
    const cookie = await login(t, demoAccounts.learner);
    const res = await get(t, `${orderPaths.orders}?pageSize=50`, cookie);
    const items = orderListSchema.parse(res.json()).items;
    expect(items.filter((o) => o.status === 'PAID').length).toBeGreaterThanOrEqual(3);
    expect(items.map((o) => o.status)).toEqual(expect.arrayContaining(['CANCELED', 'CLOSED']));
    expect(items.find((o) => o.refund !== null)?.refund).toMatchObject({ status: 'REFUSED' });
    // The sandbox took each of them, so a refund accepted on one is paid back, not FAILED.
    for (const order of items.filter((o) => o.status === 'PAID')) {
      expect(await sandboxTrade(t, order.tradeNo), order.tradeNo).toMatchObject({
        status: 'PAID',
        amountCents: order.payable,
      });
    }
  });
});

describe('refunds', () => {
  async function paidOrder(me: TestAccount) {
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid);
    await payOnCashier(t, me.cookie, order.tradeNo);
    return order;
  }

  const apply = (me: TestAccount, tradeNo: string, body: object) =>
    post(t, orderPaths.orderRefunds(tradeNo), me.cookie, body);

  it('needs a reason and at most what was paid', async () => {
    const me = await newAccount(t);
    const order = await paidOrder(me);
    const noReason = await apply(me, order.tradeNo, { amount: 100, description: '' });
    expect(noReason.json()).toMatchObject({
      code: 'validationFailed',
      field: 'reason',
      rule: 'rule.refund.reasonRequired',
    });
    const tooMuch = await apply(me, order.tradeNo, { reason: 'NO_TIME_TO_STUDY', amount: order.payable + 1 });
    expect([tooMuch.statusCode, tooMuch.json().field]).toEqual([400, 'amount']);
    const none = await get(t, orderPaths.orderLatestRefund(order.tradeNo), me.cookie);
    expect([none.statusCode, none.json().code]).toEqual([404, 'orderRefundNotFound']);
  });

  it('applied → accepted by the operator: paid back once and the membership ends', async () => {
    const me = await newAccount(t);
    const order = await paidOrder(me);
    const students = await studentCount(course.id);
    const res = await apply(me, order.tradeNo, {
      reason: 'PRODUCT_UNSUITABLE',
      amount: order.payable,
      description: '内容和介绍不符',
    });
    expect(res.statusCode, res.body).toBe(201);
    const applied = orderSchema.parse(res.json());
    expect(applied.refund).toMatchObject({ status: 'CREATED', reason: 'PRODUCT_UNSUITABLE', amount: order.payable });
    expect(applied.refundableUntil).toBeNull();
    const twice = await apply(me, order.tradeNo, { reason: 'PRODUCT_UNSUITABLE', amount: 1 });
    expect(twice.json().code).toBe('invalidOrderStatus');

    // Only operators see and decide refunds.
    const denied = await get(t, `${backOfficePaths.operatorRefunds}?status=CREATED`, me.cookie);
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'noPermissionSearchOrders']);
    const listed = operatorRefundListSchema.parse(
      (await get(t, `${backOfficePaths.operatorRefunds}?status=CREATED`, operatorCookie)).json(),
    );
    const listedRefund = listed.items.find((r) => r.tradeNo === order.tradeNo)!;
    expect(listedRefund.product).toMatchObject({ type: 'COURSE', uid: course.uid });
    expect(listedRefund.learner.id).toBe(me.id);
    const refundNo = listedRefund.refundNo;
    expect((await post(t, backOfficePaths.operatorRefundAccept(refundNo), me.cookie, { note: 'ok' })).statusCode).toBe(
      403,
    );

    const accepted = await post(t, backOfficePaths.operatorRefundAccept(refundNo), operatorCookie, {
      note: '同意退款',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'ACCEPTED', reviewNote: '同意退款', payout: 'REFUNDED' });
    const again = await post(t, backOfficePaths.operatorRefundAccept(refundNo), operatorCookie, { note: '' });
    expect(again.json().code).toBe('invalidOrderStatus');

    expect(await memberOf(course.id, me.id)).toBeNull();
    expect(await studentCount(course.id)).toBe(students - 1);
    expect((await sandboxTrade(t, order.tradeNo))!.refunds).toEqual({ [refundNo]: order.payable });
    const [row] = await t.db.select().from(refunds).where(eq(refunds.refundNo, refundNo));
    expect(row).toMatchObject({ payoutStatus: 'SUCCESS' });
    const latest = refundSchema.parse((await get(t, orderPaths.orderLatestRefund(order.tradeNo), me.cookie)).json());
    expect(latest).toMatchObject({ status: 'ACCEPTED', reviewNote: '同意退款', payout: 'REFUNDED' });
    expect(latest.settledAt).not.toBeNull();
    // The product can be bought again.
    expect((await createOrder(t, me.cookie, { productType: 'COURSE', uid: course.uid })).statusCode).toBe(201);
  });

  it('refused with a note keeps the membership, and the learner may apply again in the window', async () => {
    const me = await newAccount(t);
    const order = await paidOrder(me);
    await apply(me, order.tradeNo, { reason: 'NO_TIME_TO_STUDY', amount: order.payable });
    const [row] = await t.db
      .select()
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(orders.tradeNo, order.tradeNo));
    const refused = await post(t, backOfficePaths.operatorRefundRefuse(row!.refunds.refundNo), operatorCookie, {
      note: '已超过一半课时',
    });
    expect(refused.json()).toMatchObject({ status: 'REFUSED', reviewNote: '已超过一半课时' });
    expect(await memberOf(course.id, me.id)).not.toBeNull();
    const shown = await readOrder(t, me.cookie, order.tradeNo);
    expect(shown.refund).toMatchObject({ status: 'REFUSED', reviewNote: '已超过一半课时', payout: null });
    expect(shown.refundableUntil).not.toBeNull();
    // Past the school's 7 days: no more.
    t.clock.advance(8 * day);
    try {
      const cookie = await login(t, me);
      expect((await readOrder(t, cookie, order.tradeNo)).refundableUntil).toBeNull();
      const late = await apply({ ...me, cookie }, order.tradeNo, { reason: 'NO_TIME_TO_STUDY', amount: order.payable });
      expect([late.statusCode, late.json().code]).toEqual([409, 'invalidOrderStatus']);
    } finally {
      t.clock.advance(-8 * day);
    }
  });

  it('tells the school’s refund rules, and refunds the whole amount unless the school allows part', async () => {
    const me = await newAccount(t);
    const order = await paidOrder(me);
    const shown = await readOrder(t, me.cookie, order.tradeNo);
    expect(shown.refundPolicy).toEqual({ days: 7, partial: false });
    expect(shown.refundWindowEnd).toBe(new Date(Date.parse(shown.paidAt!) + 7 * day).toISOString());
    const shopper = await newAccount(t);
    expect((await confirmation(t, shopper.cookie, 'COURSE', course.uid)).refundPolicy).toEqual({
      days: 7,
      partial: false,
    });
    const part = await apply(me, order.tradeNo, { reason: 'NO_TIME_TO_STUDY', amount: order.payable - 1 });
    expect([part.statusCode, part.json().field]).toEqual([400, 'amount']);

    const tenantId = await tenantIdOf(t);
    const [before] = await t.db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId));
    await t.db
      .insert(paymentSettings)
      .values({ tenantId, methods: ['WECHAT', 'ALIPAY'], partialRefunds: true })
      .onConflictDoUpdate({ target: paymentSettings.tenantId, set: { partialRefunds: true } });
    try {
      expect((await readOrder(t, me.cookie, order.tradeNo)).refundPolicy).toEqual({ days: 7, partial: true });
      const allowed = await apply(me, order.tradeNo, { reason: 'NO_TIME_TO_STUDY', amount: order.payable - 1 });
      expect(allowed.statusCode, allowed.body).toBe(201);
      expect(orderSchema.parse(allowed.json()).refund).toMatchObject({ amount: order.payable - 1 });
    } finally {
      if (before) await t.db.update(paymentSettings).set(before).where(eq(paymentSettings.tenantId, tenantId));
      else await t.db.delete(paymentSettings).where(eq(paymentSettings.tenantId, tenantId));
    }
  });

  it('a request under review is withdrawn once: the order stays paid, the course kept, and a new one may be made', async () => {
    const me = await newAccount(t);
    const order = await paidOrder(me);
    const withdraw = () => post(t, orderPaths.orderRefundWithdrawal(order.tradeNo), me.cookie);
    expect((await withdraw()).json().code).toBe('orderRefundNotFound');
    await apply(me, order.tradeNo, { reason: 'NO_TIME_TO_STUDY', amount: order.payable });
    expect(
      (await post(t, orderPaths.orderRefundWithdrawal(order.tradeNo), (await newAccount(t)).cookie)).json().code,
    ).toBe('orderNotFound');
    // The learning centre says so on the course meanwhile.
    const pendingOnCourse = async () =>
      myCourseListSchema
        .parse((await get(t, `${apiPaths.myCourses}?page=1&pageSize=50`, me.cookie)).json())
        .items.find((c) => c.uid === course.uid)?.refundPending;
    expect(await pendingOnCourse()).toBe(true);

    const res = await withdraw();
    expect(res.statusCode, res.body).toBe(200);
    const withdrawn = orderSchema.parse(res.json());
    expect(withdrawn).toMatchObject({ status: 'PAID', refund: { status: 'WITHDRAWN' } });
    expect(withdrawn.refundableUntil).not.toBeNull();
    expect(await memberOf(course.id, me.id)).not.toBeNull();
    expect(await pendingOnCourse()).toBe(false);
    const twice = await withdraw();
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'invalidOrderStatus']);
    const [row] = await t.db
      .select({ withdrawnAt: refunds.withdrawnAt })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(orders.tradeNo, order.tradeNo));
    expect(row!.withdrawnAt).toEqual(t.clock.now());

    // Asked again: a new request under review; once decided it cannot be withdrawn.
    const again = await apply(me, order.tradeNo, { reason: 'PRODUCT_UNSUITABLE', amount: order.payable });
    expect(again.statusCode, again.body).toBe(201);
    const latest = refundSchema.parse((await get(t, orderPaths.orderLatestRefund(order.tradeNo), me.cookie)).json());
    await post(t, backOfficePaths.operatorRefundRefuse(latest.refundNo), operatorCookie, { note: 'no' });
    expect((await withdraw()).json().code).toBe('invalidOrderStatus');
  });

  it('an unpaid order has no refund', async () => {
    const me = await newAccount(t);
    const order = await orderFor(t, me.cookie, 'COURSE', course.uid);
    const res = await apply(me, order.tradeNo, { reason: 'NO_TIME_TO_STUDY', amount: 100 });
    expect([res.statusCode, res.json().code]).toEqual([409, 'invalidOrderStatus']);
    const unknown = await post(t, backOfficePaths.operatorRefundAccept('R000'), operatorCookie, { note: '' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'orderRefundNotFound']);
  });
});

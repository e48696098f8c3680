import { orderPaths } from '@school/contract/order-paths';
import { orderListSchema, orderSchema, operatorRefundSchema, type Order } from '@school/contract/orders';
import { backOfficePaths } from '@school/contract/paths';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/database.js';
import { courseMembers, courses, refunds } from '../../db/schema.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { runJobOnce } from '../../lib/background-jobs.js';
import { createAlipayGateway } from '../../providers/payment/alipay.js';
import type { IncomingNotification } from '../../providers/payment/payment-gateway.js';
import { createWechatPayGateway } from '../../providers/payment/wechat-pay.js';
import { newAccount, type TestAccount } from '../../testing/accounts.js';
import { startFakeAlipay, type FakeAlipay } from '../../testing/fake-alipay.js';
import { startFakeWechatPay, type FakeWechatPay } from '../../testing/fake-wechat-pay.js';
import { get, login, ownSite, post } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { orderFor, paidProducts, readOrder } from './orders-testing.js';
import { refundSettleJob } from './refunds.service.js';

/*
 * Refunds that settle (decision 013): the school's server, configured with WeChat Pay and
 * Alipay, against the fakes of both on 127.0.0.1 (which check our signatures). A refund the
 * gateway does not settle when it is accepted is asked about by the settling job, on the test
 * clock, until the gateway says it is back or that it will not pay it; WeChat Pay's refund
 * reports are verified and applied once. The learner's order shows each state.
 */

const minute = 60_000;
const byHand = 'refund failed at the gateway: the school must pay it back by hand';

let t: TestApp;
let wechat: FakeWechatPay;
let alipay: FakeAlipay;
let course: { id: number; uid: string; price: number };
let operatorCookie: string;
const logLines: string[] = [];

beforeAll(async () => {
  // The fakes sign with the app's clock (made with the app, after them).
  const clock = { now: () => t.clock.now() };
  wechat = await startFakeWechatPay({ clock });
  alipay = await startFakeAlipay({ clock });
  t = await createTestApp(
    {
      payment: { providers: ['wechat', 'alipay'], wechatPay: wechat.config, alipay: alipay.config },
      logLevel: 'info',
    },
    { logStream: { write: (line) => logLines.push(line) } },
  );
  course = (await paidProducts(t, 'COURSE'))[0]!;
});
afterAll(async () => {
  await t?.close();
  await wechat?.close();
  await alipay?.close();
});
beforeEach(() => {
  wechat.down = false;
  wechat.refundStatus = 'SUCCESS';
  wechat.refuseRefunds = null;
  alipay.down = false;
  alipay.holdRefunds = false;
  alipay.refuseRefunds = null;
});

/** The settling job of one server process, with its own gateways as that process builds them. */
function settleJob() {
  return refundSettleJob({
    gateways: [
      createWechatPayGateway(wechat.config, { clock: t.clock }),
      createAlipayGateway(alipay.config, { clock: t.clock }),
    ],
    clock: t.clock,
    log: t.app.log,
  });
}

/** One round of the job `after` ms from now (the clock stays moved: later checks are later). */
async function settleAfter(ms: number, db: Db = t.db) {
  t.clock.advance(ms);
  return (await runJobOnce(db, settleJob()))!;
}

/** The log lines (JSON) with this message. */
const logged = (msg: string) =>
  logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === msg);

/** A course order the learner paid at the gateway, found paid when the learner comes back. */
async function paidOrder(me: TestAccount, method: 'WECHAT' | 'ALIPAY'): Promise<Order> {
  const order = await orderFor(t, me.cookie, 'COURSE', course.uid);
  const start = await post(t, orderPaths.orderPayments(order.tradeNo), me.cookie, { method });
  expect(start.statusCode, start.body).toBe(200);
  if (method === 'WECHAT') wechat.pay(order.tradeNo);
  else {
    alipay.openPage((start.json() as { url: string }).url);
    alipay.pay(order.tradeNo);
  }
  const paid = await readOrder(t, me.cookie, order.tradeNo);
  expect(paid.status).toBe('PAID');
  return paid;
}

/** The learner applies for a full refund and the operator accepts it. */
async function refundAccepted(me: TestAccount, order: Order) {
  const applied = await post(t, orderPaths.orderRefunds(order.tradeNo), me.cookie, {
    reason: 'NO_TIME_TO_STUDY',
    amount: order.payable,
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const refundNo = orderSchema.parse(applied.json()).refund!.refundNo;
  // Signed in afresh: the tests move the clock past a session's idle time.
  operatorCookie = await login(t, demoAccounts.operator);
  const accepted = await post(t, backOfficePaths.operatorRefundAccept(refundNo), operatorCookie, { note: 'ok' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { refundNo, accepted: operatorRefundSchema.parse(accepted.json()) };
}

async function refundRow(refundNo: string) {
  const [row] = await t.db.select().from(refunds).where(eq(refunds.refundNo, refundNo));
  return row!;
}

async function learnerRefund(me: TestAccount, tradeNo: string) {
  return (await readOrder(t, me.cookie, tradeNo)).refund!;
}

async function studentCount() {
  const [row] = await t.db.select({ n: courses.studentCount }).from(courses).where(eq(courses.id, course.id));
  return row!.n;
}

async function isMember(me: TestAccount) {
  const rows = await t.db
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, me.id)));
  return rows.length > 0;
}

function deliverRefundReport(notification: IncomingNotification, gateway = 'wechat') {
  return t.app.inject({
    method: 'POST',
    url: backOfficePaths.refundNotify(gateway),
    headers: { host: ownSite.host, ...(notification.headers as Record<string, string>) },
    payload: notification.rawBody,
  });
}

describe('the settling job', () => {
  it('asks again after a payout call that failed, until the refund is paid back once', async () => {
    const me = await newAccount(t);
    const order = await paidOrder(me, 'WECHAT');
    const students = await studentCount();
    wechat.down = true;
    const { refundNo, accepted } = await refundAccepted(me, order);
    expect(accepted).toMatchObject({ status: 'ACCEPTED', payout: 'PROCESSING', settledAt: null });
    expect(await refundRow(refundNo)).toMatchObject({ payoutStatus: 'PENDING', gatewayRefundId: null });
    // The membership ended on accepting, whatever the money does.
    expect(await isMember(me)).toBe(false);
    expect(await studentCount()).toBe(students - 1);
    expect(await learnerRefund(me, order.tradeNo)).toMatchObject({ status: 'ACCEPTED', payout: 'PROCESSING' });

    // Not due before its minute; then WeChat Pay is still down: asked again a minute later,
    // then two minutes later (the wait doubles).
    expect(await settleAfter(0)).toMatchObject({ refunded: 0, unanswered: 0 });
    expect(await settleAfter(minute)).toMatchObject({ refunded: 0, unanswered: 1 });
    expect(await settleAfter(minute)).toMatchObject({ refunded: 0, unanswered: 1 });
    wechat.down = false;
    expect(await settleAfter(minute)).toMatchObject({ refunded: 0, unanswered: 0 });
    expect(await settleAfter(minute)).toMatchObject({ refunded: 1 });
    expect(wechat.refunds.get(refundNo)).toMatchObject({ status: 'SUCCESS', refundCents: order.payable });
    expect(wechat.trades.get(order.tradeNo)!.refundedCents).toBe(order.payable);
    const refund = await learnerRefund(me, order.tradeNo);
    expect(refund).toMatchObject({ status: 'ACCEPTED', payout: 'REFUNDED', settledAt: t.clock.now().toISOString() });
    expect(await refundRow(refundNo)).toMatchObject({ payoutStatus: 'SUCCESS', payoutCheckAt: null });

    // Settled: never asked about again (not even past the longest wait); the membership ended once.
    const asked = wechat.requests.length;
    expect(await settleAfter(7 * 60 * minute)).toMatchObject({ refunded: 0, processing: 0, unanswered: 0 });
    expect(wechat.requests.length).toBe(asked);
    expect(await studentCount()).toBe(students - 1);
    // A timeout is not a failure: nothing for the school to settle by hand.
    expect(logged(byHand).filter((line) => line.refundNo === refundNo)).toEqual([]);
    expect(logged('refund paid back').filter((line) => line.refundNo === refundNo)).toHaveLength(1);
  });

  it('follows a refund WeChat Pay answers PROCESSING until it says SUCCESS', async () => {
    const me = await newAccount(t);
    const order = await paidOrder(me, 'WECHAT');
    wechat.refundStatus = 'PROCESSING';
    const { refundNo, accepted } = await refundAccepted(me, order);
    expect(accepted.payout).toBe('PROCESSING');
    expect(await refundRow(refundNo)).toMatchObject({
      payoutStatus: 'PROCESSING',
      gatewayRefundId: wechat.refunds.get(refundNo)!.refundId,
    });

    expect(await settleAfter(minute)).toMatchObject({ processing: 1 });
    const queried = wechat.requests.at(-1)!;
    expect([queried.method, queried.url.pathname]).toEqual(['GET', `/v3/refund/domestic/refunds/${refundNo}`]);
    expect(await learnerRefund(me, order.tradeNo)).toMatchObject({ payout: 'PROCESSING', settledAt: null });

    wechat.settleRefund(refundNo, 'SUCCESS');
    expect(await settleAfter(2 * minute)).toMatchObject({ refunded: 1 });
    expect(await learnerRefund(me, order.tradeNo)).toMatchObject({ payout: 'REFUNDED' });
    // WeChat Pay asked for one refund, once.
    const refundCalls = wechat.requests.filter(
      (r) => r.method === 'POST' && r.url.pathname === '/v3/refund/domestic/refunds' && r.body.includes(refundNo),
    );
    expect(refundCalls).toHaveLength(1);
    expect(JSON.parse(refundCalls[0]!.body)).toMatchObject({
      notify_url: `${ownSite.origin}/api/payments/refund-notify/wechat`,
    });
  });

  it('a refund that ends ABNORMAL or CLOSED is FAILED, with one line for the school to pay it back by hand', async () => {
    // ABNORMAL, found by the job.
    const me = await newAccount(t);
    const order = await paidOrder(me, 'WECHAT');
    wechat.refundStatus = 'PROCESSING';
    const { refundNo } = await refundAccepted(me, order);
    wechat.settleRefund(refundNo, 'ABNORMAL');
    expect(await settleAfter(minute)).toMatchObject({ failed: 1 });
    expect(await learnerRefund(me, order.tradeNo)).toMatchObject({ status: 'ACCEPTED', payout: 'FAILED' });
    expect((await readOrder(t, me.cookie, order.tradeNo)).refundableUntil).toBeNull();
    // Never asked about again, and its genuine report a moment later changes nothing.
    expect(await settleAfter(60 * minute)).toMatchObject({ failed: 0, processing: 0 });
    expect((await deliverRefundReport(wechat.refundNotification(refundNo))).statusCode).toBe(204);

    // CLOSED, answered by the refund call itself when the operator accepts.
    const other = await newAccount(t);
    const closedOrder = await paidOrder(other, 'WECHAT');
    wechat.refundStatus = 'CLOSED';
    const closed = await refundAccepted(other, closedOrder);
    expect(closed.accepted.payout).toBe('FAILED');
    expect(await learnerRefund(other, closedOrder.tradeNo)).toMatchObject({ payout: 'FAILED' });

    for (const [no, paid] of [
      [refundNo, order],
      [closed.refundNo, closedOrder],
    ] as const) {
      const lines = logLines.filter((line) => line.includes(no));
      // pino's levels: 40 warn, 50 error.
      const failures = lines
        .map((line) => JSON.parse(line) as { level: number } & Record<string, unknown>)
        .filter((l) => l.level >= 40);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({
        msg: byHand,
        refundNo: no,
        tradeNo: paid.tradeNo,
        amountCents: paid.payable,
        gateway: 'wechat',
      });
    }
    const all = logLines.join('\n');
    expect(all).not.toContain(wechat.config.apiV3Key);
    expect(all).not.toContain('PRIVATE KEY');
  });

  it('runs in two processes at once and settles each refund once', async () => {
    const settled: { me: TestAccount; order: Order; refundNo: string }[] = [];
    wechat.refundStatus = 'PROCESSING';
    for (let i = 0; i < 4; i += 1) {
      const me = await newAccount(t);
      const order = await paidOrder(me, 'WECHAT');
      settled.push({ me, order, ...(await refundAccepted(me, order)) });
    }
    wechat.settleRefund(settled[0]!.refundNo, 'ABNORMAL');
    for (const { refundNo } of settled.slice(1)) wechat.settleRefund(refundNo, 'SUCCESS');
    const before = wechat.requests.length;
    // Another server process: its own connection to the same PostgreSQL (PGlite has one).
    const second = t.config.database.driver === 'postgres' ? await openDatabase(t.config.database) : null;
    try {
      t.clock.advance(minute);
      const rounds = await Promise.all([runJobOnce(t.db, settleJob()), runJobOnce(second?.db ?? t.db, settleJob())]);
      const sum = (key: 'refunded' | 'failed' | 'processing' | 'unanswered') =>
        rounds.reduce((n, round) => n + (round![key] ?? 0), 0);
      expect([sum('refunded'), sum('failed'), sum('processing'), sum('unanswered')]).toEqual([3, 1, 0, 0]);
    } finally {
      await second?.close();
    }
    // Each refund asked about once, none refunded twice.
    for (const { refundNo } of settled) {
      const asked = wechat.requests.slice(before).filter((r) => r.url.pathname.endsWith(`/${refundNo}`));
      expect(asked, refundNo).toHaveLength(1);
    }
    expect(wechat.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
    expect(logged(byHand).filter((line) => line.refundNo === settled[0]!.refundNo)).toHaveLength(1);
    const views = await Promise.all(settled.map(({ me, order }) => learnerRefund(me, order.tradeNo)));
    expect(views.map((refund) => refund.payout)).toEqual(['FAILED', 'REFUNDED', 'REFUNDED', 'REFUNDED']);
  });

  it('settles an Alipay refund Alipay has not made yet once it is made, and fails one Alipay refuses for good', async () => {
    const me = await newAccount(t);
    const order = await paidOrder(me, 'ALIPAY');
    alipay.holdRefunds = true;
    const { refundNo, accepted } = await refundAccepted(me, order);
    expect(accepted.payout).toBe('PROCESSING');
    // Not made yet: the job asks, then asks to refund again under the same number.
    expect(await settleAfter(minute)).toMatchObject({ processing: 1 });
    expect(alipay.refundedTotal(order.tradeNo)).toBe('0.00');
    alipay.finishRefund(order.tradeNo, refundNo);
    expect(await settleAfter(2 * minute)).toMatchObject({ refunded: 1 });
    expect(alipay.refundedTotal(order.tradeNo)).toBe((order.payable / 100).toFixed(2));
    expect(await learnerRefund(me, order.tradeNo)).toMatchObject({ payout: 'REFUNDED' });

    const other = await newAccount(t);
    const finished = await paidOrder(other, 'ALIPAY');
    alipay.refuseRefunds = 'ACQ.TRADE_HAS_FINISHED';
    const refused = await refundAccepted(other, finished);
    expect(refused.accepted.payout).toBe('FAILED');
    expect(logged(byHand).filter((line) => line.refundNo === refused.refundNo)).toEqual([
      expect.objectContaining({
        tradeNo: finished.tradeNo,
        amountCents: finished.payable,
        detail: 'ACQ.TRADE_HAS_FINISHED',
      }),
    ]);
  });
});

describe('WeChat Pay refund reports', () => {
  it('applies a genuine report once; a forged, altered, stale or replayed one changes nothing', async () => {
    const me = await newAccount(t);
    const order = await paidOrder(me, 'WECHAT');
    wechat.refundStatus = 'PROCESSING';
    const { refundNo } = await refundAccepted(me, order);
    wechat.settleRefund(refundNo, 'SUCCESS');

    const refusedReports: Record<string, IncomingNotification> = {
      'a forged signature': wechat.refundNotification(refundNo, { badSignature: true }),
      'another APIv3 key': wechat.refundNotification(refundNo, { apiV3Key: 'k'.repeat(32) }),
      'another merchant': wechat.refundNotification(refundNo, { mchid: '1900000999' }),
      'another amount': wechat.refundNotification(refundNo, { amountCents: 1 }),
      'an old one replayed': wechat.refundNotification(refundNo, {
        at: new Date(t.clock.now().getTime() - 6 * minute),
      }),
    };
    for (const [what, report] of Object.entries(refusedReports)) {
      const res = await deliverRefundReport(report);
      expect([res.statusCode, res.json()], what).toEqual([500, { code: 'FAIL', message: '失败' }]);
    }
    const tampered = wechat.refundNotification(refundNo);
    const rawBody = tampered.rawBody.replace('"REFUND.SUCCESS"', '"REFUND.CLOSED"');
    expect((await deliverRefundReport({ ...tampered, rawBody })).statusCode).toBe(500);
    expect(await refundRow(refundNo)).toMatchObject({ payoutStatus: 'PROCESSING', settledAt: null });
    expect(await learnerRefund(me, order.tradeNo)).toMatchObject({ payout: 'PROCESSING' });

    const genuine = wechat.refundNotification(refundNo);
    expect((await deliverRefundReport(genuine)).statusCode).toBe(204);
    const settled = await refundRow(refundNo);
    expect(settled).toMatchObject({ payoutStatus: 'SUCCESS', payoutCheckAt: null });
    expect(await learnerRefund(me, order.tradeNo)).toMatchObject({ payout: 'REFUNDED' });

    // Replayed, or followed by a genuine report of another outcome: answered, nothing changes.
    t.clock.advance(minute);
    expect((await deliverRefundReport(genuine)).statusCode).toBe(204);
    wechat.settleRefund(refundNo, 'ABNORMAL');
    expect((await deliverRefundReport(wechat.refundNotification(refundNo))).statusCode).toBe(204);
    expect(await refundRow(refundNo)).toEqual(settled);
    expect(logged(byHand).filter((line) => line.refundNo === refundNo)).toEqual([]);
    expect(logged('refund paid back').filter((line) => line.refundNo === refundNo)).toHaveLength(1);
    expect(await settleAfter(60 * minute)).toMatchObject({ refunded: 0, processing: 0 });
  });

  it('a report for a refund we do not have is refused; a gateway that sends none has no endpoint', async () => {
    const me = await newAccount(t);
    const order = await paidOrder(me, 'WECHAT');
    wechat.refundStatus = 'PROCESSING';
    const { refundNo } = await refundAccepted(me, order);
    // A refund made at WeChat Pay under a number we never gave (say, on its merchant platform).
    const stranger = wechat.refunds.get(refundNo)!;
    wechat.refunds.set('R-not-ours', { ...stranger, outRefundNo: 'R-not-ours', status: 'SUCCESS' });
    expect((await deliverRefundReport(wechat.refundNotification('R-not-ours'))).statusCode).toBe(500);
    expect(await refundRow(refundNo)).toMatchObject({ payoutStatus: 'PROCESSING' });
    for (const gateway of ['alipay', 'sandbox']) {
      const res = await deliverRefundReport(wechat.refundNotification(refundNo), gateway);
      expect([res.statusCode, res.json().code], gateway).toEqual([404, 'paymentConfigNotFound']);
    }
    const unknown = await deliverRefundReport(wechat.refundNotification(refundNo), 'paypal');
    expect(unknown.statusCode).toBe(400);
  });
});

describe("the learner's orders", () => {
  it('show a refund processing, refunded or failed, in the order, the list and the latest refund', async () => {
    const me = await newAccount(t);
    wechat.refundStatus = 'PROCESSING';
    const order = await paidOrder(me, 'WECHAT');
    const { refundNo } = await refundAccepted(me, order);
    const views = async () => {
      const list = orderListSchema.parse((await get(t, `${orderPaths.orders}?status=PAID`, me.cookie)).json());
      const latest = await get(t, orderPaths.orderLatestRefund(order.tradeNo), me.cookie);
      return [
        (await learnerRefund(me, order.tradeNo)).payout,
        list.items.find((item) => item.tradeNo === order.tradeNo)!.refund!.payout,
        (latest.json() as { payout: string }).payout,
      ];
    };
    expect(await views()).toEqual(['PROCESSING', 'PROCESSING', 'PROCESSING']);
    wechat.settleRefund(refundNo, 'SUCCESS');
    await settleAfter(minute);
    expect(await views()).toEqual(['REFUNDED', 'REFUNDED', 'REFUNDED']);
    // The order stays PAID (docs/product.md#orders-and-refunds: no refunded order state); its refund tells the rest.
    expect((await readOrder(t, me.cookie, order.tradeNo)).status).toBe('PAID');
    const listed = await get(t, `${backOfficePaths.operatorRefunds}?status=ACCEPTED&pageSize=50`, operatorCookie);
    const mine = (listed.json() as { items: { refundNo: string; payout: string }[] }).items.find(
      (item) => item.refundNo === refundNo,
    );
    expect(mine?.payout).toBe('REFUNDED');
  });
});

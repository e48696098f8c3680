import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAlipay, type FakeAlipay } from '../../testing/fake-alipay.js';
import { ManualClock } from '../../testing/manual-clock.js';
import { centsToYuan, createAlipayGateway, yuanToCents } from './alipay.js';
import { GatewayError, IgnoredNotification, NotificationRejected, type StartPaymentInput } from './payment-gateway.js';

const clock = new ManualClock(new Date('2026-03-02T04:00:00Z'));
let fake: FakeAlipay;
let tradeSerial = 0;

beforeAll(async () => {
  fake = await startFakeAlipay({ clock });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.down = false;
  fake.spoilAnswers = false;
  fake.holdRefunds = false;
  fake.refuseRefunds = null;
});

const gateway = () => createAlipayGateway(fake.config, { clock });

function order(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput & { method: 'ALIPAY' } {
  return {
    method: 'ALIPAY',
    tradeNo: `T2026030201${String(++tradeSerial).padStart(4, '0')}`,
    amountCents: 19_990,
    description: '高考数学冲刺班',
    notifyUrl: 'https://school.example.com/api/payments/notify/alipay',
    returnUrl: 'https://school.example.com/mobile/orders/42?paid=1',
    clientIp: '203.0.113.7',
    openid: null,
    expiresAt: new Date('2026-03-02T04:30:00Z'),
    ...overrides,
  };
}

/** A trade the learner opened at Alipay (and paid, unless told otherwise). */
async function trade(amountCents = 19_990, { pay = true } = {}) {
  const input = order({ amountCents });
  const start = await gateway().startPayment(input);
  if (start.kind !== 'redirect') throw new Error('expected a redirect');
  fake.openPage(start.url);
  if (pay) fake.pay(input.tradeNo);
  return input.tradeNo;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );

describe('amounts', () => {
  it('converts cents to yuan and back as text, exactly', () => {
    expect([0, 1, 10, 99, 100, 19_990, 1_000_000_07].map(centsToYuan)).toEqual([
      '0.00',
      '0.01',
      '0.10',
      '0.99',
      '1.00',
      '199.90',
      '1000000.07',
    ]);
    // 0.29 * 100 is 28.999999999999996 in floating point; the text conversion has no such drift.
    expect(['0.29', '1.1', '7', '199.90', '1000000.07'].map(yuanToCents)).toEqual([29, 110, 700, 19_990, 1_000_000_07]);
    expect(['', '1.234', '-1', '1e3', ' 1', null].map(yuanToCents)).toEqual([null, null, null, null, null, null]);
  });
});

describe('Alipay: starting a payment', () => {
  it('answers a WAP pay URL signed by the app key, carrying the trade', async () => {
    const input = order({ amountCents: 29 });
    const start = await gateway().startPayment(input);
    expect(start.kind).toBe('redirect');
    if (start.kind !== 'redirect') return;
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe(fake.config.gateway);
    expect(fake.verifySigned(url.searchParams)).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      app_id: fake.appId,
      method: 'alipay.trade.wap.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      timestamp: '2026-03-02 12:00:00',
      return_url: input.returnUrl,
      notify_url: input.notifyUrl,
    });
    expect(JSON.parse(url.searchParams.get('biz_content')!)).toEqual({
      out_trade_no: input.tradeNo,
      total_amount: '0.29',
      subject: '高考数学冲刺班',
      product_code: 'QUICK_WAP_WAY',
      time_expire: '2026-03-02 12:30:00',
    });
    // A changed amount breaks the signature.
    url.searchParams.set('biz_content', url.searchParams.get('biz_content')!.replace('0.29', '0.01'));
    expect(fake.verifySigned(url.searchParams)).toBe(false);
    expect(gateway().methods).toEqual(['ALIPAY']);
  });
});

describe('Alipay: notifications', () => {
  it('verifies a genuine notification into the payment it reports', async () => {
    const tradeNo = await trade(8_850);
    const atAlipay = fake.trades.get(tradeNo)!;
    expect(await gateway().verifyNotification(fake.notification(tradeNo))).toEqual({
      tradeNo,
      amountCents: 8_850,
      transactionId: atAlipay.alipayTradeNo,
      paidAt: clock.now(),
    });
    expect(await gateway().verifyNotification(fake.notification(tradeNo, { tradeStatus: 'TRADE_FINISHED' }))).toEqual(
      expect.objectContaining({ tradeNo, amountCents: 8_850 }),
    );
  });

  it('rejects a bad signature and a notification for another app', async () => {
    const tradeNo = await trade();
    const forged = await failureOf(gateway().verifyNotification(fake.notification(tradeNo, { badSignature: true })));
    expect(forged).toBeInstanceOf(NotificationRejected);
    expect(forged.message).toMatch(/bad signature/);
    const foreign = await failureOf(gateway().verifyNotification(fake.notification(tradeNo, { appId: '2021009999' })));
    expect(foreign).toBeInstanceOf(NotificationRejected);
    expect(foreign.message).toMatch(/another app/);
  });

  it('rejects a notification whose amount was changed on the way', async () => {
    const tradeNo = await trade(100);
    const genuine = fake.notification(tradeNo);
    const tampered = { ...genuine, rawBody: genuine.rawBody.replace('total_amount=1.00', 'total_amount=0.01') };
    expect(tampered.rawBody).not.toBe(genuine.rawBody);
    expect(await failureOf(gateway().verifyNotification(tampered))).toBeInstanceOf(NotificationRejected);
  });

  it('ignores a genuine notification that is not a payment', async () => {
    const tradeNo = await trade(100, { pay: false });
    for (const tradeStatus of ['WAIT_BUYER_PAY', 'TRADE_CLOSED']) {
      const error = await failureOf(gateway().verifyNotification(fake.notification(tradeNo, { tradeStatus })));
      expect(error).toBeInstanceOf(IgnoredNotification);
    }
  });

  it('answers "success" to stop the retries and "failure" to have them', () => {
    expect(gateway().acknowledge()).toEqual({ status: 200, contentType: 'text/plain', body: 'success' });
    expect(gateway().reject()).toEqual({ status: 200, contentType: 'text/plain', body: 'failure' });
  });
});

describe('Alipay: query, close, refund', () => {
  it('queries a paid trade, an unpaid one and one Alipay never saw', async () => {
    const paid = await trade(4_200);
    expect(await gateway().query(paid)).toEqual({
      paid: true,
      amountCents: 4_200,
      transactionId: fake.trades.get(paid)!.alipayTradeNo,
      paidAt: clock.now(),
    });
    const unpaid = await trade(4_200, { pay: false });
    expect(await gateway().query(unpaid)).toEqual({
      paid: false,
      amountCents: 4_200,
      transactionId: null,
      paidAt: null,
    });
    expect(await gateway().query('T-never-opened')).toEqual({
      paid: false,
      amountCents: null,
      transactionId: null,
      paidAt: null,
    });
    const request = fake.requests.at(-1)!;
    expect(fake.verifySigned(new URLSearchParams([...request.url.searchParams, ...new URLSearchParams(request.body)])));
  });

  it('closes an unpaid trade so it cannot be paid; refuses to close a paid one', async () => {
    const unpaid = await trade(100, { pay: false });
    await gateway().close(unpaid);
    expect(fake.trades.get(unpaid)!.status).toBe('TRADE_CLOSED');
    expect(() => fake.pay(unpaid)).toThrow();
    await gateway().close('T-never-opened');
    const error = await failureOf(gateway().close(await trade()));
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.message).toMatch(/^Alipay close: refused .*ACQ.TRADE_STATUS_ERROR/);
  });

  it('refunds once for the same refund number, however often it is asked', async () => {
    const tradeNo = await trade(10_000);
    const input = {
      tradeNo,
      refundNo: `R-${tradeNo}`,
      totalCents: 10_000,
      refundCents: 2_530,
      reason: '课程未开始',
      notifyUrl: 'https://school.example.com/unused',
    };
    expect(await gateway().refund(input)).toEqual({
      status: 'SUCCESS',
      gatewayRefundId: null,
      detail: 'fund_change Y',
    });
    // The retry: Alipay answers fund_change N; the refund query confirms it was made.
    expect(await gateway().refund(input)).toEqual({
      status: 'SUCCESS',
      gatewayRefundId: null,
      detail: 'REFUND_SUCCESS',
    });
    expect(fake.refundedTotal(tradeNo)).toBe('25.30');
    const refundCall = fake.requests.find((r) => r.url.searchParams.get('method') === 'alipay.trade.refund')!;
    expect(JSON.parse(new URLSearchParams(refundCall.body).get('biz_content')!)).toEqual({
      out_trade_no: tradeNo,
      out_request_no: input.refundNo,
      refund_amount: '25.30',
      refund_reason: '课程未开始',
    });
  });

  const refundOf = (tradeNo: string, refundCents = 100) => ({
    tradeNo,
    refundNo: `R-${tradeNo}`,
    totalCents: 100,
    refundCents,
    reason: '-',
    notifyUrl: null,
  });

  it('a refusal a retry will not change is FAILED; one it may (the balance short) is a GatewayError', async () => {
    const unpaid = await trade(100, { pay: false });
    expect(await gateway().refund(refundOf(unpaid))).toEqual({
      status: 'FAILED',
      gatewayRefundId: null,
      detail: 'ACQ.TRADE_STATUS_ERROR',
    });
    const paid = await trade(100);
    fake.refuseRefunds = 'ACQ.SELLER_BALANCE_NOT_ENOUGH';
    const short = await failureOf(gateway().refund(refundOf(paid)));
    expect(short).toBeInstanceOf(GatewayError);
    expect(short.message).toMatch(/ACQ.SELLER_BALANCE_NOT_ENOUGH/);
    fake.refuseRefunds = 'ACQ.TRADE_HAS_FINISHED';
    expect(await gateway().refund(refundOf(paid))).toMatchObject({
      status: 'FAILED',
      detail: 'ACQ.TRADE_HAS_FINISHED',
    });
    expect(fake.refundedTotal(paid)).toBe('0.00');
  });

  it('a refund Alipay has not made yet is PROCESSING; its query says NOT_FOUND until it is made, then SUCCESS', async () => {
    const tradeNo = await trade(100);
    const input = refundOf(tradeNo, 60);
    const query = { tradeNo, refundNo: input.refundNo };
    expect(await gateway().queryRefund(query)).toEqual({
      status: 'NOT_FOUND',
      gatewayRefundId: null,
      amountCents: null,
      detail: 'no refund_status',
    });
    fake.holdRefunds = true;
    expect(await gateway().refund(input)).toMatchObject({ status: 'PROCESSING' });
    expect(await gateway().queryRefund(query)).toMatchObject({ status: 'NOT_FOUND' });
    const request = fake.requests.at(-1)!;
    const params = new URLSearchParams([...request.url.searchParams, ...new URLSearchParams(request.body)]);
    expect(fake.verifySigned(params)).toBe(true);
    expect(params.get('method')).toBe('alipay.trade.fastpay.refund.query');
    expect(JSON.parse(params.get('biz_content')!)).toEqual({ out_trade_no: tradeNo, out_request_no: input.refundNo });
    // Asked again under the same number while held: still one refund, still not made.
    expect(await gateway().refund(input)).toMatchObject({ status: 'PROCESSING' });
    fake.finishRefund(tradeNo, input.refundNo);
    expect(await gateway().queryRefund(query)).toEqual({
      status: 'SUCCESS',
      gatewayRefundId: null,
      amountCents: 60,
      detail: 'REFUND_SUCCESS',
    });
    expect(fake.refundedTotal(tradeNo)).toBe('0.60');
  });

  it('is refused by Alipay when our request signature is wrong (another app key)', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const wrongKey = createAlipayGateway({ ...fake.config, privateKey: other.toString() }, { clock });
    const error = await failureOf(wrongKey.query(await trade()));
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.message).toMatch(/isv.invalid-signature/);
  });

  it('refuses an answer whose signature does not verify', async () => {
    const tradeNo = await trade();
    fake.spoilAnswers = true;
    const error = await failureOf(gateway().query(tradeNo));
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.message).toBe("Alipay query: the answer's signature did not verify");
  });

  it('fails each call with a GatewayError naming it when Alipay is down or unreachable', async () => {
    fake.down = true;
    const down = await failureOf(gateway().query('T-1'));
    expect(down).toBeInstanceOf(GatewayError);
    expect(down.message).toBe('Alipay query: answered HTTP 502');
    const nowhere = createAlipayGateway({ ...fake.config, gateway: 'http://127.0.0.1:1/gateway.do' }, { clock });
    const unreachable = await failureOf(nowhere.close('T-1'));
    expect(unreachable).toBeInstanceOf(GatewayError);
    expect(unreachable.message).toBe('Alipay close: unreachable');
    expect(unreachable.message).not.toContain('PRIVATE');
  });
});

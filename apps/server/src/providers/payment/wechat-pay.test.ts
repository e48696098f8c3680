import { createDecipheriv, createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WechatPayConfig } from '../../config/env.js';
import { startFakeWechatPay, type FakeWechatPay } from '../../testing/fake-wechat-pay.js';
import { ManualClock } from '../../testing/manual-clock.js';
import { GatewayError, IgnoredNotification, NotificationRejected, type StartPaymentInput } from './payment-gateway.js';
import { createWechatPayGateway } from './wechat-pay.js';

const clock = new ManualClock(new Date('2026-03-02T04:00:00Z'));
let fake: FakeWechatPay;
let tradeSerial = 0;

beforeAll(async () => {
  fake = await startFakeWechatPay({ clock });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.down = false;
  fake.spoilAnswers = 'no';
  fake.refundStatus = 'SUCCESS';
  fake.refuseRefunds = null;
});

const gateway = () => createWechatPayGateway(fake.config, { clock });

function order(overrides: Partial<StartPaymentInput> = {}): StartPaymentInput & { method: 'WECHAT' } {
  return {
    method: 'WECHAT',
    tradeNo: `T2026030200${String(++tradeSerial).padStart(4, '0')}`,
    amountCents: 19_900,
    description: '高考数学冲刺班',
    notifyUrl: 'https://school.example.com/api/payments/notify/wechat',
    returnUrl: 'https://school.example.com/mobile/orders/42?paid=1',
    clientIp: '203.0.113.7',
    openid: null,
    expiresAt: new Date('2026-03-02T04:30:00Z'),
    ...overrides,
  };
}

/** A started and paid trade, as after the learner paid at WeChat Pay's cashier. */
async function paidTrade(amountCents = 19_900) {
  const input = order({ amountCents, openid: 'o-learner-1' });
  await gateway().startPayment(input);
  fake.pay(input.tradeNo);
  return input.tradeNo;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );

describe('WeChat Pay: starting a payment', () => {
  it('inside WeChat places a JSAPI order and answers bridge params whose paySign verifies', async () => {
    const input = order({ openid: 'o-learner-1', description: '课'.repeat(200) });
    const start = await gateway().startPayment(input);
    const trade = fake.trades.get(input.tradeNo)!;
    expect(trade).toMatchObject({
      tradeType: 'JSAPI',
      openid: 'o-learner-1',
      totalCents: 19_900,
      notifyUrl: input.notifyUrl,
      timeExpire: '2026-03-02T12:30:00+08:00',
    });
    expect(Array.from(trade.description)).toHaveLength(127);
    const body = JSON.parse(fake.requests.at(-1)!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ appid: fake.appId, mchid: fake.mchId, amount: { total: 19_900, currency: 'CNY' } });

    expect(start.kind).toBe('wechatJsapi');
    if (start.kind !== 'wechatJsapi') return;
    const { params } = start;
    expect(params).toMatchObject({
      appId: fake.appId,
      timeStamp: String(clock.now().getTime() / 1000),
      package: `prepay_id=${trade.prepayId}`,
      signType: 'RSA',
    });
    const merchantPublicKey = fake.config.privateKey; // a private key verifies too (its public half)
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchantPublicKey, params.paySign, 'base64')).toBe(true);
  });

  it('outside WeChat places an H5 order and sends the learner to its URL, coming back to ours', async () => {
    const input = order();
    const start = await gateway().startPayment(input);
    const trade = fake.trades.get(input.tradeNo)!;
    expect(trade).toMatchObject({ tradeType: 'MWEB', clientIp: '203.0.113.7' });
    expect(start).toEqual({
      kind: 'redirect',
      url:
        `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${trade.prepayId}&package=1037687096` +
        `&redirect_url=${encodeURIComponent(input.returnUrl)}`,
    });
    expect(gateway().methods).toEqual(['WECHAT']);
  });

  it('is refused by WeChat Pay when our request signature is wrong (another merchant key)', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    const wrongKey: WechatPayConfig = { ...fake.config, privateKey: other.toString() };
    const error = await failureOf(createWechatPayGateway(wrongKey, { clock }).startPayment(order()));
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.message).toContain('SIGN_ERROR');
    expect(error.message).not.toContain(fake.config.apiV3Key);
  });

  it('refuses an answer whose signature does not verify, or that names another key', async () => {
    fake.spoilAnswers = 'signature';
    expect(await failureOf(gateway().startPayment(order()))).toMatchObject({
      name: 'GatewayError',
      message: expect.stringContaining('bad signature'),
    });
    fake.spoilAnswers = 'serial';
    expect(await failureOf(gateway().query('T-any'))).toMatchObject({
      name: 'GatewayError',
      message: expect.stringContaining('unknown key serial'),
    });
  });
});

describe('WeChat Pay: notifications', () => {
  it('verifies and decrypts a genuine notification into the payment it reports', async () => {
    const tradeNo = await paidTrade(8_850);
    const trade = fake.trades.get(tradeNo)!;
    expect(await gateway().verifyNotification(fake.notification(tradeNo))).toEqual({
      tradeNo,
      amountCents: 8_850,
      transactionId: trade.transactionId,
      paidAt: clock.now(),
    });
  });

  it.each([
    ['a bad signature', { badSignature: true }, /bad signature/],
    ['an unknown public key serial', { serial: 'PUB_KEY_ID_0000' }, /unknown key serial/],
    ['a foreign merchant id', { mchid: '1900000999' }, /another merchant/],
    ['a foreign app id', { appid: 'wxffffffffffffffff' }, /another app/],
    ['another APIv3 key', { apiV3Key: 'x'.repeat(32) }, /does not decrypt/],
  ])('rejects %s', async (_what, overrides, reason) => {
    const tradeNo = await paidTrade();
    const error = await failureOf(gateway().verifyNotification(fake.notification(tradeNo, overrides)));
    expect(error).toBeInstanceOf(NotificationRejected);
    expect(error.message).toMatch(reason);
  });

  it('rejects a timestamp more than 5 minutes away from the clock, either way', async () => {
    const tradeNo = await paidTrade();
    const minute = 60_000;
    const at = (ms: number) => ({ at: new Date(clock.now().getTime() + ms) });
    for (const ok of [-5 * minute, 5 * minute]) {
      await expect(gateway().verifyNotification(fake.notification(tradeNo, at(ok)))).resolves.toBeTruthy();
    }
    for (const stale of [-5 * minute - 1000, 5 * minute + 1000]) {
      const error = await failureOf(gateway().verifyNotification(fake.notification(tradeNo, at(stale))));
      expect(error).toBeInstanceOf(NotificationRejected);
      expect(error.message).toMatch(/window/);
    }
  });

  it('rejects a notification whose amount was changed on the way', async () => {
    const tradeNo = await paidTrade(100);
    const genuine = fake.notification(tradeNo);
    const body = JSON.parse(genuine.rawBody) as { resource: { ciphertext: string; nonce: string } };
    // AES-GCM is a stream cipher: flipping ciphertext bits flips the same plaintext bits, so one
    // who knows the layout turns "100" into "900" without the key. The signature catches it.
    const sealed = Buffer.from(body.resource.ciphertext, 'base64');
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(fake.config.apiV3Key),
      Buffer.from(body.resource.nonce),
    );
    const plain = decipher.update(sealed.subarray(0, -16)).toString('utf8');
    const digit = plain.indexOf('"total":100') + '"total":'.length;
    sealed[digit]! ^= '1'.charCodeAt(0) ^ '9'.charCodeAt(0);
    body.resource.ciphertext = sealed.toString('base64');
    const tampered = { headers: genuine.headers, rawBody: JSON.stringify(body) };
    const error = await failureOf(gateway().verifyNotification(tampered));
    expect(error).toBeInstanceOf(NotificationRejected);
    expect(error.message).toMatch(/bad signature/);
  });

  it('ignores a genuine notification that is not a successful payment', async () => {
    const input = order({ openid: 'o-learner-2' });
    await gateway().startPayment(input);
    const closed = fake.notification(input.tradeNo, { tradeState: 'CLOSED' });
    expect(await failureOf(gateway().verifyNotification(closed))).toBeInstanceOf(IgnoredNotification);
    const tradeNo = await paidTrade();
    const refundEvent = fake.notification(tradeNo, { eventType: 'REFUND.SUCCESS' });
    expect(await failureOf(gateway().verifyNotification(refundEvent))).toBeInstanceOf(IgnoredNotification);
  });

  it('acknowledges with 204 and an empty body, and asks for a retry with 500 FAIL', () => {
    expect(gateway().acknowledge()).toMatchObject({ status: 204, body: '' });
    expect(gateway().reject()).toEqual({
      status: 500,
      contentType: 'application/json; charset=utf-8',
      body: '{"code":"FAIL","message":"失败"}',
    });
  });
});

describe('WeChat Pay: refund notifications', () => {
  /** A paid trade with a refund left PROCESSING, then finished as `status` at WeChat Pay. */
  async function finishedRefund(status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED', refundCents = 3_000) {
    fake.refundStatus = 'PROCESSING';
    const tradeNo = await paidTrade(10_000);
    const refundNo = `R-${tradeNo}`;
    await gateway().refund({ tradeNo, refundNo, totalCents: 10_000, refundCents, reason: '-', notifyUrl: null });
    const refund = fake.settleRefund(refundNo, status);
    return { tradeNo, refundNo, refundId: refund.refundId };
  }

  it('verifies and decrypts a genuine report of a refund that succeeded, or ended abnormal or closed', async () => {
    const done = await finishedRefund('SUCCESS');
    expect(await gateway().verifyRefundNotification!(fake.refundNotification(done.refundNo))).toEqual({
      tradeNo: done.tradeNo,
      refundNo: done.refundNo,
      status: 'SUCCESS',
      amountCents: 3_000,
      gatewayRefundId: done.refundId,
      detail: 'SUCCESS',
    });
    for (const ended of ['ABNORMAL', 'CLOSED'] as const) {
      const failed = await finishedRefund(ended);
      expect(await gateway().verifyRefundNotification!(fake.refundNotification(failed.refundNo))).toMatchObject({
        refundNo: failed.refundNo,
        status: 'FAILED',
        detail: ended,
      });
    }
  });

  it.each([
    ['a bad signature', { badSignature: true }, /bad signature/],
    ['a foreign merchant id', { mchid: '1900000999' }, /another merchant/],
    ['another APIv3 key', { apiV3Key: 'x'.repeat(32) }, /does not decrypt/],
    ['a stale timestamp', { at: new Date(clock.now().getTime() - 6 * 60_000) }, /window/],
    ['a status that is not the event’s', { eventType: 'REFUND.SUCCESS', refundStatus: 'ABNORMAL' }, /does not match/],
  ])('rejects a refund report with %s', async (_what, overrides, reason) => {
    const { refundNo } = await finishedRefund('SUCCESS');
    const error = await failureOf(gateway().verifyRefundNotification!(fake.refundNotification(refundNo, overrides)));
    expect(error).toBeInstanceOf(NotificationRejected);
    expect(error.message).toMatch(reason);
  });

  it('ignores a payment event sent to the refund endpoint, and a refund event sent to the payment one', async () => {
    const { tradeNo, refundNo } = await finishedRefund('SUCCESS');
    const payment = fake.notification(tradeNo, { eventType: 'TRANSACTION.SUCCESS', tradeState: 'SUCCESS' });
    expect(await failureOf(gateway().verifyRefundNotification!(payment))).toBeInstanceOf(IgnoredNotification);
    expect(await failureOf(gateway().verifyNotification(fake.refundNotification(refundNo)))).toBeInstanceOf(
      IgnoredNotification,
    );
  });
});

describe('WeChat Pay: query, close, refund', () => {
  it('queries a paid trade, an unpaid one and one WeChat Pay never saw', async () => {
    const tradeNo = await paidTrade(4_200);
    const trade = fake.trades.get(tradeNo)!;
    expect(await gateway().query(tradeNo)).toEqual({
      paid: true,
      amountCents: 4_200,
      transactionId: trade.transactionId,
      paidAt: clock.now(),
    });
    const unpaid = order();
    await gateway().startPayment(unpaid);
    expect(await gateway().query(unpaid.tradeNo)).toEqual({
      paid: false,
      amountCents: 19_900,
      transactionId: null,
      paidAt: null,
    });
    expect(await gateway().query('T-never-started')).toEqual({
      paid: false,
      amountCents: null,
      transactionId: null,
      paidAt: null,
    });
  });

  it('closes an unpaid trade (204), so it cannot be paid afterwards; refuses to close a paid one', async () => {
    const input = order();
    await gateway().startPayment(input);
    await gateway().close(input.tradeNo);
    expect(fake.trades.get(input.tradeNo)!.state).toBe('CLOSED');
    expect(() => fake.pay(input.tradeNo)).toThrow();
    await gateway().close('T-never-started');
    const error = await failureOf(gateway().close(await paidTrade()));
    expect(error).toBeInstanceOf(GatewayError);
    expect(error.message).toMatch(/close.*ORDERPAID/);
  });

  it('refunds once for the same refund number, however often it is asked', async () => {
    const tradeNo = await paidTrade(10_000);
    const input = {
      tradeNo,
      refundNo: `R-${tradeNo}`,
      totalCents: 10_000,
      refundCents: 2_500,
      reason: '课程未开始，全额退款',
      notifyUrl: 'https://school.example.com/api/payments/refund-notify/wechat',
    };
    const first = await gateway().refund(input);
    const second = await gateway().refund(input);
    expect(first).toEqual({ status: 'SUCCESS', gatewayRefundId: expect.any(String), detail: 'SUCCESS' });
    expect(second).toEqual(first);
    expect(fake.trades.get(tradeNo)!.refundedCents).toBe(2_500);
    const body = JSON.parse(fake.requests.at(-1)!.body) as Record<string, unknown>;
    expect(body).toEqual({
      out_trade_no: tradeNo,
      out_refund_no: input.refundNo,
      reason: input.reason,
      notify_url: input.notifyUrl,
      amount: { refund: 2_500, total: 10_000, currency: 'CNY' },
    });
  });

  const refundOf = (tradeNo: string, refundCents = 19_900) => ({
    tradeNo,
    refundNo: `R-${tradeNo}`,
    totalCents: 19_900,
    refundCents,
    reason: '退款',
    notifyUrl: 'https://s.example/api/payments/refund-notify/wechat',
  });

  it('answers PROCESSING for a refund WeChat Pay will finish, and FAILED for one that ends ABNORMAL or CLOSED', async () => {
    fake.refundStatus = 'PROCESSING';
    const tradeNo = await paidTrade();
    expect(await gateway().refund(refundOf(tradeNo))).toMatchObject({ status: 'PROCESSING', detail: 'PROCESSING' });
    for (const ended of ['ABNORMAL', 'CLOSED'] as const) {
      fake.refundStatus = ended;
      const other = await paidTrade();
      expect(await gateway().refund(refundOf(other))).toMatchObject({ status: 'FAILED', detail: ended });
    }
  });

  it('asks for no report when there is nowhere to send it', async () => {
    const tradeNo = await paidTrade();
    await gateway().refund({ ...refundOf(tradeNo), notifyUrl: null });
    const body = JSON.parse(fake.requests.at(-1)!.body) as Record<string, unknown>;
    expect(body).not.toHaveProperty('notify_url');
  });

  it('a refusal that a retry may pass is a GatewayError; one it will not (the account closed) is FAILED', async () => {
    const tradeNo = await paidTrade();
    fake.refuseRefunds = { status: 403, code: 'NOT_ENOUGH' };
    const busy = await failureOf(gateway().refund(refundOf(tradeNo)));
    expect(busy).toBeInstanceOf(GatewayError);
    expect(busy.message).toMatch(/refund: refused with HTTP 403 NOT_ENOUGH/);
    fake.refuseRefunds = { status: 403, code: 'USER_ACCOUNT_ABNORMAL' };
    expect(await gateway().refund(refundOf(tradeNo))).toEqual({
      status: 'FAILED',
      gatewayRefundId: null,
      detail: 'USER_ACCOUNT_ABNORMAL',
    });
    expect(fake.refunds.has(`R-${tradeNo}`)).toBe(false);
  });

  it('queries a refund by its number: PROCESSING, then SUCCESS; ABNORMAL and CLOSED are FAILED; an unknown one NOT_FOUND', async () => {
    fake.refundStatus = 'PROCESSING';
    const tradeNo = await paidTrade();
    const input = refundOf(tradeNo, 5_000);
    await gateway().refund(input);
    const query = { tradeNo, refundNo: input.refundNo };
    const refundId = fake.refunds.get(input.refundNo)!.refundId;
    expect(await gateway().queryRefund(query)).toEqual({
      status: 'PROCESSING',
      gatewayRefundId: refundId,
      amountCents: 5_000,
      detail: 'PROCESSING',
    });
    const request = fake.requests.at(-1)!;
    expect([request.method, request.url.pathname, request.url.search]).toEqual([
      'GET',
      `/v3/refund/domestic/refunds/${input.refundNo}`,
      '',
    ]);
    fake.settleRefund(input.refundNo, 'SUCCESS');
    expect(await gateway().queryRefund(query)).toMatchObject({ status: 'SUCCESS', amountCents: 5_000 });
    for (const ended of ['ABNORMAL', 'CLOSED'] as const) {
      fake.settleRefund(input.refundNo, ended);
      expect(await gateway().queryRefund(query)).toMatchObject({ status: 'FAILED', detail: ended });
    }
    expect(await gateway().queryRefund({ tradeNo, refundNo: 'R-never-asked' })).toEqual({
      status: 'NOT_FOUND',
      gatewayRefundId: null,
      amountCents: null,
      detail: 'RESOURCE_NOT_EXISTS',
    });
    const wrongTrade = await failureOf(gateway().queryRefund({ tradeNo: 'T-other', refundNo: input.refundNo }));
    expect(wrongTrade.message).toMatch(/another refund/);
    fake.spoilAnswers = 'signature';
    expect(await failureOf(gateway().queryRefund(query))).toMatchObject({
      name: 'GatewayError',
      message: expect.stringContaining('bad signature'),
    });
  });

  it('fails each call with a GatewayError naming it when WeChat Pay is down or unreachable', async () => {
    fake.down = true;
    const down = await failureOf(gateway().query('T-1'));
    expect(down).toBeInstanceOf(GatewayError);
    expect(down.message).toBe('WeChat Pay query: answered HTTP 503');
    const nowhere = createWechatPayGateway({ ...fake.config, apiBase: 'http://127.0.0.1:1' }, { clock });
    const unreachable = await failureOf(nowhere.close('T-1'));
    expect(unreachable).toBeInstanceOf(GatewayError);
    expect(unreachable.message).toBe('WeChat Pay close: unreachable');
  });
});

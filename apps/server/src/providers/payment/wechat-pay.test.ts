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
    expect(first).toEqual({ status: 'SUCCESS', gatewayRefundId: expect.any(String) });
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

  it('answers PROCESSING for a refund WeChat Pay will finish, and fails one that ends ABNORMAL', async () => {
    const base = { totalCents: 19_900, refundCents: 19_900, reason: '退款', notifyUrl: 'https://s.example/n' };
    fake.refundStatus = 'PROCESSING';
    const tradeNo = await paidTrade();
    expect(await gateway().refund({ ...base, tradeNo, refundNo: `R-${tradeNo}` })).toMatchObject({
      status: 'PROCESSING',
    });
    fake.refundStatus = 'ABNORMAL';
    const other = await paidTrade();
    expect(await failureOf(gateway().refund({ ...base, tradeNo: other, refundNo: `R-${other}` }))).toBeInstanceOf(
      GatewayError,
    );
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

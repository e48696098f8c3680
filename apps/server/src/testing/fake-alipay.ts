import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AlipayConfig } from '../config/env.js';
import type { Clock } from '../providers/clock.js';
import type { IncomingNotification } from '../providers/payment/payment-gateway.js';
import { startFakeRemote, type FakeRemote } from './fake-remote.js';

/*
 * A fake Alipay gateway.do on 127.0.0.1. Both key pairs are made here at start: the app's (our
 * side signs with its private key; the fake checks every request's RSA2 signature with its
 * public key, refusing with isv.invalid-signature as Alipay does) and Alipay's (the fake signs
 * its answers and notifications the way Alipay does and the SDK verifies). Trades live in
 * memory: a trade starts when the learner opens the signed WAP URL (`openPage`), as at Alipay; a
 * refund can be held (fund_change N, not yet made) and made later, or refused with a sub_code.
 * The signing is written here on its own, not borrowed from the SDK, so the two check each other.
 */

export type FakeAlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

export interface FakeAlipayTrade {
  tradeNo: string;
  /** Alipay's own trade number. */
  alipayTradeNo: string;
  totalAmount: string;
  subject: string;
  timeExpire: string;
  notifyUrl: string;
  returnUrl: string;
  status: FakeAlipayTradeStatus;
  gmtPayment: string | null;
  /** Refunds by out_request_no, in yuan. */
  refunds: Map<string, string>;
  /** Refunds accepted but not yet made (`holdRefunds`), by out_request_no, in yuan. */
  pendingRefunds: Map<string, string>;
}

export interface AlipayNotificationOverrides {
  tradeStatus?: string;
  appId?: string;
  totalAmount?: string;
  /** Signs with another key, so the signature does not verify. */
  badSignature?: boolean;
}

export interface FakeAlipay extends FakeRemote {
  appId: string;
  /** A configuration of the adapter that talks to this fake with the right keys. */
  config: AlipayConfig;
  trades: Map<string, FakeAlipayTrade>;
  /** Whether a URL's (or form's) parameters carry a valid RSA2 signature of the app key. */
  verifySigned(params: URLSearchParams): boolean;
  /** The learner opens the WAP pay URL: the signature is checked and the trade starts. */
  openPage(url: string): FakeAlipayTrade;
  pay(tradeNo: string): FakeAlipayTrade;
  notification(tradeNo: string, overrides?: AlipayNotificationOverrides): IncomingNotification;
  /** Answers every call with HTTP 502 while true. */
  down: boolean;
  /** Spoils the signature of its answers, as a man in the middle would. */
  spoilAnswers: boolean;
  /** Yuan refunded in all, the money that left the merchant. */
  refundedTotal(tradeNo: string): string;
  /**
   * While true, a new refund is answered 10000 with fund_change N and not made yet: the refund
   * query shows no refund_status until `finishRefund`.
   */
  holdRefunds: boolean;
  /** Makes a held refund: the money moves and the query answers REFUND_SUCCESS. */
  finishRefund(tradeNo: string, requestNo: string): void;
  /** While set, new refunds are refused with this sub_code (ACQ.SELLER_BALANCE_NOT_ENOUGH, ACQ.TRADE_HAS_FINISHED…). */
  refuseRefunds: string | null;
}

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const rsa2 = (content: string, key: string) => createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

/** Alipay's sign content: every parameter but the excluded ones, sorted, `k=v` joined by `&`. */
function signContent(params: Iterable<[string, string]>, exclude: readonly string[]): string {
  return [...params]
    .filter(([key, value]) => !exclude.includes(key) && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

const chinaTime = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

const toCents = (yuan: string) => Math.round(Number(yuan) * 100);
const toYuan = (cents: number) => (cents / 100).toFixed(2);

export async function startFakeAlipay(options: { clock?: Clock; appId?: string } = {}): Promise<FakeAlipay> {
  const clock = options.clock ?? { now: () => new Date() };
  const app = keyPair();
  const alipay = keyPair();
  const stranger = keyPair();
  const trades = new Map<string, FakeAlipayTrade>();
  let serial = 0;
  const appId = options.appId ?? '2021000122671080';

  const state = { down: false, spoilAnswers: false, holdRefunds: false, refuseRefunds: null as string | null };

  function verifySigned(params: URLSearchParams): boolean {
    const sign = params.get('sign');
    if (!sign || params.get('sign_type') !== 'RSA2') return false;
    // Requests sign sign_type too (unlike notifications).
    return createVerify('RSA-SHA256')
      .update(signContent(params.entries(), ['sign']), 'utf8')
      .verify(app.publicKey, sign, 'base64');
  }

  function answer(method: string, inner: Record<string, unknown>) {
    const key = `${method.replaceAll('.', '_')}_response`;
    const signed = JSON.stringify(inner);
    return { json: { [key]: inner, sign: rsa2(signed, state.spoilAnswers ? stranger.privateKey : alipay.privateKey) } };
  }

  const ok = (fields: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...fields });
  const failed = (subCode: string, subMsg: string) => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subMsg,
  });

  function makeRefund(trade: FakeAlipayTrade, requestNo: string, amount: string) {
    trade.pendingRefunds.delete(requestNo);
    trade.refunds.set(requestNo, amount);
    if (toCents(fake.refundedTotal(trade.tradeNo)) === toCents(trade.totalAmount)) trade.status = 'TRADE_CLOSED';
  }

  function handle(method: string, biz: Record<string, unknown>): Record<string, unknown> {
    const trade = trades.get(String(biz.out_trade_no));
    switch (method) {
      case 'alipay.trade.query':
        if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return ok({
          trade_no: trade.alipayTradeNo,
          out_trade_no: trade.tradeNo,
          buyer_logon_id: '159****5620',
          trade_status: trade.status,
          total_amount: trade.totalAmount,
          ...(trade.gmtPayment ? { send_pay_date: trade.gmtPayment } : {}),
        });
      case 'alipay.trade.close':
        if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (trade.status !== 'WAIT_BUYER_PAY' && trade.status !== 'TRADE_CLOSED') {
          return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        }
        trade.status = 'TRADE_CLOSED';
        return ok({ trade_no: trade.alipayTradeNo, out_trade_no: trade.tradeNo });
      case 'alipay.trade.refund': {
        if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const requestNo = String(biz.out_request_no ?? trade.tradeNo);
        const amount = String(biz.refund_amount);
        const common = {
          trade_no: trade.alipayTradeNo,
          out_trade_no: trade.tradeNo,
          buyer_logon_id: '159****5620',
        };
        const earlier = trade.refunds.get(requestNo) ?? trade.pendingRefunds.get(requestNo);
        if (earlier !== undefined) {
          // A retried request is the same refund: Alipay answers it again, moving no money.
          if (earlier !== amount) return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额与原请求不一致');
          return ok({ ...common, fund_change: 'N', refund_fee: fake.refundedTotal(trade.tradeNo) });
        }
        if (state.refuseRefunds !== null) return failed(state.refuseRefunds, '退款失败');
        if (trade.status !== 'TRADE_SUCCESS') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const refunded = toCents(fake.refundedTotal(trade.tradeNo));
        if (!/^\d+\.\d\d$/.test(amount) || refunded + toCents(amount) > toCents(trade.totalAmount)) {
          return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        }
        if (state.holdRefunds) {
          trade.pendingRefunds.set(requestNo, amount);
          return ok({ ...common, fund_change: 'N', refund_fee: fake.refundedTotal(trade.tradeNo) });
        }
        makeRefund(trade, requestNo, amount);
        return ok({ ...common, fund_change: 'Y', refund_fee: fake.refundedTotal(trade.tradeNo) });
      }
      case 'alipay.trade.fastpay.refund.query': {
        const amount = trade?.refunds.get(String(biz.out_request_no));
        if (!trade || amount === undefined) return ok({});
        return ok({
          trade_no: trade.alipayTradeNo,
          out_trade_no: trade.tradeNo,
          out_request_no: String(biz.out_request_no),
          refund_amount: amount,
          total_amount: trade.totalAmount,
          refund_status: 'REFUND_SUCCESS',
        });
      }
      default:
        return { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' };
    }
  }

  const remote = await startFakeRemote((request) => {
    if (state.down) return { status: 502, json: { message: 'bad gateway' } };
    const params = new URLSearchParams(request.url.search);
    for (const [key, value] of new URLSearchParams(request.body)) params.append(key, value);
    const method = params.get('method') ?? '';
    if (request.url.pathname !== '/gateway.do' || request.method !== 'POST') {
      return { status: 404, json: { message: 'not found' } };
    }
    if (params.get('app_id') !== appId) return answer(method, failed('isv.invalid-app-id', '无效的AppID参数'));
    if (!verifySigned(params)) {
      return answer(method, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    if (params.get('charset') !== 'utf-8' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(params.get('timestamp') ?? '')) {
      return answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-timestamp' });
    }
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.get('biz_content') ?? '') as Record<string, unknown>;
    } catch {
      return answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-biz-content' });
    }
    return answer(method, handle(method, biz));
  });

  const fake = Object.assign(state, {
    url: remote.url,
    requests: remote.requests,
    close: remote.close,
    appId,
    trades,
    config: {
      appId,
      privateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
      gateway: `${remote.url}/gateway.do`,
    } satisfies AlipayConfig,
    verifySigned,

    openPage(url: string): FakeAlipayTrade {
      const params = new URL(url).searchParams;
      if (!verifySigned(params) || params.get('app_id') !== appId || params.get('method') !== 'alipay.trade.wap.pay') {
        throw new Error('fake Alipay: the pay URL is not signed by the app');
      }
      const biz = JSON.parse(params.get('biz_content') ?? '{}') as Record<string, string>;
      const existing = trades.get(biz.out_trade_no!);
      if (existing) return existing;
      const trade: FakeAlipayTrade = {
        tradeNo: biz.out_trade_no!,
        alipayTradeNo: `2026${Date.now()}${String(++serial).padStart(6, '0')}`,
        totalAmount: biz.total_amount!,
        subject: biz.subject!,
        timeExpire: biz.time_expire!,
        notifyUrl: params.get('notify_url') ?? '',
        returnUrl: params.get('return_url') ?? '',
        status: 'WAIT_BUYER_PAY',
        gmtPayment: null,
        refunds: new Map(),
        pendingRefunds: new Map(),
      };
      trades.set(trade.tradeNo, trade);
      return trade;
    },

    pay(tradeNo: string): FakeAlipayTrade {
      const trade = trades.get(tradeNo);
      if (!trade || trade.status !== 'WAIT_BUYER_PAY') throw new Error(`fake Alipay: ${tradeNo} cannot be paid`);
      trade.status = 'TRADE_SUCCESS';
      trade.gmtPayment = chinaTime(clock.now());
      return trade;
    },

    notification(tradeNo: string, overrides: AlipayNotificationOverrides = {}): IncomingNotification {
      const trade = trades.get(tradeNo);
      if (!trade) throw new Error(`fake Alipay: no trade ${tradeNo}`);
      const now = chinaTime(clock.now());
      const fields: Record<string, string> = {
        gmt_create: now,
        charset: 'utf-8',
        seller_email: 'school@example.com',
        subject: trade.subject,
        buyer_id: '2088102122524333',
        invoice_amount: trade.totalAmount,
        notify_id: randomBytes(16).toString('hex'),
        fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
        notify_type: 'trade_status_sync',
        trade_status: overrides.tradeStatus ?? trade.status,
        receipt_amount: trade.totalAmount,
        app_id: overrides.appId ?? appId,
        buyer_pay_amount: trade.totalAmount,
        seller_id: '2088102119685838',
        notify_time: now,
        version: '1.0',
        out_trade_no: trade.tradeNo,
        total_amount: overrides.totalAmount ?? trade.totalAmount,
        trade_no: trade.alipayTradeNo,
        auth_app_id: overrides.appId ?? appId,
        point_amount: '0.00',
        ...(trade.gmtPayment ? { gmt_payment: trade.gmtPayment } : {}),
      };
      // Notifications leave sign and sign_type out of the signed content.
      const sign = rsa2(
        signContent(Object.entries(fields), ['sign', 'sign_type']),
        overrides.badSignature ? stranger.privateKey : alipay.privateKey,
      );
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        rawBody: new URLSearchParams({ ...fields, sign, sign_type: 'RSA2' }).toString(),
      };
    },

    finishRefund(tradeNo: string, requestNo: string): void {
      const trade = trades.get(tradeNo);
      const amount = trade?.pendingRefunds.get(requestNo);
      if (!trade || amount === undefined) throw new Error(`fake Alipay: no held refund ${requestNo}`);
      makeRefund(trade, requestNo, amount);
    },

    refundedTotal(tradeNo: string): string {
      const trade = trades.get(tradeNo);
      let cents = 0;
      for (const yuan of trade?.refunds.values() ?? []) cents += toCents(yuan);
      return toYuan(cents);
    },
  });
  return fake;
}

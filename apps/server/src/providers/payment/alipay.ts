import type { AlipayConfig } from '../../config/env.js';
import type { Clock } from '../clock.js';
import {
  GatewayError,
  IgnoredNotification,
  NotificationRejected,
  type PaymentQuery,
  type RefundOutcome,
  type RefundState,
  type VerifiedPayment,
  type PaymentGateway,
} from './payment-gateway.js';

/*
 * Alipay (decision record 013) through its official SDK, alipay-sdk 4: mobile web pay
 * (alipay.trade.wap.pay) as a signed GET URL the learner opens, the trade calls through
 * gateway.do with RSA2 signatures both ways (our app key signs, Alipay's public key verifies
 * every answer), and the form-encoded notification verified by the SDK. Amounts travel as
 * yuan strings with two decimals; ours are integer cents, converted as text, never as floats.
 */

/** Alipay refuses a longer subject. */
const subjectMaxLength = 256;
const requestTimeoutMs = 10_000;
/** The states in which Alipay has the money (FINISHED: paid and past its refund period). */
const paidStates = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
/**
 * Refusals of a refund that asking again under the same number will not change: the trade is
 * past its refund period or does not allow refunds, is closed or not paid, or the amount breaks
 * a rule. Any other (ACQ.SYSTEM_ERROR, ACQ.SELLER_BALANCE_NOT_ENOUGH, a frozen trade…) may pass
 * later, so it is asked again.
 */
const finalRefundRefusals = new Set([
  'ACQ.TRADE_HAS_FINISHED',
  'ACQ.TRADE_NOT_ALLOW_REFUND',
  'ACQ.TRADE_HAS_CLOSE',
  'ACQ.TRADE_STATUS_ERROR',
  'ACQ.TRADE_NOT_EXIST',
  'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
]);

export interface AlipayGateway extends PaymentGateway {
  readonly name: 'alipay';
}

/** The part of alipay-sdk 4's AlipaySdk this adapter uses (its own types: dist/esm/alipay.d.ts). */
interface AlipaySdkApi {
  pageExecute(method: string, httpMethod: 'GET' | 'POST', params: Record<string, unknown>): string;
  exec(method: string, params: Record<string, unknown>, options: { validateSign: boolean }): Promise<AlipayResult>;
  checkNotifySignV2(postData: Record<string, string>): boolean;
}

interface AlipayResult {
  /** 10000 is success. */
  code: string;
  msg: string;
  sub_code?: string;
  sub_msg?: string;
  [field: string]: unknown;
}

interface AlipaySdkModule {
  AlipaySdk: new (config: {
    appId: string;
    privateKey: string;
    keyType: 'PKCS1' | 'PKCS8';
    alipayPublicKey: string;
    gateway: string;
    signType: 'RSA2';
    timeout: number;
    camelcase: boolean;
  }) => AlipaySdkApi;
}

// alipay-sdk (and its dependency ylru) export their TypeScript sources under the `source`
// condition, the very condition our workspace uses for its own packages: resolved statically,
// tsc would type-check the SDK's sources and Vitest's Node would try to run ylru's .ts. Loaded
// by a name neither resolves ahead of time, only a server that configures Alipay ever loads it.
const alipaySdkModule = 'alipay-sdk';
const loadAlipaySdk = () => import(alipaySdkModule) as Promise<AlipaySdkModule>;

/** 12345 → "123.45". */
export function centsToYuan(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "123.45" → 12345; null for anything that is not a yuan amount with at most two decimals. */
export function yuanToCents(yuan: unknown): number | null {
  const match = typeof yuan === 'string' ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan) : null;
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "2026-03-02 12:30:00": Alipay's times are China time without a zone. */
export function chinaTimeText(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function parseChinaTime(value: unknown): Date | null {
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(value)) return null;
  const at = new Date(`${value.replace(' ', 'T')}+08:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function createAlipayGateway(config: AlipayConfig, deps: { clock: Clock }): AlipayGateway {
  const { clock } = deps;
  const sdkReady = loadAlipaySdk().then(
    ({ AlipaySdk }) =>
      new AlipaySdk({
        appId: config.appId,
        // The SDK rebuilds the PEM from its lines; a trailing newline would leave the END line in.
        privateKey: config.privateKey.trim(),
        keyType: 'PKCS8',
        alipayPublicKey: config.alipayPublicKey.trim(),
        gateway: config.gateway,
        signType: 'RSA2',
        timeout: requestTimeoutMs,
        camelcase: false,
      }),
  );
  // Each call awaits it and reports a failure; this keeps an unused failure from going unhandled.
  sdkReady.catch(() => undefined);
  const sdk = async (what: string) => {
    try {
      return await sdkReady;
    } catch (error) {
      // A deployment fault, not a key: the loader's message names files only.
      throw new GatewayError(`Alipay ${what}: alipay-sdk did not load (${String(error)})`);
    }
  };
  // The SDK would stamp requests with the machine's local time; Alipay wants China time, and
  // tests want the clock provider's.
  const timestamp = () => chinaTimeText(clock.now());

  async function exec(what: string, method: string, bizContent: Record<string, unknown>): Promise<AlipayResult> {
    const client = await sdk(what);
    try {
      return await client.exec(method, { bizContent, timestamp: timestamp() }, { validateSign: true });
    } catch (error) {
      // The SDK's messages can quote the answer; ours name the call and the kind of failure only.
      const message = error instanceof Error && error.name === 'AlipayRequestError' ? error.message : '';
      const status = /status: (\d+)/.exec(message)?.[1];
      const kind = message.startsWith('HttpClient Request error')
        ? 'unreachable'
        : status
          ? `answered HTTP ${status}`
          : message.includes('验签')
            ? "the answer's signature did not verify"
            : 'unusable answer';
      throw new GatewayError(`Alipay ${what}: ${kind}`);
    }
  }

  function refusal(what: string, result: AlipayResult): GatewayError {
    const detail = [result.code, result.sub_code, result.sub_msg ?? result.msg].filter(Boolean).join(' ');
    return new GatewayError(`Alipay ${what}: refused (${detail})`);
  }

  const succeeded = (result: AlipayResult) => result.code === '10000';
  const tradeMissing = (result: AlipayResult) => result.sub_code === 'ACQ.TRADE_NOT_EXIST';

  /**
   * alipay.trade.fastpay.refund.query: refund_status REFUND_SUCCESS is refunded; no refund_status
   * means Alipay has not refunded it (not received, or failed): refunding again under the same
   * out_request_no is safe. The answer is 10000 either way. (No query_options: the refund's
   * time and fund details it can add are not needed.)
   */
  async function queryRefund({ tradeNo, refundNo }: { tradeNo: string; refundNo: string }): Promise<RefundState> {
    const result = await exec('refund query', 'alipay.trade.fastpay.refund.query', {
      out_trade_no: tradeNo,
      out_request_no: refundNo,
    });
    if (!succeeded(result)) throw refusal('refund query', result);
    if (result.refund_status !== 'REFUND_SUCCESS') {
      return { status: 'NOT_FOUND', gatewayRefundId: null, amountCents: null, detail: 'no refund_status' };
    }
    if (result.out_request_no !== undefined && result.out_request_no !== refundNo) {
      throw new GatewayError('Alipay refund query: answer for another refund');
    }
    return {
      status: 'SUCCESS',
      gatewayRefundId: null,
      amountCents: yuanToCents(result.refund_amount),
      detail: 'REFUND_SUCCESS',
    };
  }

  return {
    name: 'alipay',
    methods: ['ALIPAY'],

    async startPayment(input) {
      const url = (await sdk('WAP pay')).pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: {
          out_trade_no: input.tradeNo,
          total_amount: centsToYuan(input.amountCents),
          subject: Array.from(input.description).slice(0, subjectMaxLength).join(''),
          product_code: 'QUICK_WAP_WAY',
          time_expire: chinaTimeText(input.expiresAt),
        },
        returnUrl: input.returnUrl,
        notifyUrl: input.notifyUrl,
        timestamp: timestamp(),
      });
      return { kind: 'redirect', url };
    },

    async verifyNotification(notification): Promise<VerifiedPayment> {
      const fields = Object.fromEntries(new URLSearchParams(notification.rawBody));
      const client = await sdk('notification');
      let genuine: boolean;
      try {
        // V2 signs the values as they are; URLSearchParams has already decoded them once.
        genuine = client.checkNotifySignV2(fields);
      } catch {
        genuine = false;
      }
      if (!genuine) throw new NotificationRejected('Alipay notification: bad signature');
      if (fields.app_id !== config.appId) throw new NotificationRejected('Alipay notification: for another app');
      if (!paidStates.has(fields.trade_status ?? '')) {
        throw new IgnoredNotification(`Alipay notification: trade_status ${fields.trade_status ?? 'missing'}`);
      }
      const tradeNo = text(fields.out_trade_no);
      const transactionId = text(fields.trade_no);
      const amountCents = yuanToCents(fields.total_amount);
      const paidAt = parseChinaTime(fields.gmt_payment);
      if (tradeNo === null || transactionId === null || amountCents === null || paidAt === null) {
        throw new NotificationRejected('Alipay notification: trade incomplete');
      }
      return { tradeNo, amountCents, transactionId, paidAt };
    },

    acknowledge() {
      return { status: 200, contentType: 'text/plain', body: 'success' };
    },

    reject() {
      // Alipay retries on any answer but "success"; a 200 keeps its logs free of our errors.
      return { status: 200, contentType: 'text/plain', body: 'failure' };
    },

    async query(tradeNo): Promise<PaymentQuery> {
      const result = await exec('query', 'alipay.trade.query', { out_trade_no: tradeNo });
      // An Alipay WAP trade exists only once the learner opened Alipay's page.
      if (tradeMissing(result)) return { paid: false, amountCents: null, transactionId: null, paidAt: null };
      if (!succeeded(result)) throw refusal('query', result);
      const paid = paidStates.has(String(result.trade_status));
      return {
        paid,
        amountCents: yuanToCents(result.total_amount),
        transactionId: paid ? text(result.trade_no) : null,
        paidAt: paid ? parseChinaTime(result.send_pay_date) : null,
      };
    },

    async close(tradeNo) {
      const result = await exec('close', 'alipay.trade.close', { out_trade_no: tradeNo });
      // Nothing to close: the learner never opened Alipay's page, and time_expire stops a late one.
      if (tradeMissing(result)) return;
      if (!succeeded(result)) throw refusal('close', result);
    },

    async refund(input): Promise<RefundOutcome> {
      const result = await exec('refund', 'alipay.trade.refund', {
        out_trade_no: input.tradeNo,
        out_request_no: input.refundNo,
        refund_amount: centsToYuan(input.refundCents),
        refund_reason: input.reason,
      });
      if (!succeeded(result)) {
        if (finalRefundRefusals.has(result.sub_code ?? '')) {
          return { status: 'FAILED', gatewayRefundId: null, detail: result.sub_code! };
        }
        throw refusal('refund', result);
      }
      if (result.fund_change === 'Y') return { status: 'SUCCESS', gatewayRefundId: null, detail: 'fund_change Y' };
      // "N" is also the answer to a retried refund that already moved the money: ask which. Not
      // refunded yet is PROCESSING: the settling job asks again, and refunds again if need be.
      const state = await queryRefund(input);
      return state.status === 'SUCCESS'
        ? { status: 'SUCCESS', gatewayRefundId: null, detail: state.detail }
        : { status: 'PROCESSING', gatewayRefundId: null, detail: 'fund_change N, not refunded yet' };
    },

    queryRefund,
  };
}

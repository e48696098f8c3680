import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { WechatPayConfig } from '../../config/env.js';
import type { Clock } from '../clock.js';
import {
  GatewayError,
  IgnoredNotification,
  NotificationRejected,
  type IncomingNotification,
  type PaymentGateway,
  type PaymentQuery,
  type RefundOutcome,
  type RefundState,
  type VerifiedPayment,
  type VerifiedRefund,
} from './payment-gateway.js';

/*
 * WeChat Pay API v3 (decision record 013), in the "WeChat Pay public key" mode: every request
 * is signed with the merchant API key (WECHATPAY2-SHA256-RSA2048), every answer and
 * notification is verified with WeChat Pay's public key, and notifications are decrypted with
 * the APIv3 key (AEAD_AES_256_GCM). No SDK: these are a few calls of node:crypto, and the
 * npm ones add little (decision 013).
 */

/** A notification older or newer than this is refused (a replay, or a wrong clock). */
const timestampWindowMs = 5 * 60_000;
/** WeChat Pay refuses a longer description. */
const descriptionMaxLength = 127;
const requestTimeoutMs = 10_000;

export interface WechatPayGateway extends PaymentGateway {
  readonly name: 'wechat';
}

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/** RSA-SHA256 in base64, the signature of every WeChat Pay v3 message. */
export function wechatPaySign(message: string, key: KeyObject | string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

export function wechatPayVerify(message: string, signature: string, key: KeyObject | string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** 2026-01-31T18:00:00+08:00: WeChat Pay's times are RFC 3339 in China time. */
export function chinaTimeRfc3339(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function headerOf(headers: IncomingNotification['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * A refund's status in WeChat Pay's words, as ours. ABNORMAL (the learner's card was cancelled
 * or frozen) is not final at WeChat Pay, but only the merchant can move it on (on its merchant
 * platform): for us the school pays it back by hand, and a later SUCCESS report still counts.
 */
const refundStatusOf: Record<string, RefundOutcome['status']> = {
  SUCCESS: 'SUCCESS',
  PROCESSING: 'PROCESSING',
  CLOSED: 'FAILED',
  ABNORMAL: 'FAILED',
};

/**
 * Refusals of a refund request that asking again under the same number will not change: the
 * account was closed, the request breaks a rule (the trade is not paid, already refunded in
 * full), the trade does not exist. Any other (NOT_ENOUGH balance, FREQUENCY_LIMITED,
 * SYSTEM_ERROR, a signature or permission fault of ours) may pass later, so it is asked again.
 */
const finalRefundRefusals = new Set(['USER_ACCOUNT_ABNORMAL', 'INVALID_REQUEST', 'RESOURCE_NOT_EXISTS']);

/** The refund events WeChat Pay reports, and the refund_status each carries. */
const refundEvents: Record<string, string> = {
  'REFUND.SUCCESS': 'SUCCESS',
  'REFUND.ABNORMAL': 'ABNORMAL',
  'REFUND.CLOSED': 'CLOSED',
};

export function createWechatPayGateway(config: WechatPayConfig, deps: { clock: Clock }): WechatPayGateway {
  const { clock } = deps;
  const merchantKey = createPrivateKey(config.privateKey);
  const platformKey = createPublicKey(config.platformPublicKey);
  const apiV3Key = Buffer.from(config.apiV3Key, 'utf8');
  const nonce = () => randomBytes(16).toString('hex');
  const epochSeconds = () => String(Math.floor(clock.now().getTime() / 1000));

  function authorization(method: string, pathAndQuery: string, body: string): string {
    const timestamp = epochSeconds();
    const nonceStr = nonce();
    const signature = wechatPaySign(`${method}\n${pathAndQuery}\n${timestamp}\n${nonceStr}\n${body}\n`, merchantKey);
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchId}",nonce_str="${nonceStr}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${config.certSerialNo}"`
    );
  }

  /** The signature check shared by answers and notifications; null when it holds. */
  function signatureProblem(headers: IncomingNotification['headers'], body: string): string | null {
    const timestamp = headerOf(headers, 'wechatpay-timestamp');
    const nonceStr = headerOf(headers, 'wechatpay-nonce');
    const signature = headerOf(headers, 'wechatpay-signature');
    const serial = headerOf(headers, 'wechatpay-serial');
    if (!timestamp || !nonceStr || !signature || !serial) return 'signature headers missing';
    // Only the configured public key may sign; another serial is a key we do not hold.
    if (serial !== config.platformPublicKeyId) return 'signed with an unknown key serial';
    if (!wechatPayVerify(`${timestamp}\n${nonceStr}\n${body}\n`, signature, platformKey)) return 'bad signature';
    return null;
  }

  async function call(what: string, method: 'GET' | 'POST', pathAndQuery: string, payload?: object): Promise<Answer> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let response: Response;
    let raw: string;
    try {
      response = await fetch(`${config.apiBase}${pathAndQuery}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          authorization: authorization(method, pathAndQuery, body),
          'user-agent': 'online-school',
        },
        ...(payload === undefined ? {} : { body }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      raw = await response.text();
    } catch {
      throw new GatewayError(`WeChat Pay ${what}: unreachable`);
    }
    if (response.status >= 500) throw new GatewayError(`WeChat Pay ${what}: answered HTTP ${response.status}`);
    const problem = signatureProblem(Object.fromEntries(response.headers), raw);
    if (problem !== null) {
      throw new GatewayError(`WeChat Pay ${what}: answer refused (${problem}, HTTP ${response.status})`);
    }
    let parsed: Record<string, unknown> | null = null;
    if (raw !== '') {
      try {
        parsed = record(JSON.parse(raw));
      } catch {
        throw new GatewayError(`WeChat Pay ${what}: answer is not JSON (HTTP ${response.status})`);
      }
    }
    return { status: response.status, body: parsed };
  }

  function refusal(what: string, answer: Answer): GatewayError {
    const code = text(answer.body?.code) ?? 'no code';
    const message = text(answer.body?.message);
    return new GatewayError(
      `WeChat Pay ${what}: refused with HTTP ${answer.status} ${code}${message ? ` (${message})` : ''}`,
    );
  }

  /**
   * A notification's envelope, checked as WeChat Pay's documentation asks of payment and refund
   * reports alike: the signature by the configured public key, the 5-minute timestamp window,
   * the resource decrypted with the APIv3 key (AEAD_AES_256_GCM), and our merchant id inside it.
   */
  function openEvent(notification: IncomingNotification) {
    const problem = signatureProblem(notification.headers, notification.rawBody);
    if (problem !== null) throw new NotificationRejected(`WeChat Pay notification: ${problem}`);
    const timestamp = Number(headerOf(notification.headers, 'wechatpay-timestamp'));
    if (!Number.isFinite(timestamp) || Math.abs(clock.now().getTime() - timestamp * 1000) > timestampWindowMs) {
      throw new NotificationRejected('WeChat Pay notification: timestamp outside the 5-minute window');
    }
    let event: Record<string, unknown> | null;
    try {
      event = record(JSON.parse(notification.rawBody));
    } catch {
      event = null;
    }
    const sealedResource = record(event?.resource);
    if (event === null || sealedResource === null) {
      throw new NotificationRejected('WeChat Pay notification: no resource');
    }
    if (sealedResource.algorithm !== 'AEAD_AES_256_GCM') {
      throw new NotificationRejected('WeChat Pay notification: unknown encryption algorithm');
    }
    let resource: Record<string, unknown> | null;
    try {
      const sealed = Buffer.from(String(sealedResource.ciphertext), 'base64');
      // The last 16 bytes of the ciphertext are the GCM tag.
      const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(String(sealedResource.nonce), 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      const aad = sealedResource.associated_data;
      decipher.setAAD(Buffer.from(typeof aad === 'string' ? aad : ''));
      const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
      resource = record(JSON.parse(plain.toString('utf8')));
    } catch {
      throw new NotificationRejected('WeChat Pay notification: resource does not decrypt with the APIv3 key');
    }
    if (resource === null) throw new NotificationRejected('WeChat Pay notification: resource is not an object');
    if (resource.mchid !== config.mchId)
      throw new NotificationRejected('WeChat Pay notification: for another merchant');
    return { event, resource };
  }

  function refundOutcome(body: Record<string, unknown>, what: string): RefundOutcome & { amountCents: number | null } {
    const status = refundStatusOf[String(body.status)];
    if (status === undefined)
      throw new GatewayError(`WeChat Pay ${what}: unknown refund status ${String(body.status)}`);
    const refunded = record(body.amount)?.refund;
    return {
      status,
      gatewayRefundId: text(body.refund_id),
      detail: String(body.status),
      amountCents: Number.isSafeInteger(refunded) ? (refunded as number) : null,
    };
  }

  const tradePath = (tradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}`;

  return {
    name: 'wechat',
    methods: ['WECHAT'],

    async startPayment(input) {
      const order = {
        appid: config.appId,
        mchid: config.mchId,
        description: Array.from(input.description).slice(0, descriptionMaxLength).join(''),
        out_trade_no: input.tradeNo,
        time_expire: chinaTimeRfc3339(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountCents, currency: 'CNY' },
      };
      if (input.openid !== null) {
        const answer = await call('JSAPI order', 'POST', '/v3/pay/transactions/jsapi', {
          ...order,
          payer: { openid: input.openid },
        });
        const prepayId = text(answer.body?.prepay_id);
        if (answer.status !== 200 || prepayId === null) throw refusal('JSAPI order', answer);
        const timeStamp = epochSeconds();
        const nonceStr = nonce();
        const pkg = `prepay_id=${prepayId}`;
        return {
          kind: 'wechatJsapi',
          params: {
            appId: config.appId,
            timeStamp,
            nonceStr,
            package: pkg,
            signType: 'RSA',
            paySign: wechatPaySign(`${config.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, merchantKey),
          },
        };
      }
      const answer = await call('H5 order', 'POST', '/v3/pay/transactions/h5', {
        ...order,
        scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
      });
      const h5Url = text(answer.body?.h5_url);
      if (answer.status !== 200 || h5Url === null) throw refusal('H5 order', answer);
      // WeChat Pay sends the learner back to redirect_url after paying (or cancelling).
      return { kind: 'redirect', url: `${h5Url}&redirect_url=${encodeURIComponent(input.returnUrl)}` };
    },

    async verifyNotification(notification): Promise<VerifiedPayment> {
      const { event, resource: transaction } = openEvent(notification);
      // Before the app check: a refund's resource names the merchant but no app.
      if (event.event_type !== 'TRANSACTION.SUCCESS' || transaction.trade_state !== 'SUCCESS') {
        throw new IgnoredNotification(
          `WeChat Pay notification: ${String(event.event_type)} / trade_state ${String(transaction.trade_state)}`,
        );
      }
      if (transaction.appid !== config.appId)
        throw new NotificationRejected('WeChat Pay notification: for another app');
      const amount = record(transaction.amount);
      const tradeNo = text(transaction.out_trade_no);
      const transactionId = text(transaction.transaction_id);
      const paidAt = new Date(String(transaction.success_time));
      if (
        tradeNo === null ||
        transactionId === null ||
        !Number.isSafeInteger(amount?.total) ||
        Number.isNaN(paidAt.getTime())
      ) {
        throw new NotificationRejected('WeChat Pay notification: transaction incomplete');
      }
      return { tradeNo, amountCents: amount?.total as number, transactionId, paidAt };
    },

    acknowledge() {
      return { status: 204, contentType: 'text/plain', body: '' };
    },

    reject() {
      return {
        status: 500,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 'FAIL', message: '失败' }),
      };
    },

    async query(tradeNo): Promise<PaymentQuery> {
      const answer = await call('query', 'GET', `${tradePath(tradeNo)}?mchid=${encodeURIComponent(config.mchId)}`);
      if (answer.status === 404 && answer.body?.code === 'ORDER_NOT_EXIST') {
        return { paid: false, amountCents: null, transactionId: null, paidAt: null };
      }
      if (answer.status !== 200 || answer.body === null) throw refusal('query', answer);
      const body = answer.body;
      if (body.mchid !== config.mchId) throw new GatewayError('WeChat Pay query: answer for another merchant');
      // REFUND: paid, then (partly) refunded; the money did arrive.
      const paid = body.trade_state === 'SUCCESS' || body.trade_state === 'REFUND';
      const total = record(body.amount)?.total;
      const successTime = text(body.success_time);
      return {
        paid,
        amountCents: Number.isSafeInteger(total) ? (total as number) : null,
        transactionId: paid ? text(body.transaction_id) : null,
        paidAt: paid && successTime !== null ? new Date(successTime) : null,
      };
    },

    async close(tradeNo) {
      const answer = await call('close', 'POST', `${tradePath(tradeNo)}/close`, { mchid: config.mchId });
      // A trade WeChat Pay never saw (the learner never reached its cashier) cannot be paid.
      if (answer.status === 404 && answer.body?.code === 'ORDER_NOT_EXIST') return;
      if (answer.status !== 204) throw refusal('close', answer);
    },

    async refund(input): Promise<RefundOutcome> {
      const answer = await call('refund', 'POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.tradeNo,
        out_refund_no: input.refundNo,
        reason: input.reason,
        ...(input.notifyUrl === null ? {} : { notify_url: input.notifyUrl }),
        amount: { refund: input.refundCents, total: input.totalCents, currency: 'CNY' },
      });
      if (answer.status >= 400 && answer.status < 500 && finalRefundRefusals.has(text(answer.body?.code) ?? '')) {
        return { status: 'FAILED', gatewayRefundId: null, detail: String(answer.body?.code) };
      }
      if (answer.status !== 200 || answer.body === null) throw refusal('refund', answer);
      const { status, gatewayRefundId, detail } = refundOutcome(answer.body, 'refund');
      return { status, gatewayRefundId, detail };
    },

    async queryRefund({ tradeNo, refundNo }): Promise<RefundState> {
      const answer = await call('refund query', 'GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`);
      if (answer.status === 404 && answer.body?.code === 'RESOURCE_NOT_EXISTS') {
        return { status: 'NOT_FOUND', gatewayRefundId: null, amountCents: null, detail: 'RESOURCE_NOT_EXISTS' };
      }
      if (answer.status !== 200 || answer.body === null) throw refusal('refund query', answer);
      if (answer.body.out_refund_no !== refundNo || answer.body.out_trade_no !== tradeNo) {
        throw new GatewayError('WeChat Pay refund query: answer for another refund');
      }
      return refundOutcome(answer.body, 'refund query');
    },

    async verifyRefundNotification(notification): Promise<VerifiedRefund> {
      const { event, resource: refund } = openEvent(notification);
      const expected = refundEvents[String(event.event_type)];
      if (expected === undefined) {
        throw new IgnoredNotification(`WeChat Pay refund notification: ${String(event.event_type)}`);
      }
      if (refund.refund_status !== expected) {
        throw new NotificationRejected('WeChat Pay refund notification: refund_status does not match the event');
      }
      const tradeNo = text(refund.out_trade_no);
      const refundNo = text(refund.out_refund_no);
      const amountCents = record(refund.amount)?.refund;
      if (tradeNo === null || refundNo === null || !Number.isSafeInteger(amountCents)) {
        throw new NotificationRejected('WeChat Pay refund notification: refund incomplete');
      }
      return {
        tradeNo,
        refundNo,
        status: expected === 'SUCCESS' ? 'SUCCESS' : 'FAILED',
        amountCents: amountCents as number,
        gatewayRefundId: text(refund.refund_id),
        detail: expected,
      };
    },
  };
}

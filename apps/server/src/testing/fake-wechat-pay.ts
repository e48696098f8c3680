import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WechatPayConfig } from '../config/env.js';
import type { Clock } from '../providers/clock.js';
import type { IncomingNotification } from '../providers/payment/payment-gateway.js';

/*
 * A fake WeChat Pay API v3 on 127.0.0.1, strict the way the real one is: it refuses a request
 * whose WECHATPAY2-SHA256-RSA2048 signature does not verify with the merchant's public key
 * (401 SIGN_ERROR), signs every answer with its own platform key (generated at start, named by
 * a "public key id" as in WeChat Pay's public-key mode), keeps trades and refunds in memory
 * (a refund can be left PROCESSING and settled later, or its request refused), answers refund
 * queries, and builds genuine payment and refund notifications: encrypted with the APIv3 key and signed. Its crypto is written
 * here on its own rather than borrowed from the adapter, so the two check each other.
 */

export interface FakeWechatPayTrade {
  tradeNo: string;
  appid: string;
  description: string;
  totalCents: number;
  tradeType: 'JSAPI' | 'MWEB';
  openid: string | null;
  clientIp: string | null;
  prepayId: string;
  notifyUrl: string;
  timeExpire: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId: string | null;
  successTime: string | null;
  refundedCents: number;
}

export interface FakeWechatPayRefund {
  refundId: string;
  outRefundNo: string;
  tradeNo: string;
  refundCents: number;
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';
}

export interface FakeWechatPayRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RefundNotificationOverrides {
  /** REFUND.SUCCESS, REFUND.ABNORMAL or REFUND.CLOSED; by default the one of the refund's status. */
  eventType?: string;
  refundStatus?: string;
  mchid?: string;
  amountCents?: number;
  at?: Date;
  badSignature?: boolean;
  apiV3Key?: string;
}

export interface NotificationOverrides {
  eventType?: string;
  tradeState?: string;
  mchid?: string;
  appid?: string;
  amountCents?: number;
  /** Signed at this time instead of the fake's clock. */
  at?: Date;
  /** Signs with another key, so the signature does not verify. */
  badSignature?: boolean;
  /** Names another public key in Wechatpay-Serial. */
  serial?: string;
  /** Encrypts with another APIv3 key. */
  apiV3Key?: string;
}

export interface FakeWechatPay {
  /** Base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  requests: FakeWechatPayRequest[];
  close(): Promise<void>;
  mchId: string;
  appId: string;
  /** A configuration of the adapter that talks to this fake with the right keys. */
  config: WechatPayConfig;
  trades: Map<string, FakeWechatPayTrade>;
  /** By out_refund_no. */
  refunds: Map<string, FakeWechatPayRefund>;
  /** The learner pays the trade at WeChat Pay's cashier. */
  pay(tradeNo: string): FakeWechatPayTrade;
  notification(tradeNo: string, overrides?: NotificationOverrides): IncomingNotification;
  /** Answers every call with HTTP 503 while true. */
  down: boolean;
  /** Spoils the signature of its answers, as a man in the middle would. */
  spoilAnswers: 'no' | 'signature' | 'serial';
  /** The status new refunds end in. */
  refundStatus: FakeWechatPayRefund['status'];
  /** While set, refund requests are refused with this HTTP status and code (NOT_ENOUGH, USER_ACCOUNT_ABNORMAL…). */
  refuseRefunds: { status: number; code: string } | null;
  /** WeChat Pay finishes a refund: PROCESSING becomes SUCCESS, ABNORMAL or CLOSED. */
  settleRefund(outRefundNo: string, status: FakeWechatPayRefund['status']): FakeWechatPayRefund;
  /** The refund result notification WeChat Pay posts to the refund's notify_url. */
  refundNotification(outRefundNo: string, overrides?: RefundNotificationOverrides): IncomingNotification;
}

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

const rsaSign = (message: string, key: string) => createSign('RSA-SHA256').update(message).sign(key, 'base64');

const chinaTime = (at: Date) => `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

function parseAuthorization(value: string | undefined): Record<string, string> | null {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(value ?? '');
  if (!match) return null;
  const fields: Record<string, string> = {};
  for (const part of match[1]!.matchAll(/(\w+)="([^"]*)"/g)) fields[part[1]!] = part[2]!;
  return fields;
}

interface Answer {
  status: number;
  json?: unknown;
}

/** A request body as the fake reads it: nothing is trusted until checked, as at WeChat Pay. */
interface RequestBody {
  appid?: unknown;
  mchid?: unknown;
  description?: unknown;
  out_trade_no?: unknown;
  out_refund_no?: unknown;
  notify_url?: unknown;
  time_expire?: unknown;
  amount?: { total?: unknown; refund?: unknown; currency?: unknown };
  payer?: { openid?: unknown };
  scene_info?: { payer_client_ip?: unknown; h5_info?: { type?: unknown } };
}

export async function startFakeWechatPay(
  options: { clock?: Clock; mchId?: string; appId?: string } = {},
): Promise<FakeWechatPay> {
  const clock = options.clock ?? { now: () => new Date() };
  const merchant = pem();
  const platform = pem();
  const stranger = pem();
  const merchantSerialNo = randomBytes(20).toString('hex').toUpperCase();
  const platformPublicKeyId = `PUB_KEY_ID_${randomBytes(16).toString('hex').toUpperCase()}`;
  const apiV3Key = randomBytes(16).toString('hex');
  const trades = new Map<string, FakeWechatPayTrade>();
  const refunds = new Map<string, FakeWechatPayRefund>();
  const requests: FakeWechatPayRequest[] = [];
  let serial = 0;
  const nextId = (prefix: string) => `${prefix}${Date.now()}${String(++serial).padStart(6, '0')}`;
  const epoch = (at: Date) => String(Math.floor(at.getTime() / 1000));

  const fake = {
    mchId: options.mchId ?? '1900000109',
    appId: options.appId ?? 'wx0123456789abcdef',
    trades,
    refunds,
    requests,
    down: false,
    spoilAnswers: 'no' as FakeWechatPay['spoilAnswers'],
    refundStatus: 'SUCCESS' as FakeWechatPayRefund['status'],
    refuseRefunds: null as FakeWechatPay['refuseRefunds'],
  };

  function signedHeaders(body: string, at: Date, spoil: FakeWechatPay['spoilAnswers'], serialOverride?: string) {
    const timestamp = epoch(at);
    const nonce = randomBytes(16).toString('hex');
    const key = spoil === 'signature' ? stranger.privateKey : platform.privateKey;
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': rsaSign(`${timestamp}\n${nonce}\n${body}\n`, key),
      'wechatpay-serial': serialOverride ?? (spoil === 'serial' ? 'PUB_KEY_ID_SOMEONE_ELSE' : platformPublicKeyId),
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  const error = (status: number, code: string, message: string): Answer => ({ status, json: { code, message } });

  function transactionJson(trade: FakeWechatPayTrade) {
    return {
      appid: trade.appid,
      mchid: fake.mchId,
      out_trade_no: trade.tradeNo,
      trade_type: trade.tradeType,
      trade_state: trade.state,
      trade_state_desc: trade.state === 'SUCCESS' ? '支付成功' : trade.state === 'NOTPAY' ? '未支付' : '订单已关闭',
      ...(trade.transactionId ? { transaction_id: trade.transactionId, bank_type: 'OTHERS' } : {}),
      ...(trade.successTime ? { success_time: trade.successTime } : {}),
      payer: { openid: trade.openid ?? 'o-h5-payer' },
      amount:
        trade.state === 'NOTPAY' || trade.state === 'CLOSED'
          ? { total: trade.totalCents, currency: 'CNY' }
          : { total: trade.totalCents, payer_total: trade.totalCents, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  function refundJson(refund: FakeWechatPayRefund) {
    const trade = trades.get(refund.tradeNo)!;
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: trade.transactionId,
      out_trade_no: trade.tradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(refund.status === 'SUCCESS' ? { success_time: chinaTime(clock.now()) } : {}),
      create_time: chinaTime(clock.now()),
      status: refund.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: trade.totalCents,
        refund: refund.refundCents,
        payer_total: trade.totalCents,
        payer_refund: refund.refundCents,
        settlement_refund: refund.refundCents,
        settlement_total: trade.totalCents,
        discount_refund: 0,
        currency: 'CNY',
      },
    };
  }

  /** An event as WeChat Pay posts it: the resource sealed with the APIv3 key, the body signed. */
  function sealedEvent(
    eventType: string,
    summary: string,
    originalType: string,
    resource: object,
    options: {
      at: Date;
      apiV3Key?: string | undefined;
      badSignature?: boolean | undefined;
      serial?: string | undefined;
    },
  ): IncomingNotification {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.apiV3Key ?? apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(originalType));
    const sealed = Buffer.concat([
      cipher.update(JSON.stringify(resource), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const rawBody = JSON.stringify({
      id: `EV-${nextId('')}`,
      create_time: chinaTime(options.at),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: sealed.toString('base64'),
        associated_data: originalType,
        nonce,
      },
    });
    return {
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(rawBody, options.at, options.badSignature ? 'signature' : 'no', options.serial),
      },
      rawBody,
    };
  }

  function placeOrder(body: RequestBody, tradeType: 'JSAPI' | 'MWEB'): Answer | FakeWechatPayTrade {
    if (body.appid !== fake.appId || body.mchid !== fake.mchId) {
      return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    }
    const total = body.amount?.total;
    if (
      typeof total !== 'number' ||
      typeof body.out_trade_no !== 'string' ||
      typeof body.description !== 'string' ||
      body.description.length > 127 ||
      typeof body.notify_url !== 'string' ||
      !Number.isSafeInteger(total) ||
      total < 1 ||
      body.amount?.currency !== 'CNY' ||
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(String(body.time_expire))
    ) {
      return error(400, 'PARAM_ERROR', '参数错误');
    }
    const openid = typeof body.payer?.openid === 'string' ? body.payer.openid : null;
    const clientIp = typeof body.scene_info?.payer_client_ip === 'string' ? body.scene_info.payer_client_ip : null;
    if (tradeType === 'JSAPI' && openid === null) return error(400, 'PARAM_ERROR', '缺少openid');
    if (tradeType === 'MWEB' && (body.scene_info?.h5_info?.type !== 'Wap' || !clientIp)) {
      return error(400, 'PARAM_ERROR', '缺少scene_info');
    }
    const existing = trades.get(body.out_trade_no);
    if (existing) {
      if (existing.state === 'SUCCESS' || existing.state === 'REFUND') return error(400, 'ORDERPAID', '该订单已支付');
      if (existing.state === 'CLOSED') return error(400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.totalCents !== total) return error(400, 'INVALID_REQUEST', '201 商户订单号重复');
      return existing;
    }
    const trade: FakeWechatPayTrade = {
      tradeNo: body.out_trade_no,
      appid: fake.appId,
      description: body.description,
      totalCents: total,
      tradeType,
      openid,
      clientIp,
      prepayId: nextId('wx'),
      notifyUrl: body.notify_url,
      timeExpire: String(body.time_expire),
      state: 'NOTPAY',
      transactionId: null,
      successTime: null,
      refundedCents: 0,
    };
    trades.set(trade.tradeNo, trade);
    return trade;
  }

  function route(request: FakeWechatPayRequest): Answer {
    const auth = parseAuthorization(request.headers.authorization);
    const message = `${request.method}\n${request.url.pathname}${request.url.search}\n${auth?.timestamp}\n${auth?.nonce_str}\n${request.body}\n`;
    if (
      !auth ||
      auth.mchid !== fake.mchId ||
      auth.serial_no !== merchantSerialNo ||
      !createVerify('RSA-SHA256')
        .update(message)
        .verify(merchant.publicKey, auth.signature ?? '', 'base64')
    ) {
      return error(401, 'SIGN_ERROR', '签名错误');
    }
    let body: RequestBody = {};
    if (request.method === 'POST') {
      try {
        body = JSON.parse(request.body) as RequestBody;
      } catch {
        return error(400, 'PARAM_ERROR', '请求体不是JSON');
      }
    }
    const path = request.url.pathname;
    if (request.method === 'POST' && (path === '/v3/pay/transactions/jsapi' || path === '/v3/pay/transactions/h5')) {
      const jsapi = path.endsWith('jsapi');
      const placed = placeOrder(body, jsapi ? 'JSAPI' : 'MWEB');
      if ('status' in placed) return placed;
      return jsapi
        ? { status: 200, json: { prepay_id: placed.prepayId } }
        : {
            status: 200,
            json: {
              h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${placed.prepayId}&package=1037687096`,
            },
          };
    }
    const byTradeNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (byTradeNo) {
      const trade = trades.get(decodeURIComponent(byTradeNo[1]!));
      if (request.method === 'GET' && !byTradeNo[2]) {
        if (request.url.searchParams.get('mchid') !== fake.mchId) return error(400, 'PARAM_ERROR', 'mchid错误');
        return trade ? { status: 200, json: transactionJson(trade) } : error(404, 'ORDER_NOT_EXIST', '订单不存在');
      }
      if (request.method === 'POST' && byTradeNo[2]) {
        if (body.mchid !== fake.mchId) return error(400, 'PARAM_ERROR', 'mchid错误');
        if (!trade) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
        if (trade.state === 'SUCCESS' || trade.state === 'REFUND') return error(400, 'ORDERPAID', '该订单已支付');
        trade.state = 'CLOSED';
        return { status: 204 };
      }
    }
    if (request.method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const outRefundNo = body.out_refund_no;
      const refundCents = body.amount?.refund;
      if (
        typeof outRefundNo !== 'string' ||
        typeof refundCents !== 'number' ||
        !Number.isSafeInteger(refundCents) ||
        body.amount?.currency !== 'CNY'
      ) {
        return error(400, 'PARAM_ERROR', '参数错误');
      }
      const trade = trades.get(String(body.out_trade_no));
      if (fake.refuseRefunds) return error(fake.refuseRefunds.status, fake.refuseRefunds.code, '退款请求失败');
      if (!trade) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      // The same out_refund_no is the same refund: a retry answers it again and pays nothing more.
      const existing = refunds.get(outRefundNo);
      if (existing) return { status: 200, json: refundJson(existing) };
      if (trade.state !== 'SUCCESS' && trade.state !== 'REFUND') return error(400, 'INVALID_REQUEST', '订单未支付');
      if (body.amount?.total !== trade.totalCents) return error(400, 'PARAM_ERROR', '订单金额不匹配');
      if (refundCents < 1 || trade.refundedCents + refundCents > trade.totalCents) {
        return error(403, 'NOT_ENOUGH', '可退金额不足');
      }
      const refund: FakeWechatPayRefund = {
        refundId: nextId('50000'),
        outRefundNo,
        tradeNo: trade.tradeNo,
        refundCents,
        status: fake.refundStatus,
      };
      refunds.set(outRefundNo, refund);
      trade.refundedCents += refundCents;
      trade.state = 'REFUND';
      return { status: 200, json: refundJson(refund) };
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && refundQuery) {
      const refund = refunds.get(decodeURIComponent(refundQuery[1]!));
      return refund ? { status: 200, json: refundJson(refund) } : error(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    return error(404, 'NOT_FOUND', '接口不存在');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: FakeWechatPayRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      if (fake.down) {
        res.writeHead(503, { 'content-type': 'text/html' });
        res.end('<html>503 Service Unavailable</html>');
        return;
      }
      const answer = route(request);
      const text = answer.json === undefined ? '' : JSON.stringify(answer.json);
      res.writeHead(answer.status, {
        ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        'request-id': randomBytes(8).toString('hex'),
        ...signedHeaders(text, clock.now(), fake.spoilAnswers),
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const config: WechatPayConfig = {
    mchId: fake.mchId,
    appId: fake.appId,
    certSerialNo: merchantSerialNo,
    privateKey: merchant.privateKey,
    apiV3Key,
    platformPublicKey: platform.publicKey,
    platformPublicKeyId,
    apiBase: url,
  };

  function pay(tradeNo: string): FakeWechatPayTrade {
    const trade = trades.get(tradeNo);
    if (!trade || trade.state !== 'NOTPAY') throw new Error(`fake WeChat Pay: ${tradeNo} cannot be paid`);
    trade.state = 'SUCCESS';
    trade.transactionId = nextId('4200000');
    trade.successTime = chinaTime(clock.now());
    return trade;
  }

  function notification(tradeNo: string, overrides: NotificationOverrides = {}): IncomingNotification {
    const trade = trades.get(tradeNo);
    if (!trade) throw new Error(`fake WeChat Pay: no trade ${tradeNo}`);
    const at = overrides.at ?? clock.now();
    const transaction = {
      ...transactionJson(trade),
      ...(overrides.tradeState ? { trade_state: overrides.tradeState } : {}),
      ...(overrides.mchid ? { mchid: overrides.mchid } : {}),
      ...(overrides.appid ? { appid: overrides.appid } : {}),
    };
    if (overrides.amountCents !== undefined) {
      transaction.amount = { ...transaction.amount, total: overrides.amountCents };
    }
    const state = overrides.tradeState ?? trade.state;
    return sealedEvent(
      overrides.eventType ?? (state === 'SUCCESS' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED'),
      state === 'SUCCESS' ? '支付成功' : '交易关闭',
      'transaction',
      transaction,
      { at, apiV3Key: overrides.apiV3Key, badSignature: overrides.badSignature, serial: overrides.serial },
    );
  }

  function settleRefund(outRefundNo: string, status: FakeWechatPayRefund['status']): FakeWechatPayRefund {
    const refund = refunds.get(outRefundNo);
    if (!refund) throw new Error(`fake WeChat Pay: no refund ${outRefundNo}`);
    refund.status = status;
    return refund;
  }

  function refundNotification(outRefundNo: string, overrides: RefundNotificationOverrides = {}): IncomingNotification {
    const refund = refunds.get(outRefundNo);
    if (!refund) throw new Error(`fake WeChat Pay: no refund ${outRefundNo}`);
    const trade = trades.get(refund.tradeNo)!;
    const at = overrides.at ?? clock.now();
    const refundStatus = overrides.refundStatus ?? refund.status;
    // The refund resource names the merchant but no app.
    const resource = {
      mchid: overrides.mchid ?? fake.mchId,
      transaction_id: trade.transactionId,
      out_trade_no: trade.tradeNo,
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      refund_status: refundStatus,
      ...(refundStatus === 'SUCCESS' ? { success_time: chinaTime(at) } : {}),
      user_received_account: '支付用户零钱',
      amount: {
        total: trade.totalCents,
        refund: overrides.amountCents ?? refund.refundCents,
        payer_total: trade.totalCents,
        payer_refund: overrides.amountCents ?? refund.refundCents,
      },
    };
    return sealedEvent(
      overrides.eventType ?? `REFUND.${refundStatus}`,
      refundStatus === 'SUCCESS' ? '退款成功' : '退款异常',
      'refund',
      resource,
      { at, apiV3Key: overrides.apiV3Key, badSignature: overrides.badSignature },
    );
  }

  return Object.assign(fake, {
    url,
    config,
    pay,
    notification,
    settleRefund,
    refundNotification,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  }) satisfies FakeWechatPay;
}

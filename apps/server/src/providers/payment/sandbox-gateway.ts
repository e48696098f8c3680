import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sandboxTrades } from '../../db/schema.js';
import type { Clock } from '../clock.js';
import {
  IgnoredNotification,
  NotificationRejected,
  type IncomingNotification,
  type PaymentGateway,
  type PaymentMethod,
  type PaymentQuery,
  type RefundState,
  type VerifiedPayment,
} from './payment-gateway.js';

/*
 * PAYMENT_PROVIDER=sandbox (decision 013): a gateway that takes no money. Its cashier page is
 * served by our server; "Pay" marks the trade paid in the sandbox's own book and yields the
 * notification a real gateway would post: a JSON body signed with HMAC-SHA256 over timestamp,
 * nonce and body, exactly the shape of WeChat Pay's, so the notify endpoint's verification,
 * amount and merchant checks and the whole PAID transaction run as they do for real money.
 * The book lives in the database, so a query, a close or a refund answers the same from every
 * server process and after a restart.
 */

/** The merchant id the sandbox signs as; a notification naming another is refused. */
export const sandboxMerchantId = 'sandbox-merchant';
/** A notification older or newer than this is refused (a replay, or a wrong clock). */
const timestampWindowMs = 5 * 60_000;

const header = {
  timestamp: 'sandbox-timestamp',
  nonce: 'sandbox-nonce',
  signature: 'sandbox-signature',
} as const;

export interface SandboxTrade {
  tradeNo: string;
  amountCents: number;
  description: string;
  method: PaymentMethod;
  status: 'PENDING' | 'PAID' | 'CLOSED';
  expiresAt: Date;
  returnUrl: string;
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'sandbox';
  /** The trade as the cashier page shows it; null for a trade number the sandbox never saw. */
  trade(tradeNo: string): Promise<SandboxTrade | null>;
  /**
   * The learner taps "Pay": the trade is paid in the sandbox's book (once; a second tap finds
   * it paid) and the signed notification for our notify endpoint is answered, with where the
   * learner goes next. Null when the trade is unknown, closed or past its time.
   */
  pay(tradeNo: string): Promise<{ notifyUrl: string; notification: IncomingNotification; returnUrl: string } | null>;
}

function signer(secret: string) {
  // Its own key, derived so it never equals the session secret it comes from.
  const key = createHmac('sha256', secret).update('payment-sandbox notification key').digest();
  return (timestamp: string, nonce: string, body: string) =>
    createHmac('sha256', key).update(`${timestamp}\n${nonce}\n${body}\n`).digest('base64');
}

/** A notification as the sandbox's servers sign it at `now` (the tests make unusual ones with it). */
export function signSandboxNotification(secret: string, now: Date, body: object): IncomingNotification {
  const rawBody = JSON.stringify(body);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    headers: {
      'content-type': 'application/json',
      [header.timestamp]: timestamp,
      [header.nonce]: nonce,
      [header.signature]: signer(secret)(timestamp, nonce, rawBody),
    },
    rawBody,
  };
}

export function createSandboxGateway(settings: { secret: string }, deps: { clock: Clock; db: Db }): SandboxGateway {
  const { clock, db } = deps;
  const sign = signer(settings.secret);

  async function findTrade(tradeNo: string) {
    const [row] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo));
    return row ?? null;
  }

  return {
    name: 'sandbox',
    methods: ['WECHAT', 'ALIPAY'],

    async startPayment(input) {
      // A second start (the learner came back and taps Pay again) keeps the trade as it is.
      await db
        .insert(sandboxTrades)
        .values({
          tradeNo: input.tradeNo,
          amountCents: input.amountCents,
          description: input.description,
          method: input.method,
          notifyUrl: input.notifyUrl,
          returnUrl: input.returnUrl,
          expiresAt: input.expiresAt,
        })
        .onConflictDoUpdate({
          target: sandboxTrades.tradeNo,
          set: { method: input.method, returnUrl: input.returnUrl },
          where: eq(sandboxTrades.status, 'PENDING'),
        });
      return { kind: 'redirect', url: sandboxCashierPath(input.tradeNo) };
    },

    async trade(tradeNo) {
      const row = await findTrade(tradeNo);
      return row && { ...row, status: row.status };
    },

    async pay(tradeNo) {
      const now = clock.now();
      const [paid] = await db
        .update(sandboxTrades)
        .set({
          status: 'PAID',
          paidAt: now,
          transactionId: sql`coalesce(${sandboxTrades.transactionId}, ${`SBX${now.getTime()}${randomBytes(4).toString('hex')}`})`,
        })
        .where(
          and(
            eq(sandboxTrades.tradeNo, tradeNo),
            sql`${sandboxTrades.status} <> 'CLOSED'`,
            sql`(${sandboxTrades.status} = 'PAID' or ${sandboxTrades.expiresAt} > ${now})`,
          ),
        )
        .returning();
      if (!paid) return null;
      const notification = signSandboxNotification(settings.secret, clock.now(), {
        merchantId: sandboxMerchantId,
        tradeNo: paid.tradeNo,
        amountCents: paid.amountCents,
        transactionId: paid.transactionId,
        paidAt: (paid.paidAt ?? now).toISOString(),
        tradeState: 'SUCCESS',
      });
      return { notifyUrl: paid.notifyUrl, notification, returnUrl: paid.returnUrl };
    },

    async verifyNotification({ headers, rawBody }): Promise<VerifiedPayment> {
      const timestamp = single(headers[header.timestamp]);
      const nonce = single(headers[header.nonce]);
      const signature = single(headers[header.signature]);
      if (!timestamp || !nonce || !signature) throw new NotificationRejected('signature headers missing');
      const expected = Buffer.from(sign(timestamp, nonce, rawBody));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new NotificationRejected('bad signature');
      const sentAt = Number(timestamp) * 1000;
      if (!Number.isFinite(sentAt) || Math.abs(clock.now().getTime() - sentAt) > timestampWindowMs)
        throw new NotificationRejected('timestamp outside the window');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        throw new NotificationRejected('body is not JSON');
      }
      if (body.merchantId !== sandboxMerchantId) throw new NotificationRejected('foreign merchant id');
      if (body.tradeState !== 'SUCCESS') throw new IgnoredNotification(`trade state ${String(body.tradeState)}`);
      const { tradeNo, amountCents, transactionId, paidAt } = body;
      if (
        typeof tradeNo !== 'string' ||
        typeof amountCents !== 'number' ||
        !Number.isInteger(amountCents) ||
        typeof transactionId !== 'string' ||
        typeof paidAt !== 'string' ||
        Number.isNaN(Date.parse(paidAt))
      )
        throw new NotificationRejected('malformed body');
      return { tradeNo, amountCents, transactionId, paidAt: new Date(paidAt) };
    },

    acknowledge: () => ({ status: 204, contentType: 'text/plain', body: '' }),
    // Any 4xx or 5xx tells a gateway to try again later; ours says it in the catalogue's words.
    reject: () => ({
      status: 400,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ code: 'badRequest', message: 'Bad request' }),
    }),

    async query(tradeNo): Promise<PaymentQuery> {
      const row = await findTrade(tradeNo);
      if (row?.status !== 'PAID') return { paid: false, amountCents: null, transactionId: null, paidAt: null };
      return { paid: true, amountCents: row.amountCents, transactionId: row.transactionId, paidAt: row.paidAt };
    },

    async close(tradeNo) {
      await db
        .update(sandboxTrades)
        .set({ status: 'CLOSED' })
        .where(and(eq(sandboxTrades.tradeNo, tradeNo), eq(sandboxTrades.status, 'PENDING')));
    },

    async refund(input) {
      const row = await findTrade(input.tradeNo);
      // Refused for good, as a gateway refuses a trade it never took: asking again changes nothing.
      if (row?.status !== 'PAID') return { status: 'FAILED', gatewayRefundId: null, detail: 'TRADE_NOT_PAID' };
      const refunded = Object.values(row.refunds).reduce((sum, cents) => sum + cents, 0);
      if (row.refunds[input.refundNo] === undefined) {
        if (refunded + input.refundCents > row.amountCents)
          return { status: 'FAILED', gatewayRefundId: null, detail: 'REFUND_EXCEEDS_PAID' };
        // jsonb's || adds the key once: a retried refund number is paid back once.
        await db
          .update(sandboxTrades)
          .set({
            refunds: sql`${sandboxTrades.refunds} || jsonb_build_object(${input.refundNo}::text, ${input.refundCents}::int)`,
          })
          .where(eq(sandboxTrades.tradeNo, input.tradeNo));
      }
      return { status: 'SUCCESS', gatewayRefundId: `SBXR-${input.refundNo}`, detail: 'SUCCESS' };
    },

    async queryRefund({ tradeNo, refundNo }): Promise<RefundState> {
      const cents = (await findTrade(tradeNo))?.refunds[refundNo];
      if (cents === undefined)
        return { status: 'NOT_FOUND', gatewayRefundId: null, amountCents: null, detail: 'NOT_FOUND' };
      return { status: 'SUCCESS', gatewayRefundId: `SBXR-${refundNo}`, amountCents: cents, detail: 'SUCCESS' };
    },
  };
}

/** The cashier page of a sandbox trade, on our own server. */
export function sandboxCashierPath(tradeNo: string): string {
  return `/api/payments/sandbox/cashier/${encodeURIComponent(tradeNo)}`;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

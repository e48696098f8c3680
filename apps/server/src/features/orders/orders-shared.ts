import { randomInt } from 'node:crypto';
import type { Order, PaymentMethod, Refund, RefundPayout, RefundPolicy } from '@school/contract/orders';
import type { RefundReason } from '@school/contract/enums';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundJob } from '../../lib/background-jobs.js';
import { AppError } from '../../lib/app-error.js';
import type { CatalogueCaller } from '../../lib/catalogue-caller.js';
import { localize } from '../../lib/localized-text.js';
import type { Notifier } from '../../lib/notifier.js';
import { noPublicCache, type PublicCache } from '../../lib/public-cache.js';
import type { Clock } from '../../providers/clock.js';
import type { PaymentGateway } from '../../providers/payment/index.js';
import { createOrdersRepository, type OrderRow, type OrdersRepository } from './orders.repository.js';
import { createRefundsRepository, type RefundRow, type RefundsRepository } from './refunds.repository.js';

/*
 * What the parts of the orders feature share: the learner's orders and their payment
 * (orders.service.ts), the gateways' payment reports (payments.service.ts), refunds and their
 * payouts (refunds.service.ts) and the closing job (order-closing.job.ts). One set of these
 * per service or job round, made from the same dependencies.
 */

export type Caller = CatalogueCaller & { userId: number };

export interface OrdersDeps {
  repository: OrdersRepository;
  refundsRepository: RefundsRepository;
  gateways: readonly PaymentGateway[];
  clock: Clock;
  log: FastifyBaseLogger;
  /**
   * Told when a payment or refund changes a product's student count, and when an unpaid order
   * takes or gives back a classroom's seat (decision 014).
   */
  publicCache?: PublicCache;
  /** Told when a refund is accepted or refused. */
  notifier?: Notifier;
}

/** Where the browser is paying from: it decides the return URL and WeChat Pay's channel. */
export interface PayingClient {
  /** Scheme and host the learner uses (the school's own domain). */
  origin: string;
  ip: string;
  /** Inside the WeChat browser: WeChat Pay JSAPI with the learner's openid. */
  inWechat: boolean;
}

export const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
/**
 * A school without its own payment settings: both methods, 30 minutes to pay, 7 days to ask for a
 * refund of the whole amount.
 */
const defaultSettings = {
  methods: ['WECHAT', 'ALIPAY'] as PaymentMethod[],
  orderTimeoutMinutes: 30,
  refundDays: 7,
  partialRefunds: false,
};

/** The learner's word for where the money stands (the database's PENDING is processing too). */
const payoutView: Record<NonNullable<RefundRow['payoutStatus']>, RefundPayout> = {
  PENDING: 'PROCESSING',
  PROCESSING: 'PROCESSING',
  SUCCESS: 'REFUNDED',
  FAILED: 'FAILED',
};

/** 20-digit trade numbers: the UTC time to the second and 6 random digits (gateways take ≤ 32 alphanumerics). */
export function newNumber(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function createOrdersShared(deps: OrdersDeps) {
  const { repository, refundsRepository, gateways, clock, log, publicCache = noPublicCache } = deps;

  /** An unpaid order began or ended: a classroom's seat it holds changes whether the classroom is full. */
  function seatHoldChanged(row: Pick<OrderRow, 'productType'>): void {
    if (row.productType === 'CLASSROOM') publicCache.changed();
  }

  async function settingsOf(tenantId: number) {
    return (await repository.paymentSettings(tenantId)) ?? { tenantId, ...defaultSettings };
  }

  /** The methods the school offers that a configured gateway takes, in the school's order. */
  function methodsOf(settings: { methods: PaymentMethod[] }): PaymentMethod[] {
    return settings.methods.filter((method) => gateways.some((gateway) => gateway.methods.includes(method)));
  }

  function gatewayFor(method: PaymentMethod): PaymentGateway | null {
    return gateways.find((gateway) => gateway.methods.includes(method)) ?? null;
  }

  function gatewayNamed(name: string | null): PaymentGateway | null {
    return gateways.find((gateway) => gateway.name === name) ?? null;
  }

  function toRefund(row: RefundRow): Refund {
    return {
      refundNo: row.refundNo,
      reason: row.reason as RefundReason,
      amount: row.amountCents,
      description: row.description,
      status: row.status,
      reviewNote: row.reviewNote,
      createdAt: row.createdAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      payout: row.status === 'ACCEPTED' && row.payoutStatus !== null ? payoutView[row.payoutStatus] : null,
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  }

  /** The end of a paid order's refund window, passed or not; null when unpaid or the school has none. */
  function refundWindowEnd(order: OrderRow, refundDays: number): Date | null {
    if (order.status !== 'PAID' || order.paidAt === null || refundDays <= 0) return null;
    return new Date(order.paidAt.getTime() + refundDays * dayMs);
  }

  /** Until when a refund may be asked for: paid, inside the school's window, none open or accepted. */
  function refundableUntil(order: OrderRow, refund: RefundRow | null, refundDays: number): Date | null {
    const until = refundWindowEnd(order, refundDays);
    if (until === null || (refund !== null && (refund.status === 'CREATED' || refund.status === 'ACCEPTED')))
      return null;
    return until > clock.now() ? until : null;
  }

  function refundPolicyOf(settings: { refundDays: number; partialRefunds: boolean }): RefundPolicy {
    return { days: settings.refundDays, partial: settings.partialRefunds };
  }

  async function toOrders(caller: Caller, rows: OrderRow[]): Promise<Order[]> {
    const [uids, couponTitles, latestRefunds, settings] = await Promise.all([
      repository.productUids(rows.map((row) => ({ type: row.productType, id: row.productId }))),
      repository.couponTitles(rows.flatMap((row) => (row.couponId === null ? [] : [row.couponId]))),
      refundsRepository.latestRefunds(rows.map((row) => row.id)),
      settingsOf(caller.tenantId),
    ]);
    return rows.map((row) => {
      const refund = latestRefunds.get(row.id) ?? null;
      const couponTitle = row.couponId === null ? undefined : couponTitles.get(row.couponId);
      return {
        tradeNo: row.tradeNo,
        status: row.status,
        product: {
          type: row.productType,
          // A product deleted since keeps its title and cover on the order; its link goes nowhere.
          uid: uids.get(`${row.productType}:${row.productId}`) ?? '',
          title: localize(row.productTitle, caller.locale),
          cover: row.productCover,
        },
        currency: caller.currency,
        price: row.priceCents,
        discount: row.discountCents,
        payable: row.payableCents,
        couponTitle: couponTitle === undefined ? null : localize(couponTitle, caller.locale),
        paymentMethod: row.paymentMethod,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        paidAt: row.paidAt?.toISOString() ?? null,
        endedAt: row.endedAt?.toISOString() ?? null,
        refund: refund === null ? null : toRefund(refund),
        refundableUntil: refundableUntil(row, refund, settings.refundDays)?.toISOString() ?? null,
        refundWindowEnd: refundWindowEnd(row, settings.refundDays)?.toISOString() ?? null,
        refundPolicy: refundPolicyOf(settings),
        methods: row.status === 'CREATED' ? methodsOf(settings) : [],
      };
    });
  }

  async function toOrder(caller: Caller, row: OrderRow): Promise<Order> {
    const [order] = await toOrders(caller, [row]);
    return order!;
  }

  async function ownOrder(caller: Caller, tradeNo: string): Promise<OrderRow> {
    const row = await repository.findOwnOrder(caller.tenantId, caller.userId, tradeNo);
    if (row === null) throw new AppError('orderNotFound');
    return row;
  }

  /** So an order closed here cannot be paid there; a gateway that cannot be reached is logged. */
  async function closeAtGateway(row: OrderRow) {
    const gateway = gatewayNamed(row.gateway);
    if (gateway === null) return;
    try {
      await gateway.close(row.tradeNo);
    } catch (error) {
      log.warn({ tradeNo: row.tradeNo, gateway: gateway.name, err: error }, 'closing the trade at the gateway failed');
    }
  }

  return {
    settingsOf,
    methodsOf,
    gatewayFor,
    gatewayNamed,
    toRefund,
    refundableUntil,
    refundPolicyOf,
    toOrders,
    toOrder,
    ownOrder,
    closeAtGateway,
    seatHoldChanged,
  };
}

export type OrdersShared = ReturnType<typeof createOrdersShared>;

export type OrdersJobDeps = Omit<OrdersDeps, 'repository' | 'refundsRepository'>;

/**
 * A background job of the orders feature. It calls gateways, so it takes no advisory lock
 * (lib/background-jobs.ts says why): each job makes its writes safe to race in its own way,
 * said at its factory.
 */
export function ordersJob(
  name: string,
  intervalMs: number,
  deps: OrdersJobDeps,
  round: (deps: OrdersDeps) => Promise<Record<string, number>>,
): BackgroundJob {
  return {
    name,
    lockKey: null,
    intervalMs,
    run: (db) =>
      round({ ...deps, repository: createOrdersRepository(db), refundsRepository: createRefundsRepository(db) }),
  };
}

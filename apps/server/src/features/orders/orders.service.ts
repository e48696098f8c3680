import { randomInt } from 'node:crypto';
import type { PageQuery } from '@school/contract/common';
import { backOfficePaths } from '@school/contract/paths';
import type {
  ApplyRefund,
  CreateOrder,
  OperatorRefund,
  Order,
  OrderConfirmation,
  OrderConfirmationQuery,
  OrderListQuery,
  PaymentMethod,
  PaymentStart,
  Refund,
  RefundPayout,
  UsableCoupon,
} from '@school/contract/orders';
import type { Page } from '@school/contract/common';
import type { RefundReason, RefundStatus } from '@school/contract/enums';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundJob } from '../../lib/background-jobs.js';
import { AppError } from '../../lib/app-error.js';
import type { CatalogueCaller } from '../../lib/catalogue-caller.js';
import { pageWindow } from '../../lib/catalogue-sql.js';
import { toValidity } from '../../lib/catalogue-format.js';
import { localize } from '../../lib/localized-text.js';
import { noPublicCache, type PublicCache } from '../../lib/public-cache.js';
import type { Clock } from '../../providers/clock.js';
import {
  GatewayError,
  IgnoredNotification,
  NotificationRejected,
  type IncomingNotification,
  type NotificationReply,
  type PaymentGateway,
  type RefundOutcome,
} from '../../providers/payment/index.js';
import {
  createOrdersRepository,
  type OrderRow,
  type OrdersRepository,
  type ProductRow,
  type RefundRow,
} from './orders.repository.js';
import { couponSaving } from './pricing.js';

type Caller = CatalogueCaller & { userId: number };

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
/** A school without its own payment settings: both methods, 30 minutes to pay, 7 days to ask for a refund. */
const defaultSettings = { methods: ['WECHAT', 'ALIPAY'] as PaymentMethod[], orderTimeoutMinutes: 30, refundDays: 7 };

/**
 * When the settling job asks a gateway about a refund whose money is not known to be back: a
 * minute after it was accepted (WeChat Pay advises asking a minute after), then after waits
 * doubling from a minute to at most 6 hours (a bank card refund takes days), until it settles.
 */
const payoutBackoff = { firstMinutes: 1, capMinutes: 6 * 60 };
/** Refunds one round of the settling job asks about. */
const payoutRound = 20;

/** What a refund comes to when no gateway of this server's took its order: the school pays it back by hand. */
const noGatewayOutcome: RefundOutcome = {
  status: 'FAILED',
  gatewayRefundId: null,
  detail: 'no configured gateway took the order',
};

/** The learner's word for where the money stands (the database's PENDING is processing too). */
const payoutView: Record<NonNullable<RefundRow['payoutStatus']>, RefundPayout> = {
  PENDING: 'PROCESSING',
  PROCESSING: 'PROCESSING',
  SUCCESS: 'REFUNDED',
  FAILED: 'FAILED',
};

const notFoundOf = { COURSE: 'courseNotFound', CLASSROOM: 'classroomNotFound', EXAM: 'examNotFound' } as const;
const notPublishedOf = {
  COURSE: 'courseNotPublished',
  CLASSROOM: 'classroomNotPublished',
  EXAM: 'examNotPublished',
} as const;

/** Where the browser is paying from: it decides the return URL and WeChat Pay's channel. */
export interface PayingClient {
  /** Scheme and host the learner uses (the school's own domain). */
  origin: string;
  ip: string;
  /** Inside the WeChat browser: WeChat Pay JSAPI with the learner's openid. */
  inWechat: boolean;
}

/** 20-digit trade numbers: the UTC time to the second and 6 random digits (gateways take ≤ 32 alphanumerics). */
function newNumber(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function createOrdersService(deps: {
  repository: OrdersRepository;
  gateways: readonly PaymentGateway[];
  clock: Clock;
  log: FastifyBaseLogger;
  /** Told when a payment or refund changes a product's student count (decision 014). */
  publicCache?: PublicCache;
}) {
  const { repository, gateways, clock, log, publicCache = noPublicCache } = deps;

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

  /**
   * What a gateway's notification (`what`: payment or refund) says once the gateway verified it,
   * or, when it cannot be trusted or is not for us, the reply to give: logged without secrets.
   */
  async function verified<T>(
    gateway: PaymentGateway,
    what: 'payment' | 'refund',
    verify: () => Promise<T>,
  ): Promise<{ report: T } | { reply: NotificationReply }> {
    try {
      return { report: await verify() };
    } catch (error) {
      if (error instanceof IgnoredNotification) {
        log.info({ gateway: gateway.name, reason: error.message }, `${what} notification ignored`);
        return { reply: gateway.acknowledge() };
      }
      if (error instanceof NotificationRejected) {
        log.warn({ gateway: gateway.name, reason: error.message }, `${what} notification rejected`);
        return { reply: gateway.reject() };
      }
      throw error;
    }
  }

  /** A product that can be bought now by this learner, or the refusal that says why not. */
  async function buyableProduct(caller: Caller, type: OrderConfirmationQuery['productType'], uid: string) {
    const product = await repository.findProduct(caller.tenantId, type, uid);
    if (product === null) throw new AppError(notFoundOf[type]);
    if (product.status !== 'PUBLISHED') throw new AppError(notPublishedOf[type]);
    const now = clock.now();
    if (await repository.isMember(type, product.id, caller.userId, now)) throw new AppError('memberExisted');
    // A free product is joined, not bought.
    if (product.priceCents <= 0) throw new AppError('invalidOrderStatus');
    refuseClosedProduct(product, now);
    if (product.type === 'CLASSROOM' && !(await repository.hasSeatFor(product.id, caller.userId, now)))
      throw new AppError('tooManyParticipants');
    return product;
  }

  function refuseClosedProduct(product: ProductRow, now: Date) {
    if (product.type === 'EXAM' && product.endTime !== null && now >= product.endTime)
      throw new AppError('examHasEnded');
    if (product.type === 'CLASSROOM') {
      const enrolling =
        (product.enrolStartTime === null || now >= product.enrolStartTime) &&
        (product.enrolEndTime === null || now < product.enrolEndTime);
      if (!enrolling) throw new AppError('forbidden');
    }
  }

  async function couponsFor(caller: Caller, product: ProductRow): Promise<UsableCoupon[]> {
    const rows = await repository.usableCoupons(caller.tenantId, caller.userId, product.type, product.id, clock.now());
    return rows
      .map((row) => ({
        id: row.id,
        title: localize(row.title, caller.locale),
        discount: row.discountTenths === null ? null : row.discountTenths / 10,
        amountOff: row.amountOffCents,
        saving: couponSaving(product.priceCents, row),
        validUntil: row.validUntil?.toISOString() ?? null,
      }))
      .filter((coupon) => coupon.saving > 0)
      .sort((a, b) => b.saving - a.saving || a.id - b.id);
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

  /** Until when a refund may be asked for: paid, inside the school's window, none open. */
  function refundableUntil(order: OrderRow, refund: RefundRow | null, refundDays: number): Date | null {
    if (order.status !== 'PAID' || order.paidAt === null || refundDays <= 0) return null;
    if (refund !== null && refund.status !== 'REFUSED') return null;
    const until = new Date(order.paidAt.getTime() + refundDays * dayMs);
    return until > clock.now() ? until : null;
  }

  async function toOrders(caller: Caller, rows: OrderRow[]): Promise<Order[]> {
    const [uids, couponTitles, latestRefunds, settings] = await Promise.all([
      repository.productUids(rows.map((row) => ({ type: row.productType, id: row.productId }))),
      repository.couponTitles(rows.flatMap((row) => (row.couponId === null ? [] : [row.couponId]))),
      repository.latestRefunds(rows.map((row) => row.id)),
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
        methods: row.status === 'CREATED' ? methodsOf(settings) : [],
      };
    });
  }

  async function toOrder(caller: Caller, row: OrderRow): Promise<Order> {
    const [order] = await toOrders(caller, [row]);
    return order!;
  }

  /**
   * The order a repeated key made, when the request is the same one: its product and coupon.
   * The product is found by uid alone, not as buyable: a retry after paying still gets its order.
   */
  async function sameRequest(caller: Caller, row: OrderRow, input: CreateOrder): Promise<Order> {
    const product =
      row.productType === input.productType
        ? await repository.findProduct(caller.tenantId, input.productType, input.uid)
        : null;
    if (product?.id !== row.productId || row.couponId !== input.couponId) throw new AppError('orderKeyReused');
    return toOrder(caller, row);
  }

  async function ownOrder(caller: Caller, tradeNo: string): Promise<OrderRow> {
    const row = await repository.findOwnOrder(caller.tenantId, caller.userId, tradeNo);
    if (row === null) throw new AppError('orderNotFound');
    return row;
  }

  /**
   * Asks the order's gateway whether an unpaid order was paid after all (the learner came back
   * before the notification, or the notification was lost): paid there means paid here, by the
   * same transaction a notification runs. A gateway that cannot answer leaves the order as it is.
   */
  async function reconcile(row: OrderRow): Promise<OrderRow> {
    const gateway = gatewayNamed(row.gateway);
    if (row.status !== 'CREATED' || gateway === null) return row;
    let found;
    try {
      found = await gateway.query(row.tradeNo);
    } catch (error) {
      log.warn({ tradeNo: row.tradeNo, gateway: gateway.name, err: error }, 'payment query failed');
      return row;
    }
    if (!found.paid) return row;
    const outcome = await repository.confirmPayment({
      tradeNo: row.tradeNo,
      amountCents: found.amountCents ?? -1,
      transactionId: found.transactionId ?? '',
      paidAt: found.paidAt ?? clock.now(),
      gateway: gateway.name,
    });
    if (outcome.kind === 'paid') publicCache.changed();
    if (outcome.kind === 'paid' || outcome.kind === 'duplicate') return outcome.order;
    log.error({ tradeNo: row.tradeNo, gateway: gateway.name, outcome: outcome.kind }, 'queried payment not applied');
    return row;
  }

  return {
    async confirmation(caller: Caller, query: OrderConfirmationQuery): Promise<OrderConfirmation> {
      const product = await buyableProduct(caller, query.productType, query.uid);
      const [coupons, settings, unpaid] = await Promise.all([
        couponsFor(caller, product),
        settingsOf(caller.tenantId),
        repository.unpaidOrderFor(caller.tenantId, caller.userId, product.type, product.id),
      ]);
      return {
        product: {
          type: product.type,
          uid: product.uid,
          title: localize(product.title, caller.locale),
          cover: product.cover,
          validity: product.type === 'COURSE' ? toValidity(product) : null,
        },
        price: {
          amount: product.priceCents,
          original:
            product.originalPriceCents !== null && product.originalPriceCents > product.priceCents
              ? product.originalPriceCents
              : null,
          currency: caller.currency,
        },
        coupons,
        methods: methodsOf(settings),
        unpaidTradeNo: unpaid?.tradeNo ?? null,
      };
    },

    /**
     * Makes the order at the server's price, or answers the one that exists: the same key
     * (a retry), or an unpaid order for this product (a double tap, a second tab).
     */
    async create(caller: Caller, input: CreateOrder): Promise<{ order: Order; created: boolean }> {
      const again = await repository.findByIdempotencyKey(caller.tenantId, caller.userId, input.idempotencyKey);
      if (again !== null) return { order: await sameRequest(caller, again, input), created: false };
      const product = await buyableProduct(caller, input.productType, input.uid);
      const unpaid = await repository.unpaidOrderFor(caller.tenantId, caller.userId, product.type, product.id);
      if (unpaid !== null) return { order: await toOrder(caller, unpaid), created: false };

      let discountCents = 0;
      if (input.couponId !== null) {
        const coupon = (await couponsFor(caller, product)).find((candidate) => candidate.id === input.couponId);
        if (coupon === undefined) throw new AppError('validationFailed', { field: 'couponId' });
        discountCents = coupon.saving;
      }
      const now = clock.now();
      const settings = await settingsOf(caller.tenantId);
      const row = await repository.insertOrder(
        {
          tenantId: caller.tenantId,
          tradeNo: newNumber('', now),
          userId: caller.userId,
          productType: product.type,
          productId: product.id,
          productTitle: product.title,
          productCover: product.cover,
          priceCents: product.priceCents,
          discountCents,
          payableCents: product.priceCents - discountCents,
          couponId: input.couponId,
          idempotencyKey: input.idempotencyKey,
          expiresAt: new Date(now.getTime() + settings.orderTimeoutMinutes * minuteMs),
        },
        now,
      );
      // Taken meanwhile: the seat check above was overtaken by another learner's order or join.
      if (row === 'full') throw new AppError('tooManyParticipants');
      if (row !== null) return { order: await toOrder(caller, row), created: true };
      // A concurrent request got there first: answer what it made.
      const sameKey = await repository.findByIdempotencyKey(caller.tenantId, caller.userId, input.idempotencyKey);
      if (sameKey !== null) return { order: await sameRequest(caller, sameKey, input), created: false };
      const existing = await repository.unpaidOrderFor(caller.tenantId, caller.userId, product.type, product.id);
      if (existing !== null) return { order: await toOrder(caller, existing), created: false };
      // Only the coupon's index is left: another order took the coupon meanwhile.
      throw new AppError('validationFailed', { field: 'couponId' });
    },

    async list(caller: Caller, query: OrderListQuery): Promise<Page<Order>> {
      const { rows, total } = await repository.listOrders(
        caller.tenantId,
        caller.userId,
        query.status,
        pageWindow(query),
      );
      return { items: await toOrders(caller, rows), total, page: query.page, pageSize: query.pageSize };
    },

    async get(caller: Caller, tradeNo: string): Promise<Order> {
      return toOrder(caller, await reconcile(await ownOrder(caller, tradeNo)));
    },

    async cancel(caller: Caller, tradeNo: string): Promise<Order> {
      const row = await reconcile(await ownOrder(caller, tradeNo));
      if (row.status !== 'CREATED') throw new AppError('invalidOrderStatus');
      await closeAtGateway(row);
      const ended = await repository.end(row.id, 'CANCELED', clock.now());
      if (ended === null) throw new AppError('invalidOrderStatus');
      return toOrder(caller, ended);
    },

    async startPayment(
      caller: Caller,
      tradeNo: string,
      method: PaymentMethod,
      client: PayingClient,
    ): Promise<PaymentStart> {
      const row = await reconcile(await ownOrder(caller, tradeNo));
      if (row.status !== 'CREATED') throw new AppError('invalidOrderStatus');
      const now = clock.now();
      if (row.expiresAt <= now) throw new AppError('invalidOrderStatus');
      const settings = await settingsOf(caller.tenantId);
      const gateway = methodsOf(settings).includes(method) ? gatewayFor(method) : null;
      if (gateway === null) throw new AppError('paymentConfigNotFound');
      // Inside WeChat, WeChat Pay runs as JSAPI with the learner's openid; elsewhere as H5.
      const openid =
        client.inWechat && method === 'WECHAT' ? await repository.wechatOpenid(caller.tenantId, caller.userId) : null;
      await repository.recordPaymentStart(row.id, method, gateway.name);
      try {
        return await gateway.startPayment({
          method,
          tradeNo: row.tradeNo,
          amountCents: row.payableCents,
          description: localize(row.productTitle, caller.locale),
          notifyUrl: `${client.origin}${backOfficePaths.paymentNotify(gateway.name)}`,
          returnUrl: `${client.origin}/mobile/orders/${encodeURIComponent(row.tradeNo)}?paying=1`,
          clientIp: client.ip,
          openid,
          expiresAt: row.expiresAt,
        });
      } catch (error) {
        if (error instanceof GatewayError) {
          log.error({ tradeNo, gateway: gateway.name, err: error }, 'payment start failed');
          throw new AppError('badGateway', { cause: error });
        }
        throw error;
      }
    },

    /**
     * A gateway's notification: verified by that gateway, then applied once. Whatever cannot be
     * trusted or matched changes nothing, is logged (without secrets) and answered as a failure.
     */
    async handleNotification(gatewayName: string, notification: IncomingNotification): Promise<NotificationReply> {
      const gateway = gatewayNamed(gatewayName);
      if (gateway === null) throw new AppError('paymentConfigNotFound');
      const checked = await verified(gateway, 'payment', () => gateway.verifyNotification(notification));
      if ('reply' in checked) return checked.reply;
      const payment = checked.report;
      const outcome = await repository.confirmPayment({ ...payment, gateway: gateway.name });
      switch (outcome.kind) {
        case 'paid':
          publicCache.changed();
          log.info({ tradeNo: payment.tradeNo, gateway: gateway.name }, 'order paid');
          return gateway.acknowledge();
        case 'duplicate':
          return gateway.acknowledge();
        case 'unknownTrade':
          log.warn({ tradeNo: payment.tradeNo, gateway: gateway.name }, 'payment notification for an unknown trade');
          return gateway.reject();
        case 'amountMismatch':
          log.error(
            {
              tradeNo: payment.tradeNo,
              gateway: gateway.name,
              notified: payment.amountCents,
              payable: outcome.order.payableCents,
            },
            'payment notification amount differs from the order',
          );
          return gateway.reject();
      }
    },

    async applyRefund(caller: Caller, tradeNo: string, input: ApplyRefund): Promise<Order> {
      const row = await ownOrder(caller, tradeNo);
      const [latest, settings] = await Promise.all([repository.latestRefunds([row.id]), settingsOf(caller.tenantId)]);
      if (refundableUntil(row, latest.get(row.id) ?? null, settings.refundDays) === null)
        throw new AppError('invalidOrderStatus');
      if (input.amount > row.payableCents) throw new AppError('validationFailed', { field: 'amount' });
      const refund = await repository.insertRefund({
        tenantId: caller.tenantId,
        orderId: row.id,
        refundNo: newNumber('R', clock.now()),
        reason: input.reason,
        amountCents: input.amount,
        description: input.description,
      });
      // A second tab applied at the same moment.
      if (refund === null) throw new AppError('invalidOrderStatus');
      return toOrder(caller, row);
    },

    /** The order's latest refund (orderRefundNotFound when none was asked for). */
    async refundOf(caller: Caller, tradeNo: string): Promise<Refund> {
      const row = await ownOrder(caller, tradeNo);
      const refund = (await repository.latestRefunds([row.id])).get(row.id);
      if (refund === undefined) throw new AppError('orderRefundNotFound');
      return toRefund(refund);
    },

    // The operator API

    async operatorRefunds(caller: Caller, query: PageQuery & { status?: RefundStatus | undefined }) {
      await requireOperator(caller);
      const { rows, total } = await repository.listRefunds(caller.tenantId, query.status, pageWindow(query));
      return {
        items: await toOperatorRefunds(caller, rows),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async refuseRefund(caller: Caller, refundNo: string, note: string): Promise<OperatorRefund> {
      await requireOperator(caller);
      const found = await repository.findRefund(caller.tenantId, refundNo);
      if (found === null) throw new AppError('orderRefundNotFound');
      const refused = await repository.refuseRefund(found.refund.id, note, caller.userId, clock.now());
      if (refused === null) throw new AppError('invalidOrderStatus');
      const [refund] = await toOperatorRefunds(caller, [{ ...found, refund: refused }]);
      return refund!;
    },

    /**
     * Accepts: the membership ends at once (one transaction), then the gateway pays the money
     * back under the refund's number, so a retried accept or gateway call pays it once. Whatever
     * the gateway does not settle now, the settling job asks about until it does.
     */
    async acceptRefund(
      caller: Caller,
      refundNo: string,
      note: string,
      client: Pick<PayingClient, 'origin'>,
    ): Promise<OperatorRefund> {
      await requireOperator(caller);
      const found = await repository.findRefund(caller.tenantId, refundNo);
      if (found === null) throw new AppError('orderRefundNotFound');
      const now = clock.now();
      const accepted = await repository.acceptRefund(
        found.refund.id,
        note,
        caller.userId,
        now,
        new Date(now.getTime() + payoutBackoff.firstMinutes * minuteMs),
      );
      if (accepted === null) throw new AppError('invalidOrderStatus');
      publicCache.changed();
      const paid = await payBack(found.order, accepted, client.origin);
      const [refund] = await toOperatorRefunds(caller, [{ ...found, refund: paid }]);
      return refund!;
    },

    /**
     * A gateway's report of how a refund ended (WeChat Pay's refund notification): verified by
     * that gateway, matched to our refund (number, trade, gateway, amount), then applied once.
     */
    async handleRefundNotification(
      gatewayName: string,
      notification: IncomingNotification,
    ): Promise<NotificationReply> {
      const gateway = gatewayNamed(gatewayName);
      const verifyRefund = gateway?.verifyRefundNotification;
      if (gateway === null || verifyRefund === undefined) throw new AppError('paymentConfigNotFound');
      const checked = await verified(gateway, 'refund', () => verifyRefund.call(gateway, notification));
      if ('reply' in checked) return checked.reply;
      const report = checked.report;
      const found = await repository.findRefundByNo(report.refundNo);
      if (
        found === null ||
        found.refund.status !== 'ACCEPTED' ||
        found.order.tradeNo !== report.tradeNo ||
        found.order.gateway !== gateway.name
      ) {
        log.warn(
          { refundNo: report.refundNo, tradeNo: report.tradeNo, gateway: gateway.name },
          'refund notification for an unknown refund',
        );
        return gateway.reject();
      }
      if (report.amountCents !== found.refund.amountCents) {
        log.error(
          {
            refundNo: report.refundNo,
            tradeNo: report.tradeNo,
            gateway: gateway.name,
            notified: report.amountCents,
            amount: found.refund.amountCents,
          },
          'refund notification amount differs from the refund',
        );
        return gateway.reject();
      }
      await applyPayout(found.order, found.refund, report, gateway.name);
      return gateway.acknowledge();
    },

    /**
     * The settling job's round: asks the gateway about each claimed refund whose money is not
     * known to be back, refunds again under the same number what it never took, and records
     * what it says. A gateway that cannot answer now is asked again after the claim's wait.
     */
    async settlePayouts(): Promise<{ refunded: number; failed: number; processing: number; unanswered: number }> {
      const done = { refunded: 0, failed: 0, processing: 0, unanswered: 0 };
      for (const { refund, order } of await repository.claimDuePayouts(clock.now(), payoutRound, payoutBackoff)) {
        const gateway = gatewayNamed(order.gateway);
        let outcome: RefundOutcome & { amountCents?: number | null };
        try {
          if (gateway === null) {
            outcome = noGatewayOutcome;
          } else {
            const state = await gateway.queryRefund({ tradeNo: order.tradeNo, refundNo: refund.refundNo });
            // Never taken (the first call failed on its way), or not made (Alipay): ask again.
            outcome = state.status === 'NOT_FOUND' ? await gateway.refund(refundInput(order, refund, null)) : state;
          }
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          log.warn(
            { refundNo: refund.refundNo, gateway: gateway?.name, attempts: refund.payoutAttempts, err: error },
            'refund payout not settled yet: the gateway is asked again later',
          );
          done.unanswered += 1;
          continue;
        }
        const after = await applyPayout(order, refund, outcome, gateway?.name ?? order.gateway ?? 'none');
        if (after.payoutStatus === 'SUCCESS') done.refunded += 1;
        else if (after.payoutStatus === 'FAILED') done.failed += 1;
        else done.processing += 1;
      }
      return done;
    },

    /** The closing job's round: unpaid orders past their time, unless the gateway has them paid. */
    async closeDue(): Promise<{ closed: number; paid: number }> {
      const now = clock.now();
      let closed = 0;
      let paid = 0;
      for (const due of await repository.dueOrders(now, 50)) {
        const row = await reconcile(due);
        if (row.status === 'PAID') {
          paid += 1;
          continue;
        }
        await closeAtGateway(row);
        if ((await repository.end(row.id, 'CLOSED', now)) !== null) closed += 1;
      }
      return { closed, paid };
    },
  };

  async function requireOperator(caller: Caller) {
    if (!(await repository.isOperator(caller.tenantId, caller.userId))) throw new AppError('noPermissionSearchOrders');
  }

  async function toOperatorRefunds(
    caller: Caller,
    rows: { refund: RefundRow; order: OrderRow; learner: { id: number; nickname: string } }[],
  ): Promise<OperatorRefund[]> {
    const uids = await repository.productUids(
      rows.map(({ order }) => ({ type: order.productType, id: order.productId })),
    );
    return rows.map((row) => ({
      ...toRefund(row.refund),
      tradeNo: row.order.tradeNo,
      product: {
        type: row.order.productType,
        uid: uids.get(`${row.order.productType}:${row.order.productId}`) ?? '',
        title: localize(row.order.productTitle, caller.locale),
        cover: row.order.productCover,
      },
      paid: row.order.payableCents,
      learner: row.learner,
    }));
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

  function refundInput(order: OrderRow, refund: RefundRow, notifyUrl: string | null) {
    return {
      tradeNo: order.tradeNo,
      refundNo: refund.refundNo,
      totalCents: order.payableCents,
      refundCents: refund.amountCents,
      reason: refund.reason,
      notifyUrl,
    };
  }

  /**
   * The first payout, right after accepting. A gateway that cannot be reached or answers
   * something a retry may change leaves the refund PENDING for the settling job.
   */
  async function payBack(order: OrderRow, refund: RefundRow, origin: string): Promise<RefundRow> {
    const gateway = gatewayNamed(order.gateway);
    if (gateway === null) return applyPayout(order, refund, noGatewayOutcome, order.gateway ?? 'none');
    let outcome;
    try {
      outcome = await gateway.refund(
        refundInput(order, refund, `${origin}${backOfficePaths.refundNotify(gateway.name)}`),
      );
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn(
        { refundNo: refund.refundNo, gateway: gateway.name, err: error },
        'refund payout not confirmed: the settling job asks the gateway again',
      );
      return refund;
    }
    return applyPayout(order, refund, outcome, gateway.name);
  }

  /**
   * Records what a gateway said of a refund's money, once whoever says it (the first payout, a
   * report, a job round in any process): the writes are conditional, and only the one that
   * changes the row logs. A failure is the one line the school acts on: the refund, the trade
   * and the amount to pay back by hand (nothing secret).
   */
  async function applyPayout(
    order: OrderRow,
    refund: RefundRow,
    outcome: Pick<RefundOutcome, 'status' | 'gatewayRefundId' | 'detail'> & { amountCents?: number | null },
    gatewayName: string,
  ): Promise<RefundRow> {
    const now = clock.now();
    const about = { refundNo: refund.refundNo, tradeNo: order.tradeNo, gateway: gatewayName };
    switch (outcome.status) {
      case 'SUCCESS': {
        if (outcome.amountCents != null && outcome.amountCents !== refund.amountCents) {
          log.error(
            { ...about, answered: outcome.amountCents, amount: refund.amountCents },
            'refund query amount differs from the refund',
          );
          return refund;
        }
        const settled = await repository.settlePayout(refund.id, outcome.gatewayRefundId, now);
        if (settled === null) return refund;
        log.info(about, 'refund paid back');
        return settled;
      }
      case 'PROCESSING':
        return (await repository.markPayoutProcessing(refund.id, outcome.gatewayRefundId)) ?? refund;
      case 'FAILED': {
        const failed = await repository.failPayout(refund.id, now);
        if (failed === null) return refund;
        log.error(
          { ...about, amountCents: refund.amountCents, detail: outcome.detail },
          'refund failed at the gateway: the school must pay it back by hand',
        );
        return failed;
      }
    }
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>;

interface OrdersJobDeps {
  gateways: readonly PaymentGateway[];
  clock: Clock;
  log: FastifyBaseLogger;
  publicCache?: PublicCache;
}

/**
 * A background job of the orders feature. It calls gateways, so it takes no advisory lock
 * (lib/background-jobs.ts says why): each job makes its writes safe to race in its own way,
 * said at its factory.
 */
function ordersJob(
  name: string,
  intervalMs: number,
  deps: OrdersJobDeps,
  round: (service: OrdersService) => Promise<Record<string, number>>,
): BackgroundJob {
  return {
    name,
    lockKey: null,
    intervalMs,
    run: (db) => round(createOrdersService({ ...deps, repository: createOrdersRepository(db) })),
  };
}

/**
 * Asks the gateways, every minute, about accepted refunds whose money is not known to be back,
 * each when its backoff says, until they settle. Each round claims its refunds with FOR UPDATE
 * SKIP LOCKED and pushes them to their next check in one statement, so two processes never ask
 * about the same refund in a round, and whatever they record is written conditionally, once.
 */
export const refundSettleJob = (deps: OrdersJobDeps) =>
  ordersJob('refund-settle', 60_000, deps, (service) => service.settlePayouts());

/**
 * Closes unpaid orders whose time is up. With several server processes each may take the same
 * order in a round: the gateway's query and close are idempotent and CREATED → CLOSED is a
 * conditional update, so one closes it and the others find it closed (or paid).
 */
export const orderCloseJob = (deps: OrdersJobDeps) =>
  ordersJob('order-close', 30_000, deps, (service) => service.closeDue());

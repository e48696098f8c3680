import type { Page } from '@school/contract/common';
import { backOfficePaths } from '@school/contract/paths';
import type {
  CreateOrder,
  Order,
  OrderConfirmation,
  OrderConfirmationQuery,
  OrderListQuery,
  PaymentMethod,
  PaymentStart,
  UsableCoupon,
} from '@school/contract/orders';
import { AppError } from '../../lib/app-error.js';
import { pageWindow } from '../../lib/catalogue-sql.js';
import { couponTerms, toValidity } from '../../lib/catalogue-format.js';
import { localize } from '../../lib/localized-text.js';
import { GatewayError } from '../../providers/payment/index.js';
import type { OrderRow, ProductRow } from './orders.repository.js';
import {
  createOrdersShared,
  minuteMs,
  newNumber,
  type Caller,
  type OrdersDeps,
  type OrdersShared,
  type PayingClient,
} from './orders-shared.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';
import { couponSaving } from './pricing.js';
import { createRefundsService } from './refunds.service.js';

const notFoundOf = { COURSE: 'courseNotFound', CLASSROOM: 'classroomNotFound', EXAM: 'examNotFound' } as const;
const notPublishedOf = {
  COURSE: 'courseNotPublished',
  CLASSROOM: 'classroomNotPublished',
  EXAM: 'examNotPublished',
} as const;

/**
 * The orders service the routes call: a learner's orders and their payment (below), the
 * gateways' payment notifications (payments.service.ts), and refunds with the operator API and
 * the gateways' refund reports (refunds.service.ts). The background jobs make their own parts
 * (order-closing.job.ts, refunds.service.ts).
 */
export function createOrdersService(deps: OrdersDeps) {
  const shared = createOrdersShared(deps);
  const payments = createPaymentsService(deps, shared);
  const refunds = createRefundsService(deps, shared);
  return {
    ...createLearnerOrders(deps, shared, payments),
    handleNotification: payments.handleNotification,
    applyRefund: refunds.applyRefund,
    withdrawRefund: refunds.withdrawRefund,
    refundOf: refunds.refundOf,
    operatorRefunds: refunds.operatorRefunds,
    refuseRefund: refunds.refuseRefund,
    acceptRefund: refunds.acceptRefund,
    handleRefundNotification: refunds.handleRefundNotification,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** A learner's orders: what buying a product comes to, the order itself, and paying it. */
function createLearnerOrders(deps: OrdersDeps, shared: OrdersShared, payments: PaymentsService) {
  const { repository, clock, log } = deps;
  const {
    settingsOf,
    methodsOf,
    gatewayFor,
    toOrders,
    toOrder,
    ownOrder,
    closeAtGateway,
    seatHoldChanged,
    refundPolicyOf,
  } = shared;
  const { reconcile } = payments;

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
        ...couponTerms(row),
        saving: couponSaving(product.priceCents, row),
        validUntil: row.validUntil?.toISOString() ?? null,
      }))
      .filter((coupon) => coupon.saving > 0)
      .sort((a, b) => b.saving - a.saving || a.id - b.id);
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
        refundPolicy: refundPolicyOf(settings),
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
      if (row !== null) {
        seatHoldChanged(row);
        return { order: await toOrder(caller, row), created: true };
      }
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
      seatHoldChanged(ended);
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
  };
}

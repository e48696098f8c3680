import { z } from 'zod';
import { priceSchema } from './catalogue.js';
import { isoDateTime, pageOf, pageQuerySchema } from './common.js';
import { validitySchema } from './courses.js';
import { currencies, orderStatuses, refundReasons, refundStatuses } from './enums.js';
import { ruleIds, textInput } from './validation.js';

/*
 * Orders, payments and refunds (decision record 013, docs/product.md#orders-and-refunds). Every amount is in integer
 * cents of the school's currency and comes from the server: what a client sends as a price is
 * never read. An order is the caller's own (another learner's or school's answers 404
 * orderNotFound) and private (no-store).
 */

export const productTypes = ['COURSE', 'CLASSROOM', 'EXAM'] as const;
export type ProductType = (typeof productTypes)[number];

export const paymentMethods = ['WECHAT', 'ALIPAY'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const orderLimits = {
  refundDescriptionMax: 500,
  reviewNoteMax: 500,
} as const;

/** The product of an order, as it was when ordered. */
export const orderProductSchema = z.object({
  type: z.enum(productTypes),
  uid: z.string(),
  title: z.string(),
  cover: z.string(),
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

/**
 * A coupon the learner can use on this product. `discount` in tenths ("8.5" reads 8.5折 /
 * 15% off) or `amountOff` in cents; `saving` is what it takes off this product's price.
 */
export const usableCouponSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  discount: z.number().positive().max(10).nullable(),
  amountOff: z.number().int().positive().nullable(),
  saving: z.number().int().nonnegative(),
  validUntil: isoDateTime.nullable(),
});
export type UsableCoupon = z.infer<typeof usableCouponSchema>;

/**
 * The school's refund rules: a refund may be asked for within `days` of paying (0: no refunds),
 * of the whole amount paid, or of part of it where `partial`.
 */
export const refundPolicySchema = z.object({
  days: z.number().int().min(0).max(365),
  partial: z.boolean(),
});
export type RefundPolicy = z.infer<typeof refundPolicySchema>;

/** GET /api/orders/confirmation?productType=&uid=: what Pay would buy, at the server's price. */
export const orderConfirmationQuerySchema = z.object({
  productType: z.enum(productTypes),
  uid: textInput().min(1).max(64),
});
export type OrderConfirmationQuery = z.infer<typeof orderConfirmationQuerySchema>;

export const orderConfirmationSchema = z.object({
  product: orderProductSchema.extend({
    /** How long the membership lasts (courses); null for classrooms and exams. */
    validity: validitySchema.nullable(),
  }),
  price: priceSchema,
  /** Best saving first; the first is the one preselected. */
  coupons: z.array(usableCouponSchema),
  /** The school's methods its gateways take; inside the WeChat browser the client offers WeChat Pay only. */
  methods: z.array(z.enum(paymentMethods)),
  /** An order for this product already waiting to be paid: Pay continues it. */
  unpaidTradeNo: z.string().nullable(),
  /** Told before paying. */
  refundPolicy: refundPolicySchema,
});
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;

/**
 * POST /api/orders: 201 a new order, 200 the same order again for a repeated key or while an
 * unpaid order for the product exists (a double tap, a retry, a second tab). A key names one
 * request: sent again with another product or coupon it answers 409 orderKeyReused.
 */
export const createOrderSchema = z.object({
  productType: z.enum(productTypes),
  uid: textInput().min(1).max(64),
  couponId: z.number().int().positive().max(2_147_483_647).nullable(),
  /** Made once per confirmation screen by the client: a retried request carries the same. */
  idempotencyKey: z.uuid(),
});
export type CreateOrder = z.infer<typeof createOrderSchema>;

/**
 * Where an accepted refund's money stands: PROCESSING until the gateway says it is back
 * (REFUNDED), or that it will not pay it (FAILED: the school pays it back by hand).
 */
export const refundPayouts = ['PROCESSING', 'REFUNDED', 'FAILED'] as const;
export type RefundPayout = (typeof refundPayouts)[number];

export const refundSchema = z.object({
  refundNo: z.string(),
  reason: z.enum(refundReasons),
  amount: z.number().int().positive(),
  description: z.string(),
  status: z.enum(refundStatuses),
  /** The operator's note on an accepted or refused refund. */
  reviewNote: z.string().nullable(),
  createdAt: isoDateTime,
  reviewedAt: isoDateTime.nullable(),
  /** Null until the refund is accepted. */
  payout: z.enum(refundPayouts).nullable(),
  /** When the money came back (REFUNDED) or the gateway gave up on it (FAILED). */
  settledAt: isoDateTime.nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const orderSchema = z.object({
  tradeNo: z.string(),
  status: z.enum(orderStatuses),
  product: orderProductSchema,
  currency: z.enum(currencies),
  /** The product's price when ordered. */
  price: z.number().int().positive(),
  discount: z.number().int().nonnegative(),
  /** What is (or was) paid: price − discount. */
  payable: z.number().int().positive(),
  couponTitle: z.string().nullable(),
  paymentMethod: z.enum(paymentMethods).nullable(),
  createdAt: isoDateTime,
  /** When an unpaid order closes by itself. */
  expiresAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  /** When it was cancelled or closed. */
  endedAt: isoDateTime.nullable(),
  /** The latest refund applied for, if any. */
  refund: refundSchema.nullable(),
  /** Until when a refund may be applied for; null when it cannot (not paid, window closed, one open). */
  refundableUntil: isoDateTime.nullable(),
  /** The end of the paid order's refund window, passed or not; null when unpaid or the school has none. */
  refundWindowEnd: isoDateTime.nullable(),
  refundPolicy: refundPolicySchema,
  /** How an unpaid order can be paid now (the school's methods its gateways take); empty once it is not unpaid. */
  methods: z.array(z.enum(paymentMethods)),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/orders?status=: the caller's orders, newest first. `ENDED`: cancelled or closed. */
export const orderListFilters = ['ALL', 'CREATED', 'PAID', 'ENDED'] as const;
export type OrderListFilter = (typeof orderListFilters)[number];
export const orderListQuerySchema = pageQuerySchema.extend({ status: z.enum(orderListFilters).default('ALL') });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export const orderListSchema = pageOf(orderSchema);
export type OrderList = z.infer<typeof orderListSchema>;

export const tradeNoParamSchema = z.object({ tradeNo: textInput().min(1).max(64) });

/** POST /api/orders/:tradeNo/payments: pay an unpaid order with a method. */
export const startPaymentSchema = z.object({
  method: z.enum(paymentMethods),
});
export type StartPayment = z.infer<typeof startPaymentSchema>;

/** What the browser does next: open the URL, or call WeChat's JSAPI with these parameters. */
export const paymentStartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({
    kind: z.literal('wechatJsapi'),
    params: z.object({
      appId: z.string(),
      timeStamp: z.string(),
      nonceStr: z.string(),
      package: z.string(),
      signType: z.literal('RSA'),
      paySign: z.string(),
    }),
  }),
]);
export type PaymentStart = z.infer<typeof paymentStartSchema>;

/** POST /api/orders/:tradeNo/refunds: apply for a refund of a paid order. */
export const applyRefundSchema = z.object({
  reason: z.enum(refundReasons, { error: ruleIds.refundReasonRequired }),
  /** At most what was paid; exactly that unless the school's policy allows a partial refund. */
  amount: z.number().int().positive().max(2_147_483_647),
  description: textInput().trim().max(orderLimits.refundDescriptionMax).default(''),
});
export type ApplyRefund = z.infer<typeof applyRefundSchema>;

// The operator API (no screen): the school's order operators decide refunds.

export const operatorRefundQuerySchema = pageQuerySchema.extend({
  status: z.enum(refundStatuses).optional(),
});
export const operatorRefundSchema = refundSchema.extend({
  tradeNo: z.string(),
  product: orderProductSchema,
  paid: z.number().int().positive(),
  learner: z.object({ id: z.number().int(), nickname: z.string() }),
});
export type OperatorRefund = z.infer<typeof operatorRefundSchema>;
export const operatorRefundListSchema = pageOf(operatorRefundSchema);
export const refundNoParamSchema = z.object({ refundNo: textInput().min(1).max(64) });
/** POST /api/operator/refunds/:refundNo/accept|refuse */
export const refundDecisionSchema = z.object({
  note: textInput().trim().max(orderLimits.reviewNoteMax).default(''),
});
export type RefundDecision = z.infer<typeof refundDecisionSchema>;

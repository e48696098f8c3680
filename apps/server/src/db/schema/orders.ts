import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../lib/localized-text.js';
import { createdAt } from './columns.js';
import { tenants } from './tenants.js';
import { tenantIdColumn } from './tenant-id.js';
import { users } from './accounts.js';
import { coupons } from './catalogue.js';

// Orders, payments and refunds (decision record 013).

const productTypeValues = ['COURSE', 'CLASSROOM', 'EXAM'] as const;
const orderStatusValues = ['CREATED', 'PAID', 'CANCELED', 'CLOSED'] as const;
const paymentMethodValues = ['WECHAT', 'ALIPAY'] as const;

/** How a school takes payment: the methods it offers, when unpaid orders close, the refund window. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    methods: jsonb('methods').$type<('WECHAT' | 'ALIPAY')[]>().notNull(),
    orderTimeoutMinutes: integer('order_timeout_minutes').notNull().default(30),
    /** Days after payment during which a learner may apply for a refund; 0: no refunds. */
    refundDays: integer('refund_days').notNull().default(7),
    /** A learner may ask for part of what they paid back; otherwise a refund is of the whole amount. */
    partialRefunds: boolean('partial_refunds').notNull().default(false),
  },
  (t) => [
    check('payment_settings_timeout_check', sql`${t.orderTimeoutMinutes} between 1 and 10080`),
    check('payment_settings_refund_check', sql`${t.refundDays} between 0 and 365`),
  ],
);

/** People of the school who may look at orders and decide refunds (the operator API). */
export const orderOperators = pgTable(
  'order_operators',
  {
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    /** Public and globally unique: the gateways know the order by it. */
    tradeNo: text('trade_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productType: text('product_type', { enum: productTypeValues }).notNull(),
    productId: integer('product_id').notNull(),
    /** What was bought, as it was when ordered (the product may change or go later). */
    productTitle: jsonb('product_title').$type<LocalizedText>().notNull(),
    productCover: text('product_cover').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    payableCents: integer('payable_cents').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    status: text('status', { enum: orderStatusValues }).notNull().default('CREATED'),
    /** The client's key of this purchase: a retried create answers the same order. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    paymentMethod: text('payment_method', { enum: paymentMethodValues }),
    /** The gateway that took (or is taking) the payment: sandbox, wechat, alipay. */
    gateway: text('gateway'),
    transactionId: text('transaction_id'),
    createdAt: createdAt(),
    /** When it closes unpaid. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** Cancelled by the learner or closed by time. */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('CREATED', 'PAID', 'CANCELED', 'CLOSED')`),
    check('orders_product_check', sql`${t.productType} in ('COURSE', 'CLASSROOM', 'EXAM')`),
    check(
      'orders_amounts_check',
      sql`${t.priceCents} > 0 and ${t.discountCents} >= 0 and ${t.payableCents} > 0
        and ${t.payableCents} = ${t.priceCents} - ${t.discountCents}`,
    ),
    uniqueIndex('orders_trade_no_unique').on(t.tradeNo),
    uniqueIndex('orders_idempotency_unique').on(t.tenantId, t.userId, t.idempotencyKey),
    // One unpaid order per learner and product: a double tap or a second tab meets this one.
    uniqueIndex('orders_one_unpaid_unique')
      .on(t.tenantId, t.userId, t.productType, t.productId)
      .where(sql`${t.status} = 'CREATED'`),
    // A coupon is held by an unpaid order and used by a paid one, at most once per learner.
    uniqueIndex('orders_coupon_once_unique')
      .on(t.tenantId, t.userId, t.couponId)
      .where(sql`${t.couponId} is not null and ${t.status} in ('CREATED', 'PAID')`),
    index('orders_user_created_idx').on(t.tenantId, t.userId, t.createdAt, t.id),
    // What the closing job claims: unpaid orders by when they close.
    index('orders_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'CREATED'`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Our refund's number: the gateway's idempotency key for paying it back. */
    refundNo: text('refund_no').notNull(),
    reason: text('reason').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['CREATED', 'ACCEPTED', 'REFUSED', 'WITHDRAWN'] })
      .notNull()
      .default('CREATED'),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /** When the learner took the request back (WITHDRAWN). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
    /**
     * Where the money stands (null until accepted): PENDING, the gateway has not confirmed it
     * took the refund (not asked yet, or the call failed); PROCESSING, it is paying it back;
     * SUCCESS, paid back; FAILED, the gateway will not pay it (the school pays by hand).
     */
    payoutStatus: text('payout_status', { enum: ['PENDING', 'PROCESSING', 'SUCCESS', 'FAILED'] }),
    gatewayRefundId: text('gateway_refund_id'),
    /** How many times the settling job has asked the gateway (its backoff grows with them). */
    payoutAttempts: integer('payout_attempts').notNull().default(0),
    /** When the settling job asks the gateway next; null once settled. */
    payoutCheckAt: timestamp('payout_check_at', { withTimezone: true, mode: 'date' }),
    /** When the gateway said SUCCESS or FAILED. */
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('refunds_status_check', sql`${t.status} in ('CREATED', 'ACCEPTED', 'REFUSED', 'WITHDRAWN')`),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check(
      'refunds_payout_status_check',
      sql`${t.payoutStatus} is null or ${t.payoutStatus} in ('PENDING', 'PROCESSING', 'SUCCESS', 'FAILED')`,
    ),
    uniqueIndex('refunds_refund_no_unique').on(t.refundNo),
    // One refund under review or accepted per order: a refund is never paid twice.
    uniqueIndex('refunds_open_unique')
      .on(t.orderId)
      .where(sql`${t.status} in ('CREATED', 'ACCEPTED')`),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    // What the settling job claims: refunds whose money is not known to be back, by when to ask.
    index('refunds_payout_due_idx')
      .on(t.payoutCheckAt)
      .where(sql`${t.payoutStatus} in ('PENDING', 'PROCESSING')`),
  ],
);

/**
 * The payment sandbox's own book of trades (PAYMENT_PROVIDER=sandbox): what a gateway would
 * keep on its side, so a query, a close or a refund answers the same from every process.
 */
export const sandboxTrades = pgTable('sandbox_trades', {
  tradeNo: text('trade_no').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  method: text('method', { enum: paymentMethodValues }).notNull(),
  notifyUrl: text('notify_url').notNull(),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  status: text('status', { enum: ['PENDING', 'PAID', 'CLOSED'] })
    .notNull()
    .default('PENDING'),
  transactionId: text('transaction_id'),
  paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  /** Refunds paid back, by our refund number (a retried refund pays once). */
  refunds: jsonb('refunds').$type<Record<string, number>>().notNull().default({}),
});

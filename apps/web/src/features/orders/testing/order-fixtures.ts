import type { Page } from '@school/contract/common';
import type { Order, OrderConfirmation, Refund, UsableCoupon } from '@school/contract/orders';

/*
 * Orders as the server answers them, for the order screens' tests: a course bought for ¥199.00
 * with fields to override per case.
 */

const minute = 60_000;
const day = 24 * 60 * minute;
const iso = (ms: number) => new Date(ms).toISOString();

export const course = {
  type: 'COURSE',
  uid: 'react-19',
  title: 'React 19: Zero to Production',
  cover: '/c.svg',
} as const;

/** The best coupon: 8.5折 / 15% off, saving ¥29.85 of ¥199.00. */
export const bestCoupon: UsableCoupon = {
  id: 7,
  title: 'Spring offer',
  discount: 8.5,
  amountOff: null,
  saving: 2985,
  validUntil: '2030-06-30T15:59:59.000Z',
};

export const amountCoupon: UsableCoupon = {
  id: 9,
  title: 'Welcome gift',
  discount: null,
  amountOff: 1000,
  saving: 1000,
  validUntil: null,
};

export function confirmationOf(over: Partial<OrderConfirmation> = {}): OrderConfirmation {
  return {
    product: { ...course, validity: { kind: 'DAYS', days: 365 } },
    price: { amount: 19900, original: 29900, currency: 'CNY' },
    coupons: [bestCoupon, amountCoupon],
    methods: ['WECHAT', 'ALIPAY'],
    unpaidTradeNo: null,
    refundPolicy: { days: 7, partial: false },
    ...over,
  };
}

/** An unpaid order made at `now`, 30 minutes to pay. */
export function orderAt(now: number, over: Partial<Order> = {}): Order {
  return {
    tradeNo: '20261125080000123456',
    status: 'CREATED',
    product: { ...course },
    currency: 'CNY',
    price: 19900,
    discount: 2985,
    payable: 16915,
    couponTitle: 'Spring offer',
    paymentMethod: null,
    createdAt: iso(now),
    expiresAt: iso(now + 30 * minute),
    paidAt: null,
    endedAt: null,
    refund: null,
    refundableUntil: null,
    refundWindowEnd: null,
    refundPolicy: { days: 7, partial: false },
    methods: ['WECHAT', 'ALIPAY'],
    ...over,
  };
}

/** The same order, paid at `now` through WeChat Pay, refundable for 7 days. */
export function paidOrderAt(now: number, over: Partial<Order> = {}): Order {
  return orderAt(now, {
    status: 'PAID',
    paymentMethod: 'WECHAT',
    paidAt: iso(now),
    refundableUntil: iso(now + 7 * day),
    refundWindowEnd: iso(now + 7 * day),
    methods: [],
    ...over,
  });
}

/** A full refund of the paid order, accepted by the school: `payout` says where its money is. */
export function acceptedRefundAt(now: number, payout: Refund['payout'], over: Partial<Refund> = {}): Refund {
  return {
    refundNo: 'R20261125080000123456',
    reason: 'NO_TIME_TO_STUDY',
    amount: 16915,
    description: '',
    status: 'ACCEPTED',
    reviewNote: null,
    createdAt: iso(now),
    reviewedAt: iso(now + minute),
    payout,
    settledAt: payout === 'PROCESSING' ? null : iso(now + 2 * minute),
    ...over,
  };
}

export function pageOf<T>(items: T[], page = 1, total = items.length): Page<T> {
  return { items, total, page, pageSize: 10 };
}

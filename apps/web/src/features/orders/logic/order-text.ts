import type { Currency, Locale, OrderStatus, RefundReason, RefundStatus } from '@school/contract/enums';
import type { Validity } from '@school/contract/courses';
import type {
  OrderListFilter,
  OrderProduct,
  PaymentMethod,
  ProductType,
  RefundPayout,
  UsableCoupon,
} from '@school/contract/orders';
import { href } from '../../../config/route-paths';
import { formatDiscount, formatPrice, isoDate, isoDateMinutes } from '../../../lib/format';
import type { MessageId } from '../../../lib/i18n';

/*
 * The contract's lists, repeated as types-checked constants: importing its orders module for
 * values would bring zod into the screens that need no form.
 */
export const productTypeList = ['COURSE', 'CLASSROOM', 'EXAM'] as const satisfies readonly ProductType[];
export const paymentMethodList = ['WECHAT', 'ALIPAY'] as const satisfies readonly PaymentMethod[];
export const orderListFilterList = ['ALL', 'CREATED', 'PAID', 'ENDED'] as const satisfies readonly OrderListFilter[];

export const statusMessageIds = {
  CREATED: 'orders.status.CREATED',
  PAID: 'orders.status.PAID',
  CANCELED: 'orders.status.CANCELED',
  CLOSED: 'orders.status.CLOSED',
} as const satisfies Record<OrderStatus, `orders.status.${OrderStatus}`>;

export const methodMessageIds = {
  WECHAT: 'orders.method.WECHAT',
  ALIPAY: 'orders.method.ALIPAY',
} as const satisfies Record<PaymentMethod, `orders.method.${PaymentMethod}`>;

export const reasonMessageIds = {
  WRONG_OR_DUPLICATE_PURCHASE: 'orders.reason.WRONG_OR_DUPLICATE_PURCHASE',
  PRODUCT_UNSUITABLE: 'orders.reason.PRODUCT_UNSUITABLE',
  NO_TIME_TO_STUDY: 'orders.reason.NO_TIME_TO_STUDY',
  UNHAPPY_WITH_MERCHANT_SERVICE: 'orders.reason.UNHAPPY_WITH_MERCHANT_SERVICE',
  POOR_PLATFORM_EXPERIENCE: 'orders.reason.POOR_PLATFORM_EXPERIENCE',
} as const satisfies Record<RefundReason, `orders.reason.${RefundReason}`>;

export const refundStatusMessageIds = {
  CREATED: 'orders.refundState.CREATED',
  ACCEPTED: 'orders.refundState.ACCEPTED',
  REFUSED: 'orders.refundState.REFUSED',
  WITHDRAWN: 'orders.refundState.WITHDRAWN',
} as const satisfies Record<RefundStatus, `orders.refundState.${RefundStatus}`>;

export const refundPayoutMessageIds = {
  PROCESSING: 'orders.refundState.payout.PROCESSING',
  REFUNDED: 'orders.refundState.payout.REFUNDED',
  FAILED: 'orders.refundState.payout.FAILED',
} as const satisfies Record<RefundPayout, `orders.refundState.payout.${RefundPayout}`>;

/** The product's own page; null when it was deleted since (its order keeps an empty uid). */
export function productPath(product: Pick<OrderProduct, 'type' | 'uid'>): string | null {
  if (!product.uid) return null;
  switch (product.type) {
    case 'COURSE':
      return href('courseDetail', { uid: product.uid });
    case 'CLASSROOM':
      return href('classroomDetail', { uid: product.uid });
    case 'EXAM':
      return href('examDetail', { uid: product.uid });
  }
}

/** HH:mm of a moment in the learner's time zone (an unpaid order's deadline). */
export function clockTime(value: string): string {
  return isoDateMinutes(value).slice(-5);
}

/** A message id with its values, translated where it is shown. */
export interface Text {
  id: 'orders.coupon.amountOff' | 'orders.coupon.validUntil' | 'orders.coupon.noExpiry';
  values: Record<string, string>;
}

/** What a coupon takes off: "8.5折" / "15% off" for a discount, "¥10.00 off" for an amount. */
export function couponDeal(coupon: UsableCoupon, currency: Currency, locale: Locale): string | Text {
  if (coupon.discount !== null) return formatDiscount(coupon.discount, locale);
  return { id: 'orders.coupon.amountOff', values: { amount: formatPrice(coupon.amountOff ?? 0, currency, locale) } };
}

export function couponValidity(coupon: UsableCoupon): Text {
  return coupon.validUntil === null
    ? { id: 'orders.coupon.noExpiry', values: {} }
    : { id: 'orders.coupon.validUntil', values: { date: isoDate(new Date(coupon.validUntil)) } };
}

/** Yuan (or dollars) typed by the learner, "12.5" → 1250 cents; NaN when it is not an amount. */
export function centsOf(text: string): number {
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the amount field shows them: 1250 → "12.50". */
export function amountText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The methods to offer: inside WeChat's browser only WeChat Pay works (as JSAPI). */
export function offeredMethods(methods: readonly PaymentMethod[], inWechat: boolean): PaymentMethod[] {
  return inWechat ? methods.filter((method) => method === 'WECHAT') : [...methods];
}

/**
 * A course's study validity, worded as the course page words it (its ids are in the first
 * bundle, so every screen has them).
 */
export function validityText(validity: Validity): {
  id: Extract<MessageId, `courses.validity.${string}`>;
  values: Record<string, string | number>;
} {
  if (validity.kind === 'DAYS') return { id: 'courses.validity.days', values: { days: validity.days } };
  if (validity.kind === 'END_DATE')
    return { id: 'courses.validity.endDate', values: { date: isoDate(new Date(validity.endDate)) } };
  return { id: validity.kind === 'UNLIMITED' ? 'courses.validity.unlimited' : 'courses.validity.longTerm', values: {} };
}

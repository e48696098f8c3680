import type { Currency, Locale } from '@school/contract/enums';
import type { MyCoupon, MyCouponStatus, myCouponPaths } from '@school/contract/my-coupons';
import { href } from '../../../config/route-paths';
import { formatDiscount, formatPrice, isoDate } from '../../../lib/format';

/*
 * The contract's values repeated as type-checked constants: importing its my-coupons module for
 * values would bring zod into this screen, which has no form.
 */
export const myCouponsPath: (typeof myCouponPaths)['list'] = '/api/me/coupons';
export const couponStatusList = ['usable', 'used', 'expired'] as const satisfies readonly MyCouponStatus[];

export function couponStatusOf(value: string | null): MyCouponStatus {
  return (couponStatusList as readonly string[]).includes(value ?? '') ? (value as MyCouponStatus) : 'usable';
}

/** A message id with its values, translated where it is shown. */
export interface Text {
  id: 'coupons.amountOff' | 'coupons.validUntil' | 'coupons.noExpiry' | 'coupons.expiredOn';
  values: Record<string, string>;
}

/**
 * What a coupon takes off, as the order confirmation words it: "8.5折" / "15% off" for a
 * discount (lib/format formatDiscount), "¥20.00 off" / "减¥20.00" for an amount.
 */
export function couponSaving(coupon: MyCoupon, currency: Currency, locale: Locale): string | Text {
  if (coupon.discount !== null) return formatDiscount(coupon.discount, locale);
  return { id: 'coupons.amountOff', values: { amount: formatPrice(coupon.amountOff ?? 0, currency, locale) } };
}

/** The width of the coupon card's stub for the saving, less its padding, in rem. */
export const savingRoomRem = 5.25;

/**
 * The saving's font size in rem: as large as 1.5rem, smaller when its widest word would not fit
 * the stub on one line ("¥1,234.50 off" wraps at its space, "减¥1,234.50" must stay whole).
 * Widths are rough: a CJK character takes 1 em, a bold Latin character or digit about 0.6 em.
 */
export function savingFontRem(text: string): number {
  const ems = (word: string) => [...word].reduce((sum, char) => sum + (char.codePointAt(0)! >= 0x2e80 ? 1 : 0.6), 0);
  const widest = Math.max(...text.split(' ').map(ems));
  return Math.min(1.5, Math.floor((savingRoomRem / widest) * 100) / 100);
}

/** Until when it can be used; an expired one says when it ran out. */
export function couponValidity(coupon: MyCoupon, status: MyCouponStatus): Text {
  if (coupon.validUntil === null) return { id: 'coupons.noExpiry', values: {} };
  const date = isoDate(new Date(coupon.validUntil));
  return status === 'expired'
    ? { id: 'coupons.expiredOn', values: { date } }
    : { id: 'coupons.validUntil', values: { date } };
}

/** Where "Use it" goes: the one product it is for, or the list of the kind it covers. */
export function couponUsePath(coupon: Pick<MyCoupon, 'appliesTo'>): string {
  const { type, product } = coupon.appliesTo;
  switch (type) {
    case 'COURSE':
      return product ? href('courseDetail', { uid: product.uid }) : href('courseList');
    case 'CLASSROOM':
      return product ? href('classroomDetail', { uid: product.uid }) : href('classroomList');
    case 'EXAM':
      return product ? href('examDetail', { uid: product.uid }) : href('singleExamList');
  }
}

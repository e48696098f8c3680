import type { Price, Teacher } from '@school/contract/catalogue';
import type { Validity } from '@school/contract/courses';
import type { Currency, Locale } from '@school/contract/enums';
import { localize, type LocalizedText } from './localized-text.js';

/*
 * Row → wire helpers every catalogue feature shares (courses, classrooms, exams, search).
 * Plain functions over plain rows: no feature imports another, they all import these.
 */

export function toPrice(priceCents: number, originalPriceCents: number | null, currency: Currency): Price {
  // A "discount" that is not lower than the price is not shown as one.
  const original = originalPriceCents !== null && originalPriceCents > priceCents ? originalPriceCents : null;
  return { amount: priceCents, original, currency };
}

/** Average stars with one decimal; 0 when nobody rated. */
export function ratingScore(total: number, count: number): number {
  return count === 0 ? 0 : Math.round((total / count) * 10) / 10;
}

export interface TeacherRow {
  id: number;
  name: LocalizedText;
  avatar: string | null;
  title: LocalizedText;
  introduction: LocalizedText;
}

export function toTeacher(row: TeacherRow, locale: Locale): Teacher {
  return {
    id: row.id,
    name: localize(row.name, locale),
    avatar: row.avatar,
    title: localize(row.title, locale),
    introduction: localize(row.introduction, locale),
  };
}

/** `%`, `_` and `\` typed by a learner are literal characters in the ILIKE pattern. */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Coupon discount in tenths (85) as the contract's number (8.5). */
export function couponDiscount(discountTenths: number): number {
  return discountTenths / 10;
}

/**
 * What a coupon takes off, as the order confirmation and My coupons send it: a discount in the
 * contract's tenths (8.5), or an amount off in cents; the other one null.
 */
export function couponTerms(row: { discountTenths: number | null; amountOffCents: number | null }): {
  discount: number | null;
  amountOff: number | null;
} {
  return {
    discount: row.discountTenths === null ? null : couponDiscount(row.discountTenths),
    amountOff: row.amountOffCents,
  };
}

/** How long a course membership lasts, as the course row says (the course detail, the order confirmation). */
export function toValidity(row: {
  validityKind: string | null;
  validityDays: number | null;
  validityEndDate: Date | null;
}): Validity {
  switch (row.validityKind) {
    case 'DAYS':
      return { kind: 'DAYS', days: row.validityDays ?? 1 };
    case 'END_DATE':
      return row.validityEndDate === null
        ? { kind: 'UNLIMITED' }
        : { kind: 'END_DATE', endDate: row.validityEndDate.toISOString() };
    case 'LONG_TERM':
      return { kind: 'LONG_TERM' };
    default:
      return { kind: 'UNLIMITED' };
  }
}

import { z } from 'zod';
import { isoDateTime, pageOf, pageQuerySchema } from './common.js';
import { currencies } from './enums.js';
import { productTypes } from './orders.js';

/*
 * Me → My coupons (docs/product.md#my-coupons): the school's coupons as one signed-in learner
 * stands with them (401 otherwise). Coupons are school-wide, so every learner of the school has
 * every coupon; what differs is whether this learner's orders have taken it.
 *
 * - USABLE: not expired, and not taken by a paid order of the learner. A coupon held by one of
 *   their unpaid orders is listed here too, with `heldBy` naming that order: paying it uses the
 *   coupon, cancelling it (or its closing) gives the coupon back. The order keeps the discount it
 *   was made with, so a held coupon stays here while the order is unpaid even past its own date.
 * - USED: taken by one of the learner's paid orders (`usedBy`), most recently paid first.
 * - EXPIRED: its date passed and no order of the learner holds or used it, most recently expired first.
 *
 * The path lives here rather than in apiPaths: only the lazy My coupons screen calls it, so the
 * first screens' chunk does not carry it.
 */

export const myCouponPaths = {
  /** GET ?status=usable|used|expired&page&pageSize */
  list: '/api/me/coupons',
} as const;

export const myCouponStatuses = ['usable', 'used', 'expired'] as const;
export type MyCouponStatus = (typeof myCouponStatuses)[number];

export const myCouponQuerySchema = pageQuerySchema.extend({
  status: z.enum(myCouponStatuses).default('usable'),
});
export type MyCouponQuery = z.infer<typeof myCouponQuerySchema>;

/**
 * What a coupon may be used on: every course, classroom or exam of the school (`product` null),
 * or one product, with its uid and title for a link.
 */
export const couponScopeSchema = z.object({
  type: z.enum(productTypes),
  product: z.object({ uid: z.string(), title: z.string() }).nullable(),
});
export type CouponScope = z.infer<typeof couponScopeSchema>;

export const myCouponSchema = z.object({
  /** The coupon's id, as the order confirmation and POST /api/orders name it. */
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  /** As the order confirmation: `discount` in tenths (8.5 reads 8.5折 / 15% off), or `amountOff` in cents. */
  discount: z.number().positive().max(10).nullable(),
  amountOff: z.number().int().positive().nullable(),
  appliesTo: couponScopeSchema,
  /** Null: it never expires. */
  validUntil: isoDateTime.nullable(),
  /** USABLE only: the learner's unpaid order that holds it. */
  heldBy: z.object({ tradeNo: z.string() }).nullable(),
  /** USED only: the paid order that used it, and when it was paid. */
  usedBy: z.object({ tradeNo: z.string(), paidAt: isoDateTime }).nullable(),
});
export type MyCoupon = z.infer<typeof myCouponSchema>;

/** A page of the learner's coupons, with the school's currency (an amount off reads as money). */
export const myCouponListSchema = pageOf(myCouponSchema).extend({ currency: z.enum(currencies) });
export type MyCouponList = z.infer<typeof myCouponListSchema>;

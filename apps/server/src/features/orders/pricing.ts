/*
 * What a coupon takes off a price (decision record 013), in integer cents so no amount ever
 * drifts: a discount of N tenths pays N% of the price rounded half up to the cent (8.5折 of
 * ¥99.00 pays ¥84.15; of ¥0.99 pays ¥0.84); an amount off takes that much. Either way the
 * learner pays at least ¥0.01: a gateway cannot take nothing, and a free product is joined,
 * not bought.
 */

export interface CouponTerms {
  discountTenths: number | null;
  amountOffCents: number | null;
}

/** Cents the coupon saves on `priceCents` (0 ≤ saving < price). */
export function couponSaving(priceCents: number, coupon: CouponTerms): number {
  let payable = priceCents;
  if (coupon.discountTenths !== null) payable = Math.floor((priceCents * coupon.discountTenths + 50) / 100);
  else if (coupon.amountOffCents !== null) payable = priceCents - coupon.amountOffCents;
  return priceCents - Math.max(1, Math.min(priceCents, payable));
}

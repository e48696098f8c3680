import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { coupons, orders } from '../db/schema.js';
import { cents } from './import-courses.js';
import { toLocalized } from './pack-text.js';
import type { packCouponTargets } from './pack-schema-classrooms.js';
import type { PackClassroomsRead } from './read-classrooms.js';
import { syncByUid, type ImportCounts } from './sync-rows.js';

/*
 * A pack's coupons by uid (the coupon's code as well). A coupon the pack no longer has is
 * deleted only when no order used it; one an order used is expired instead, so the order still
 * names the coupon it was paid with.
 */

/** The ids of the products a coupon may be for, by kind and uid. */
export type CouponProductIds = Record<(typeof packCouponTargets)[number], Map<string, number>>;

export async function importCoupons(
  tx: Db,
  tenantId: number,
  packCoupons: PackClassroomsRead['coupons'],
  products: CouponProductIds,
): Promise<ImportCounts> {
  const now = new Date();
  // A coupon no pack made whose code the pack names becomes the pack's: its orders keep it.
  const codes = packCoupons.map((coupon) => coupon.uid);
  if (codes.length > 0) {
    await tx
      .update(coupons)
      .set({ uid: sql`${coupons.code}` })
      .where(and(eq(coupons.tenantId, tenantId), isNull(coupons.uid), inArray(coupons.code, codes)));
  }
  const synced = await syncByUid(
    tx,
    coupons,
    eq(coupons.tenantId, tenantId),
    packCoupons.map((coupon) => ({
      uid: coupon.uid,
      values: () => ({
        tenantId,
        title: toLocalized(coupon.title),
        code: coupon.uid,
        discountTenths: coupon.discount === undefined ? null : Math.round(coupon.discount * 10),
        amountOffCents: coupon.amountOff === undefined ? null : cents(coupon.amountOff),
        targetType: coupon.appliesTo,
        targetId: coupon.product === undefined ? null : products[coupon.appliesTo].get(coupon.product)!,
        validUntil: coupon.validUntil === undefined ? null : new Date(coupon.validUntil),
      }),
    })),
    async (gone) => {
      const usedRows = await tx
        .selectDistinct({ id: orders.couponId })
        .from(orders)
        .where(inArray(orders.couponId, gone));
      const used = usedRows.map((row) => row.id!);
      const unused = gone.filter((id) => !used.includes(id));
      const deleted =
        unused.length === 0
          ? []
          : await tx.delete(coupons).where(inArray(coupons.id, unused)).returning({ id: coupons.id });
      const expired =
        used.length === 0
          ? []
          : await tx
              .update(coupons)
              .set({ validUntil: now })
              .where(and(inArray(coupons.id, used), or(isNull(coupons.validUntil), gt(coupons.validUntil, now))))
              .returning({ id: coupons.id });
      return deleted.length + expired.length;
    },
  );
  return synced.counts;
}

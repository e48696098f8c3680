import type { MyCouponStatus } from '@school/contract/my-coupons';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { classrooms, coupons, courses, exams, orders } from '../../db/schema.js';
import { learnerVisibleStatuses, pageWithTotal, windowTotal, type PageWindow } from '../../lib/catalogue-sql.js';

/*
 * Me → My coupons: the school's coupons beside the one order of this learner that holds (unpaid)
 * or used (paid) each; the orders' unique index allows at most one such order per coupon and
 * learner, so the join never repeats a coupon. A coupon for one product whose product is gone
 * has nothing left to apply to and is never listed; one whose product is off sale (unpublished,
 * closed) cannot be used, so it is not usable, though an order made before still holds it.
 */

export interface MyCouponRow {
  id: number;
  code: string;
  title: typeof coupons.$inferSelect.title;
  discountTenths: number | null;
  amountOffCents: number | null;
  targetType: typeof coupons.$inferSelect.targetType;
  productUid: string | null;
  productTitle: typeof coupons.$inferSelect.title | null;
  validUntil: Date | null;
  takenTradeNo: string | null;
  takenStatus: 'CREATED' | 'PAID' | null;
  takenPaidAt: Date | null;
}

export function createMyCouponsRepository(db: Db) {
  return {
    async list(tenantId: number, userId: number, status: MyCouponStatus, now: Date, page: PageWindow) {
      // The learner's orders that hold or used a coupon (CANCELED and CLOSED ones gave theirs back).
      const taken = alias(orders, 'taken');
      const takenOn = and(
        eq(taken.tenantId, tenantId),
        eq(taken.userId, userId),
        eq(taken.couponId, coupons.id),
        sql`${taken.status} in ('CREATED', 'PAID')`,
      );
      const target = (
        table: typeof courses | typeof classrooms | typeof exams,
        type: 'COURSE' | 'CLASSROOM' | 'EXAM',
      ) => and(eq(coupons.targetType, type), eq(table.id, coupons.targetId), eq(table.tenantId, tenantId));
      const productUid = sql<string | null>`coalesce(${courses.uid}, ${classrooms.uid}, ${exams.uid})`;
      const productStatus = sql<string | null>`coalesce(${courses.status}, ${classrooms.status}, ${exams.status})`;
      const forSale = or(isNull(coupons.targetId), inArray(productStatus, [...learnerVisibleStatuses]));
      const notExpired = or(isNull(coupons.validUntil), gt(coupons.validUntil, now));

      const byStatus: Record<MyCouponStatus, { where: SQL | undefined; order: SQL[] }> = {
        usable: {
          where: or(eq(taken.status, 'CREATED'), and(isNull(taken.id), notExpired, forSale)),
          order: [sql`${coupons.validUntil} asc nulls last`, asc(coupons.id)],
        },
        used: {
          where: eq(taken.status, 'PAID'),
          order: [desc(taken.paidAt), desc(taken.id)],
        },
        expired: {
          where: and(isNull(taken.id), isNotNull(coupons.validUntil), lte(coupons.validUntil, now)),
          order: [desc(coupons.validUntil), desc(coupons.id)],
        },
      };
      const where = and(
        eq(coupons.tenantId, tenantId),
        or(isNull(coupons.targetId), sql`${productUid} is not null`),
        byStatus[status].where,
      );
      return pageWithTotal(
        db
          .select({
            id: coupons.id,
            code: coupons.code,
            title: coupons.title,
            discountTenths: coupons.discountTenths,
            amountOffCents: coupons.amountOffCents,
            targetType: coupons.targetType,
            productUid,
            productTitle: sql<
              MyCouponRow['productTitle']
            >`coalesce(${courses.title}, ${classrooms.title}, ${exams.title})`,
            validUntil: coupons.validUntil,
            takenTradeNo: taken.tradeNo,
            takenStatus: sql<MyCouponRow['takenStatus']>`${taken.status}`,
            takenPaidAt: taken.paidAt,
            total: windowTotal,
          })
          .from(coupons)
          .leftJoin(taken, takenOn)
          .leftJoin(courses, target(courses, 'COURSE'))
          .leftJoin(classrooms, target(classrooms, 'CLASSROOM'))
          .leftJoin(exams, target(exams, 'EXAM'))
          .where(where)
          .orderBy(...byStatus[status].order)
          .$dynamic(),
        page,
        // Only for a page past the end: the same rows, counted.
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(coupons)
          .leftJoin(taken, takenOn)
          .leftJoin(courses, target(courses, 'COURSE'))
          .leftJoin(classrooms, target(classrooms, 'CLASSROOM'))
          .leftJoin(exams, target(exams, 'EXAM'))
          .where(where),
      );
    },
  };
}

export type MyCouponsRepository = ReturnType<typeof createMyCouponsRepository>;

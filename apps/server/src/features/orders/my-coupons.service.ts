import type { MyCoupon, MyCouponList, MyCouponQuery } from '@school/contract/my-coupons';
import { pageWindow } from '../../lib/catalogue-sql.js';
import { couponTerms } from '../../lib/catalogue-format.js';
import { localize } from '../../lib/localized-text.js';
import type { Clock } from '../../providers/clock.js';
import type { MyCouponRow, MyCouponsRepository } from './my-coupons.repository.js';
import type { Caller } from './orders-shared.js';

/** Me → My coupons: the school's coupons as this learner's orders left them (contract: my-coupons.ts). */
export function createMyCouponsService(repository: MyCouponsRepository, clock: Clock) {
  function toMyCoupon(row: MyCouponRow, caller: Caller): MyCoupon {
    const held = row.takenStatus === 'CREATED' && row.takenTradeNo !== null;
    const used = row.takenStatus === 'PAID' && row.takenTradeNo !== null && row.takenPaidAt !== null;
    return {
      id: row.id,
      code: row.code,
      title: localize(row.title, caller.locale),
      ...couponTerms(row),
      appliesTo: {
        type: row.targetType,
        product:
          row.productUid === null || row.productTitle === null
            ? null
            : { uid: row.productUid, title: localize(row.productTitle, caller.locale) },
      },
      validUntil: row.validUntil?.toISOString() ?? null,
      heldBy: held ? { tradeNo: row.takenTradeNo! } : null,
      usedBy: used ? { tradeNo: row.takenTradeNo!, paidAt: row.takenPaidAt!.toISOString() } : null,
    };
  }

  return {
    async list(caller: Caller, query: MyCouponQuery): Promise<MyCouponList> {
      const { rows, total } = await repository.list(
        caller.tenantId,
        caller.userId,
        query.status,
        clock.now(),
        pageWindow(query),
      );
      return {
        items: rows.map((row) => toMyCoupon(row, caller)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        currency: caller.currency,
      };
    },
  };
}

export type MyCouponsService = ReturnType<typeof createMyCouponsService>;

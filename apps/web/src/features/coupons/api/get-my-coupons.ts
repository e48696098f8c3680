import type { MyCouponList, MyCouponStatus } from '@school/contract/my-coupons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { myCouponsPath } from '../logic/coupon-text';
import { couponKeys } from './coupon-keys';

export const couponPageSize = 10;

/** GET /api/me/coupons?status=: the learner's coupons in one state (contract: my-coupons.ts). */
export function useMyCoupons(status: MyCouponStatus) {
  const viewer = useSessionUser()?.id ?? 0;
  return useInfiniteQuery({
    queryKey: couponKeys.list(status, viewer),
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<MyCouponList>(myCouponsPath, {
        query: { status, page: pageParam, pageSize: couponPageSize },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // An order elsewhere holds, uses or gives back a coupon: coming back to the list asks again.
    staleTime: 0,
  });
}

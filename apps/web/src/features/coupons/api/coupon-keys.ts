import type { MyCouponStatus } from '@school/contract/my-coupons';

/** Whose coupons: the signed-in learner's id, so one learner never sees another's cached answer. */
export type Viewer = number;

/** Query keys of My coupons. */
export const couponKeys = {
  all: ['coupons'] as const,
  lists: () => [...couponKeys.all, 'mine'] as const,
  list: (status: MyCouponStatus, viewer: Viewer) => [...couponKeys.lists(), status, viewer] as const,
};

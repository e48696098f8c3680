import { orderPaths } from '@school/contract/order-paths';
import type { OrderConfirmation, ProductType } from '@school/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { orderKeys, type Viewer } from './order-keys';

/**
 * GET /api/orders/confirmation: the price, usable coupons and payment methods at the server's
 * word. Silent: the screen shows "already yours" and other refusals as states of its own.
 */
export function getOrderConfirmation(
  productType: ProductType,
  uid: string,
  signal?: AbortSignal,
): Promise<OrderConfirmation> {
  return apiClient.get<OrderConfirmation>(orderPaths.orderConfirmation, {
    query: { productType, uid },
    signal,
    silent: true,
  });
}

export function orderConfirmationQueryOptions(productType: ProductType, uid: string, viewer: Viewer) {
  return queryOptions({
    queryKey: orderKeys.confirmation(productType, uid, viewer),
    queryFn: ({ signal }) => getOrderConfirmation(productType, uid, signal),
    // Prices, coupons and an unpaid order change elsewhere: each visit asks again.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** `enabled` false when the address names no product. */
export function useOrderConfirmation(productType: ProductType, uid: string, enabled: boolean) {
  const viewer = useSessionUser()?.id ?? 0;
  return useQuery({ ...orderConfirmationQueryOptions(productType, uid, viewer), enabled });
}

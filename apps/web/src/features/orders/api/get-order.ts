import { orderPaths } from '@school/contract/order-paths';
import type { Order } from '@school/contract/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * GET /api/orders/{tradeNo}. The server asks the payment gateway about an unpaid order first,
 * so this is also how a learner back from the cashier learns whether the payment went through.
 * Silent: the screen shows a missing order as a state of its own.
 */
export function getOrder(tradeNo: string, signal?: AbortSignal): Promise<Order> {
  return apiClient.get<Order>(orderPaths.order(tradeNo), { signal, silent: true });
}

export function orderQueryOptions(tradeNo: string) {
  return queryOptions({
    queryKey: orderKeys.detail(tradeNo),
    queryFn: ({ signal }) => getOrder(tradeNo, signal),
    // An order moves on elsewhere (paid at the cashier, closed by time, a refund reviewed).
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useOrder(tradeNo: string) {
  return useQuery(orderQueryOptions(tradeNo));
}

import { orderPaths } from '@school/contract/order-paths';
import type { OrderList, OrderListFilter } from '@school/contract/orders';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageParam } from '../../../components/catalogue/page-param';
import { apiClient } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/use-session-user';
import { orderKeys, type Viewer } from './order-keys';

export const orderPageSize = 10;

/** GET /api/orders?status=: the learner's orders, newest first. */
export function getOrders(status: OrderListFilter, page: number, signal?: AbortSignal): Promise<OrderList> {
  return apiClient.get<OrderList>(orderPaths.orders, { query: { status, page, pageSize: orderPageSize }, signal });
}

export function ordersInfiniteQueryOptions(status: OrderListFilter, viewer: Viewer) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(status, viewer),
    queryFn: ({ pageParam, signal }) => getOrders(status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // Orders close by time and get paid elsewhere: coming back to the list asks again.
    staleTime: 0,
  });
}

export function useOrders(status: OrderListFilter) {
  return useInfiniteQuery(ordersInfiniteQueryOptions(status, useSessionUser()?.id ?? 0));
}

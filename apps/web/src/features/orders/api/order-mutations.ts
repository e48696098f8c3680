import { orderPaths } from '@school/contract/order-paths';
import type { ApplyRefund, CreateOrder, Order, PaymentMethod, PaymentStart } from '@school/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { orderKeys, refreshAfterOrderChange } from './order-keys';

/** POST /api/orders: 201 a new order, 200 the same order for a repeated key or an unpaid one. */
export function postOrder(body: CreateOrder): Promise<Order> {
  return apiClient.post<Order>(orderPaths.orders, { json: body });
}

/** POST /api/orders/{tradeNo}/payments: where the browser goes (or what WeChat is asked) to pay. */
export function postPayment(tradeNo: string, method: PaymentMethod): Promise<PaymentStart> {
  return apiClient.post<PaymentStart>(orderPaths.orderPayments(tradeNo), { json: { method } });
}

/** POST /api/orders/{tradeNo}/cancel: an unpaid order is cancelled; the answer is the order now. */
export function postCancel(tradeNo: string): Promise<Order> {
  return apiClient.post<Order>(orderPaths.orderCancel(tradeNo));
}

/** POST /api/orders/{tradeNo}/refunds: the answer is the order with its refund. */
export function postRefund(tradeNo: string, body: ApplyRefund): Promise<Order> {
  return apiClient.post<Order>(orderPaths.orderRefunds(tradeNo), { json: body });
}

/** POST …/refunds/latest/withdraw: the refund under review is taken back; the answer is the order now. */
export function postRefundWithdrawal(tradeNo: string): Promise<Order> {
  return apiClient.post<Order>(orderPaths.orderRefundWithdrawal(tradeNo));
}

/** An order changed: keep its answer and ask everything that shows it again. */
function useOrderChanged() {
  const client = useQueryClient();
  return (order: Order) => {
    client.setQueryData(orderKeys.detail(order.tradeNo), order);
    return refreshAfterOrderChange(client, order);
  };
}

export function useCreateOrder() {
  const changed = useOrderChanged();
  return useMutation({ mutationFn: postOrder, onSuccess: changed });
}

export function useStartPayment() {
  return useMutation({
    mutationFn: ({ tradeNo, method }: { tradeNo: string; method: PaymentMethod }) => postPayment(tradeNo, method),
  });
}

/**
 * A step on an order that the server may refuse because the order moved on meanwhile (paid,
 * closed, decided): on success its answer is kept, on a refusal the order is asked again.
 */
function useOrderStep(tradeNo: string, step: (tradeNo: string) => Promise<Order>) {
  const changed = useOrderChanged();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => step(tradeNo),
    onSuccess: changed,
    onError: () => client.invalidateQueries({ queryKey: orderKeys.detail(tradeNo) }),
  });
}

export const useCancelOrder = (tradeNo: string) => useOrderStep(tradeNo, postCancel);

export function useApplyRefund(tradeNo: string) {
  const changed = useOrderChanged();
  return useMutation({ mutationFn: (body: ApplyRefund) => postRefund(tradeNo, body), onSuccess: changed });
}

export const useWithdrawRefund = (tradeNo: string) => useOrderStep(tradeNo, postRefundWithdrawal);

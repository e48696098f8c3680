import { segment } from './paths.js';

/*
 * Orders, payments and refunds (decision record 013): apart from apiPaths, which travels in every first screen's code; only the order screens use these (decision 026).
 */

export const orderPaths = {
  orderConfirmation: '/api/orders/confirmation',
  orders: '/api/orders',
  order: (tradeNo: string) => `/api/orders/${segment(tradeNo)}`,
  orderCancel: (tradeNo: string) => `/api/orders/${segment(tradeNo)}/cancel`,
  orderPayments: (tradeNo: string) => `/api/orders/${segment(tradeNo)}/payments`,
  orderRefunds: (tradeNo: string) => `/api/orders/${segment(tradeNo)}/refunds`,
  /** GET: the order's latest refund (404 orderRefundNotFound when none). */
  orderLatestRefund: (tradeNo: string) => `/api/orders/${segment(tradeNo)}/refunds/latest`,
  /** POST: takes back the refund request under review (409 invalidOrderStatus once decided). */
  orderRefundWithdrawal: (tradeNo: string) => `/api/orders/${segment(tradeNo)}/refunds/latest/withdraw`,
} as const;

import { orderPaths } from '@school/contract/order-paths';
import type { Currency } from '@school/contract/enums';
import type { Order, OrderConfirmation, OrderList, OperatorRefund, ProductType } from '@school/contract/orders';
import { apiPaths, backOfficePaths } from '@school/contract/paths';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { acceptLanguage, type Lang } from './exams-support.js';

/*
 * Helpers of the order, payment and refund journeys (decision 013). Texts come from the order
 * screens' messages (apps/web/src/features/orders/messages), the route titles
 * (apps/web/src/app/messages), the course, classroom and Me messages, the API's rule messages
 * (packages/contract/src/messages) and the sandbox cashier's page
 * (apps/server/src/features/orders/sandbox-cashier.routes.ts). Money is never hard-coded: it is
 * worked out from the API's answers and formatted as the screens format it.
 */

export type { Lang };

/** The demo's paid products the journeys buy (examples/demo-school/courses). */
export const products = {
  /**
   * React 19: Zero to Production (course 3, ¥199): both demo coupons apply, REACT70 (7折,
   * this course only) saves more than WELCOME85 (8.5折, every course), so it is preselected.
   */
  reactCourse: 'react-19-zero-to-production',
  /** TypeScript in Practice (¥149): only WELCOME85 applies. */
  typescriptCourse: 'typescript-in-practice',
  /** The Data Analyst Camp classroom (¥699). */
  paidClassroom: 'data-analyst-camp',
} as const;

export const orderText = {
  en: {
    confirmHeading: 'Confirm order',
    listHeading: 'My orders',
    detailHeading: 'Order details',
    refundHeading: 'Request a refund',
    meOrdersLink: 'My orders',
    buy: 'Buy now',
    start: 'Start learning',
    couponGroup: 'Coupon',
    noCoupon: 'No coupon',
    methodGroup: 'Payment method',
    wechat: 'WeChat Pay',
    alipay: 'Alipay',
    pay: 'Pay',
    payAgain: 'Pay again',
    succeeded: 'Payment succeeded',
    notCompleted: /^Payment not completed\. You can pay again before \d{2}:\d{2}\.$/,
    status: { CREATED: 'Unpaid', PAID: 'Paid', CANCELED: 'Cancelled', CLOSED: 'Closed' },
    listTabs: 'Order status',
    tab: { ALL: 'All', CREATED: 'Unpaid', PAID: 'Paid', ENDED: 'Cancelled/Closed' },
    emptyUnpaid: 'No unpaid orders',
    tradeNo: 'Order number',
    method: 'Payment method',
    copyLabel: 'Copy the order number',
    copied: 'Copied',
    cancel: 'Cancel order',
    cancelTitle: 'Cancel this order?',
    cancelConfirm: 'Cancel order',
    canceled: 'Order cancelled',
    applyRefund: 'Apply for a refund',
    refundReasonGroup: 'Reason for the refund',
    reasonRequired: 'Please choose a reason for the refund',
    reason: 'No time to study',
    refundAmount: 'Refund amount',
    refundDescription: 'Details (optional)',
    description: 'The course moves faster than I can follow right now.',
    submit: 'Submit',
    refundSent: 'Refund requested',
    refundUnderReview: 'Under review',
    refundPendingNote: 'Your refund request is under review. You can keep learning until it is accepted.',
    withdraw: 'Withdraw request',
    withdrawTitle: 'Withdraw your refund request?',
    withdrawConfirm: 'Withdraw',
    withdrawn: 'Refund request withdrawn',
    refundWithdrawn: 'Withdrawn',
    refundPolicy: 'Refunds: within 7 days of payment, of the whole amount.',
    refundLearning: 'Refund under review',
    refundAccepted: 'Accepted',
    cashier: {
      heading: 'Payment sandbox',
      amountLabel: (method: string) => `Amount to pay · ${method}`,
      pay: 'Pay',
      fail: 'Fail the payment',
    },
  },
  cn: {
    confirmHeading: '确认订单',
    listHeading: '我的订单',
    detailHeading: '订单详情',
    refundHeading: '申请退款',
    meOrdersLink: '我的订单',
    buy: '立即购买',
    start: '开始学习',
    couponGroup: '优惠券',
    noCoupon: '不使用优惠券',
    methodGroup: '支付方式',
    wechat: '微信支付',
    alipay: '支付宝',
    pay: '立即支付',
    payAgain: '重新支付',
    succeeded: '支付成功',
    notCompleted: /^支付未完成，请在 \d{2}:\d{2} 前重新支付。$/,
    status: { CREATED: '待支付', PAID: '已支付', CANCELED: '已取消', CLOSED: '已关闭' },
    listTabs: '订单状态',
    tab: { ALL: '全部', CREATED: '待支付', PAID: '已支付', ENDED: '已取消/关闭' },
    emptyUnpaid: '没有待支付的订单',
    tradeNo: '订单编号',
    method: '支付方式',
    copyLabel: '复制订单编号',
    copied: '已复制',
    cancel: '取消订单',
    cancelTitle: '确定取消该订单吗？',
    cancelConfirm: '取消订单',
    canceled: '订单已取消',
    applyRefund: '申请退款',
    refundReasonGroup: '退款原因',
    reasonRequired: '请选择退款原因',
    reason: '没有时间学习',
    refundAmount: '退款金额',
    refundDescription: '补充说明（选填）',
    description: '最近工作太忙，没有时间学习。',
    submit: '提交',
    refundSent: '退款申请已提交',
    refundUnderReview: '审核中',
    refundPendingNote: '退款申请审核中，通过前你仍可继续学习。',
    withdraw: '撤回申请',
    withdrawTitle: '撤回退款申请？',
    withdrawConfirm: '撤回',
    withdrawn: '已撤回退款申请',
    refundWithdrawn: '已撤回',
    refundPolicy: '退款说明：支付后 7 天内可申请全额退款。',
    refundLearning: '退款审核中',
    refundAccepted: '已同意',
    cashier: {
      heading: '支付沙箱',
      amountLabel: (method: string) => `应付金额 · ${method}`,
      pay: '支付',
      fail: '支付失败',
    },
  },
} as const;

/** Money as the app's screens show it (apps/web/src/lib/format.ts formatPrice): "¥139.30". */
export function money(cents: number, currency: Currency): string {
  const symbol = { USD: '$', CNY: '¥' }[currency];
  const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Math.abs(cents) / 100,
  );
  return `${cents < 0 ? '-' : ''}${symbol}${amount}`;
}

/** Money as the sandbox cashier shows it (Intl currency format of the page's language). */
export function cashierMoney(cents: number, currency: Currency, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'cn' ? 'zh-CN' : 'en', { style: 'currency', currency }).format(cents / 100);
}

/** The refund form's prefilled amount: cents as "139.30". */
export function amountText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The trade number in the address of the cashier page or an order's page. */
export const cashierUrl = /\/api\/payments\/sandbox\/cashier\/(\w+)$/;

export function tradeNoIn(url: string, pattern: RegExp): string {
  const match = pattern.exec(new URL(url).pathname);
  expect(match, `a trade number in ${url}`).not.toBeNull();
  return match![1]!;
}

/** What the confirmation screen should show, asked of the API as the browser's learner. */
export async function apiConfirmation(
  page: Page,
  productType: ProductType,
  uid: string,
  lang: Lang,
): Promise<OrderConfirmation> {
  const res = await page.request.get(orderPaths.orderConfirmation, {
    params: { productType, uid },
    headers: acceptLanguage(lang),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as OrderConfirmation;
}

/** The browser's learner's orders (GET /api/orders, with the browser's cookies). */
export async function apiOrders(page: Page, status: 'ALL' | 'CREATED' | 'PAID' | 'ENDED' = 'ALL'): Promise<OrderList> {
  const res = await page.request.get(orderPaths.orders, { params: { status, page: 1, pageSize: 20 } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as OrderList;
}

export async function apiOrder(page: Page, tradeNo: string): Promise<Order> {
  const res = await page.request.get(orderPaths.order(tradeNo));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Order;
}

/** The demo school's order operator (apps/server/src/demo-data/demo-accounts.ts). */
const operator = { username: 'operator', password: 'operator123' } as const;

/**
 * The order operator accepts the refund waiting on `tradeNo`, through the operator API, on a
 * request context of its own: it shares no cookie with the browser or the `request` fixture.
 */
export async function operatorAcceptsRefund(tradeNo: string, note: string): Promise<OperatorRefund> {
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await api.post(apiPaths.login, { data: operator });
    expect(login.status(), await login.text()).toBe(200);
    const list = await api.get(backOfficePaths.operatorRefunds, {
      params: { status: 'CREATED', page: 1, pageSize: 50 },
    });
    expect(list.status(), await list.text()).toBe(200);
    const waiting = ((await list.json()) as { items: OperatorRefund[] }).items.filter(
      (refund) => refund.tradeNo === tradeNo,
    );
    expect(waiting, `one refund waiting on ${tradeNo}`).toHaveLength(1);
    const accepted = await api.post(backOfficePaths.operatorRefundAccept(waiting[0]!.refundNo), { data: { note } });
    expect(accepted.status(), await accepted.text()).toBe(200);
    return (await accepted.json()) as OperatorRefund;
  } finally {
    await api.dispose();
  }
}

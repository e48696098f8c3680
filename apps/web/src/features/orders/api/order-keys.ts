import type { OrderListFilter, OrderProduct } from '@school/contract/orders';
import type { QueryClient } from '@tanstack/react-query';

/** Whose orders: the signed-in learner's id, so one learner never sees another's cached answer. */
export type Viewer = number;

/** Query keys of the order screens. */
export const orderKeys = {
  all: ['orders'] as const,
  confirmations: () => [...orderKeys.all, 'confirmation'] as const,
  confirmation: (type: OrderProduct['type'], uid: string, viewer: Viewer) =>
    [...orderKeys.confirmations(), type, uid, viewer] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (status: OrderListFilter, viewer: Viewer) => [...orderKeys.lists(), status, viewer] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (tradeNo: string) => [...orderKeys.details(), tradeNo] as const,
};

/*
 * The product screens' own keys, by the prefixes their features use (courses/api/course-keys.ts,
 * classrooms/api/classroom-keys.ts, exams/api/exam-keys.ts, learning-center/api/learning-keys.ts):
 * features never import each other, so the shapes are repeated here. A paid order makes the
 * learner a member, which changes the product's detail (its action bar) and the learning centre.
 */
const productDetailKey = {
  COURSE: (uid: string) => ['courses', 'detail', uid],
  CLASSROOM: (uid: string) => ['classrooms', 'detail', uid],
  EXAM: (uid: string) => ['exams', 'detail', uid],
} as const satisfies Record<OrderProduct['type'], (uid: string) => string[]>;
const learningCentreKey = ['learning'];

/**
 * After an order changed (made, paid, cancelled, refund applied for): the order, every order list,
 * the product's detail and the learner's learning centre are asked again. (The confirmation asks
 * anew on every visit by itself.)
 */
export async function refreshAfterOrderChange(
  client: QueryClient,
  order: { tradeNo?: string; product: Pick<OrderProduct, 'type' | 'uid'> },
): Promise<void> {
  const keys: (readonly unknown[])[] = [orderKeys.lists(), learningCentreKey];
  if (order.tradeNo) keys.push(orderKeys.detail(order.tradeNo));
  if (order.product.uid) keys.push(productDetailKey[order.product.type](order.product.uid));
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

import { createOrdersShared, ordersJob, type OrdersDeps, type OrdersJobDeps } from './orders-shared.js';
import { createPaymentsService } from './payments.service.js';

/** The closing job's round: unpaid orders past their time, unless the gateway has them paid. */
export async function closeDueOrders(deps: OrdersDeps): Promise<{ closed: number; paid: number }> {
  const { repository, clock } = deps;
  const shared = createOrdersShared(deps);
  const { reconcile } = createPaymentsService(deps, shared);
  const now = clock.now();
  let closed = 0;
  let paid = 0;
  for (const due of await repository.dueOrders(now, 50)) {
    const row = await reconcile(due);
    if (row.status === 'PAID') {
      paid += 1;
      continue;
    }
    await shared.closeAtGateway(row);
    const ended = await repository.end(row.id, 'CLOSED', now);
    if (ended === null) continue;
    closed += 1;
    shared.seatHoldChanged(ended);
  }
  return { closed, paid };
}

/**
 * Closes unpaid orders whose time is up. With several server processes each may take the same
 * order in a round: the gateway's query and close are idempotent and CREATED → CLOSED is a
 * conditional update, so one closes it and the others find it closed (or paid).
 */
export const orderCloseJob = (deps: OrdersJobDeps) => ordersJob('order-close', 30_000, deps, closeDueOrders);

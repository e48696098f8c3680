import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { noPublicCache } from '../../lib/public-cache.js';
import {
  IgnoredNotification,
  NotificationRejected,
  type IncomingNotification,
  type NotificationReply,
  type PaymentGateway,
} from '../../providers/payment/index.js';
import type { OrderRow } from './orders.repository.js';
import type { OrdersDeps, OrdersShared } from './orders-shared.js';

/*
 * What the gateways say of a payment, applied once by the repository's one transaction: a
 * verified notification, or the answer to a query about an unpaid order.
 */

/**
 * What a gateway's notification (`what`: payment or refund) says once the gateway verified it,
 * or, when it cannot be trusted or is not for us, the reply to give: logged without secrets.
 */
export async function verifiedNotification<T>(
  log: FastifyBaseLogger,
  gateway: PaymentGateway,
  what: 'payment' | 'refund',
  verify: () => Promise<T>,
): Promise<{ report: T } | { reply: NotificationReply }> {
  try {
    return { report: await verify() };
  } catch (error) {
    if (error instanceof IgnoredNotification) {
      log.info({ gateway: gateway.name, reason: error.message }, `${what} notification ignored`);
      return { reply: gateway.acknowledge() };
    }
    if (error instanceof NotificationRejected) {
      log.warn({ gateway: gateway.name, reason: error.message }, `${what} notification rejected`);
      return { reply: gateway.reject() };
    }
    throw error;
  }
}

export function createPaymentsService(deps: OrdersDeps, shared: OrdersShared) {
  const { repository, clock, log, publicCache = noPublicCache } = deps;
  const { gatewayNamed } = shared;

  return {
    /**
     * Asks the order's gateway whether an unpaid order was paid after all (the learner came back
     * before the notification, or the notification was lost): paid there means paid here, by the
     * same transaction a notification runs. A gateway that cannot answer leaves the order as it is.
     */
    async reconcile(row: OrderRow): Promise<OrderRow> {
      const gateway = gatewayNamed(row.gateway);
      if (row.status !== 'CREATED' || gateway === null) return row;
      let found;
      try {
        found = await gateway.query(row.tradeNo);
      } catch (error) {
        log.warn({ tradeNo: row.tradeNo, gateway: gateway.name, err: error }, 'payment query failed');
        return row;
      }
      if (!found.paid) return row;
      const outcome = await repository.confirmPayment({
        tradeNo: row.tradeNo,
        amountCents: found.amountCents ?? -1,
        transactionId: found.transactionId ?? '',
        paidAt: found.paidAt ?? clock.now(),
        gateway: gateway.name,
      });
      if (outcome.kind === 'paid') publicCache.changed();
      if (outcome.kind === 'paid' || outcome.kind === 'duplicate') return outcome.order;
      log.error({ tradeNo: row.tradeNo, gateway: gateway.name, outcome: outcome.kind }, 'queried payment not applied');
      return row;
    },

    /**
     * A gateway's notification: verified by that gateway, then applied once. Whatever cannot be
     * trusted or matched changes nothing, is logged (without secrets) and answered as a failure.
     */
    async handleNotification(gatewayName: string, notification: IncomingNotification): Promise<NotificationReply> {
      const gateway = gatewayNamed(gatewayName);
      if (gateway === null) throw new AppError('paymentConfigNotFound');
      const checked = await verifiedNotification(log, gateway, 'payment', () =>
        gateway.verifyNotification(notification),
      );
      if ('reply' in checked) return checked.reply;
      const payment = checked.report;
      const outcome = await repository.confirmPayment({ ...payment, gateway: gateway.name });
      switch (outcome.kind) {
        case 'paid':
          publicCache.changed();
          log.info({ tradeNo: payment.tradeNo, gateway: gateway.name }, 'order paid');
          return gateway.acknowledge();
        case 'duplicate':
          return gateway.acknowledge();
        case 'unknownTrade':
          log.warn({ tradeNo: payment.tradeNo, gateway: gateway.name }, 'payment notification for an unknown trade');
          return gateway.reject();
        case 'amountMismatch':
          log.error(
            {
              tradeNo: payment.tradeNo,
              gateway: gateway.name,
              notified: payment.amountCents,
              payable: outcome.order.payableCents,
            },
            'payment notification amount differs from the order',
          );
          return gateway.reject();
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

import type { PageQuery } from '@school/contract/common';
import type { RefundStatus } from '@school/contract/enums';
import type { ApplyRefund, OperatorRefund, Order, Refund } from '@school/contract/orders';
import { backOfficePaths } from '@school/contract/paths';
import { AppError } from '../../lib/app-error.js';
import { pageWindow } from '../../lib/catalogue-sql.js';
import { localize } from '../../lib/localized-text.js';
import { noNotifier } from '../../lib/notifier.js';
import { noPublicCache } from '../../lib/public-cache.js';
import {
  GatewayError,
  type IncomingNotification,
  type NotificationReply,
  type RefundOutcome,
} from '../../providers/payment/index.js';
import type { OrderRow } from './orders.repository.js';
import type { RefundRow } from './refunds.repository.js';
import {
  minuteMs,
  newNumber,
  ordersJob,
  type Caller,
  type OrdersDeps,
  type OrdersJobDeps,
  type OrdersShared,
  type PayingClient,
  createOrdersShared,
} from './orders-shared.js';
import { verifiedNotification } from './payments.service.js';

/*
 * Refunds: a learner applies, the school's order operators accept or refuse, and an accepted
 * refund's money goes back through the gateway that took the order, reported by the gateway or
 * asked about by the settling job until it settles.
 */

/**
 * When the settling job asks a gateway about a refund whose money is not known to be back: a
 * minute after it was accepted (WeChat Pay advises asking a minute after), then after waits
 * doubling from a minute to at most 6 hours (a bank card refund takes days), until it settles.
 */
const payoutBackoff = { firstMinutes: 1, capMinutes: 6 * 60 };
/** Refunds one round of the settling job asks about. */
const payoutRound = 20;

/** What a refund comes to when no gateway of this server's took its order: the school pays it back by hand. */
const noGatewayOutcome: RefundOutcome = {
  status: 'FAILED',
  gatewayRefundId: null,
  detail: 'no configured gateway took the order',
};

export function createRefundsService(deps: OrdersDeps, shared: OrdersShared) {
  const { repository, refundsRepository, clock, log, publicCache = noPublicCache, notifier = noNotifier } = deps;
  const { settingsOf, gatewayNamed, toRefund, refundableUntil, toOrder, ownOrder } = shared;

  async function requireOperator(caller: Caller) {
    if (!(await refundsRepository.isOperator(caller.tenantId, caller.userId)))
      throw new AppError('noPermissionSearchOrders');
  }

  async function toOperatorRefunds(
    caller: Caller,
    rows: { refund: RefundRow; order: OrderRow; learner: { id: number; nickname: string } }[],
  ): Promise<OperatorRefund[]> {
    const uids = await repository.productUids(
      rows.map(({ order }) => ({ type: order.productType, id: order.productId })),
    );
    return rows.map((row) => ({
      ...toRefund(row.refund),
      tradeNo: row.order.tradeNo,
      product: {
        type: row.order.productType,
        uid: uids.get(`${row.order.productType}:${row.order.productId}`) ?? '',
        title: localize(row.order.productTitle, caller.locale),
        cover: row.order.productCover,
      },
      paid: row.order.payableCents,
      learner: row.learner,
    }));
  }

  function refundInput(order: OrderRow, refund: RefundRow, notifyUrl: string | null) {
    return {
      tradeNo: order.tradeNo,
      refundNo: refund.refundNo,
      totalCents: order.payableCents,
      refundCents: refund.amountCents,
      reason: refund.reason,
      notifyUrl,
    };
  }

  /**
   * The first payout, right after accepting. A gateway that cannot be reached or answers
   * something a retry may change leaves the refund PENDING for the settling job.
   */
  async function payBack(order: OrderRow, refund: RefundRow, origin: string): Promise<RefundRow> {
    const gateway = gatewayNamed(order.gateway);
    if (gateway === null) return applyPayout(order, refund, noGatewayOutcome, order.gateway ?? 'none');
    let outcome;
    try {
      outcome = await gateway.refund(
        refundInput(order, refund, `${origin}${backOfficePaths.refundNotify(gateway.name)}`),
      );
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      log.warn(
        { refundNo: refund.refundNo, gateway: gateway.name, err: error },
        'refund payout not confirmed: the settling job asks the gateway again',
      );
      return refund;
    }
    return applyPayout(order, refund, outcome, gateway.name);
  }

  /**
   * Records what a gateway said of a refund's money, once whoever says it (the first payout, a
   * report, a job round in any process): the writes are conditional, and only the one that
   * changes the row logs. A failure is the one line the school acts on: the refund, the trade
   * and the amount to pay back by hand (nothing secret).
   */
  async function applyPayout(
    order: OrderRow,
    refund: RefundRow,
    outcome: Pick<RefundOutcome, 'status' | 'gatewayRefundId' | 'detail'> & { amountCents?: number | null },
    gatewayName: string,
  ): Promise<RefundRow> {
    const now = clock.now();
    const about = { refundNo: refund.refundNo, tradeNo: order.tradeNo, gateway: gatewayName };
    switch (outcome.status) {
      case 'SUCCESS': {
        if (outcome.amountCents != null && outcome.amountCents !== refund.amountCents) {
          log.error(
            { ...about, answered: outcome.amountCents, amount: refund.amountCents },
            'refund query amount differs from the refund',
          );
          return refund;
        }
        const settled = await refundsRepository.settlePayout(refund.id, outcome.gatewayRefundId, now);
        if (settled === null) return refund;
        log.info(about, 'refund paid back');
        return settled;
      }
      case 'PROCESSING':
        return (await refundsRepository.markPayoutProcessing(refund.id, outcome.gatewayRefundId)) ?? refund;
      case 'FAILED': {
        const failed = await refundsRepository.failPayout(refund.id, now);
        if (failed === null) return refund;
        log.error(
          { ...about, amountCents: refund.amountCents, detail: outcome.detail },
          'refund failed at the gateway: the school must pay it back by hand',
        );
        return failed;
      }
    }
  }

  return {
    async applyRefund(caller: Caller, tradeNo: string, input: ApplyRefund): Promise<Order> {
      const row = await ownOrder(caller, tradeNo);
      const [latest, settings] = await Promise.all([
        refundsRepository.latestRefunds([row.id]),
        settingsOf(caller.tenantId),
      ]);
      if (refundableUntil(row, latest.get(row.id) ?? null, settings.refundDays) === null)
        throw new AppError('invalidOrderStatus');
      // Of the whole amount paid, unless the school allows part of it.
      const amountAllowed = settings.partialRefunds
        ? input.amount <= row.payableCents
        : input.amount === row.payableCents;
      if (!amountAllowed) throw new AppError('validationFailed', { field: 'amount' });
      const refund = await refundsRepository.insertRefund({
        tenantId: caller.tenantId,
        orderId: row.id,
        refundNo: newNumber('R', clock.now()),
        reason: input.reason,
        amountCents: input.amount,
        description: input.description,
      });
      // A second tab applied at the same moment.
      if (refund === null) throw new AppError('invalidOrderStatus');
      return toOrder(caller, row);
    },

    /**
     * Takes back the learner's refund request while it is under review: the order stays paid and
     * a new request may be made within the window. Once decided (or withdrawn) it cannot be.
     */
    async withdrawRefund(caller: Caller, tradeNo: string): Promise<Order> {
      const row = await ownOrder(caller, tradeNo);
      const refund = (await refundsRepository.latestRefunds([row.id])).get(row.id);
      if (refund === undefined) throw new AppError('orderRefundNotFound');
      if ((await refundsRepository.withdrawRefund(refund.id, clock.now())) === null) {
        throw new AppError('invalidOrderStatus');
      }
      return toOrder(caller, row);
    },

    /** The order's latest refund (orderRefundNotFound when none was asked for). */
    async refundOf(caller: Caller, tradeNo: string): Promise<Refund> {
      const row = await ownOrder(caller, tradeNo);
      const refund = (await refundsRepository.latestRefunds([row.id])).get(row.id);
      if (refund === undefined) throw new AppError('orderRefundNotFound');
      return toRefund(refund);
    },

    // The operator API

    async operatorRefunds(caller: Caller, query: PageQuery & { status?: RefundStatus | undefined }) {
      await requireOperator(caller);
      const { rows, total } = await refundsRepository.listRefunds(caller.tenantId, query.status, pageWindow(query));
      return {
        items: await toOperatorRefunds(caller, rows),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async refuseRefund(caller: Caller, refundNo: string, note: string): Promise<OperatorRefund> {
      await requireOperator(caller);
      const found = await refundsRepository.findRefund(caller.tenantId, refundNo);
      if (found === null) throw new AppError('orderRefundNotFound');
      const refused = await refundsRepository.refuseRefund(found.refund.id, note, caller.userId, clock.now());
      if (refused === null) throw new AppError('invalidOrderStatus');
      await notifier.refundDecided(refused.id);
      const [refund] = await toOperatorRefunds(caller, [{ ...found, refund: refused }]);
      return refund!;
    },

    /**
     * Accepts: the membership ends at once (one transaction), then the gateway pays the money
     * back under the refund's number, so a retried accept or gateway call pays it once. Whatever
     * the gateway does not settle now, the settling job asks about until it does.
     */
    async acceptRefund(
      caller: Caller,
      refundNo: string,
      note: string,
      client: Pick<PayingClient, 'origin'>,
    ): Promise<OperatorRefund> {
      await requireOperator(caller);
      const found = await refundsRepository.findRefund(caller.tenantId, refundNo);
      if (found === null) throw new AppError('orderRefundNotFound');
      const now = clock.now();
      const accepted = await refundsRepository.acceptRefund(
        found.refund.id,
        note,
        caller.userId,
        now,
        new Date(now.getTime() + payoutBackoff.firstMinutes * minuteMs),
      );
      if (accepted === null) throw new AppError('invalidOrderStatus');
      publicCache.changed();
      await notifier.refundDecided(accepted.id);
      const paid = await payBack(found.order, accepted, client.origin);
      const [refund] = await toOperatorRefunds(caller, [{ ...found, refund: paid }]);
      return refund!;
    },

    /**
     * A gateway's report of how a refund ended (WeChat Pay's refund notification): verified by
     * that gateway, matched to our refund (number, trade, gateway, amount), then applied once.
     */
    async handleRefundNotification(
      gatewayName: string,
      notification: IncomingNotification,
    ): Promise<NotificationReply> {
      const gateway = gatewayNamed(gatewayName);
      const verifyRefund = gateway?.verifyRefundNotification;
      if (gateway === null || verifyRefund === undefined) throw new AppError('paymentConfigNotFound');
      const checked = await verifiedNotification(log, gateway, 'refund', () =>
        verifyRefund.call(gateway, notification),
      );
      if ('reply' in checked) return checked.reply;
      const report = checked.report;
      const found = await refundsRepository.findRefundByNo(report.refundNo);
      if (
        found === null ||
        found.refund.status !== 'ACCEPTED' ||
        found.order.tradeNo !== report.tradeNo ||
        found.order.gateway !== gateway.name
      ) {
        log.warn(
          { refundNo: report.refundNo, tradeNo: report.tradeNo, gateway: gateway.name },
          'refund notification for an unknown refund',
        );
        return gateway.reject();
      }
      if (report.amountCents !== found.refund.amountCents) {
        log.error(
          {
            refundNo: report.refundNo,
            tradeNo: report.tradeNo,
            gateway: gateway.name,
            notified: report.amountCents,
            amount: found.refund.amountCents,
          },
          'refund notification amount differs from the refund',
        );
        return gateway.reject();
      }
      await applyPayout(found.order, found.refund, report, gateway.name);
      return gateway.acknowledge();
    },

    /**
     * The settling job's round: asks the gateway about each claimed refund whose money is not
     * known to be back, refunds again under the same number what it never took, and records
     * what it says. A gateway that cannot answer now is asked again after the claim's wait.
     */
    async settlePayouts(): Promise<{ refunded: number; failed: number; processing: number; unanswered: number }> {
      const done = { refunded: 0, failed: 0, processing: 0, unanswered: 0 };
      for (const { refund, order } of await refundsRepository.claimDuePayouts(
        clock.now(),
        payoutRound,
        payoutBackoff,
      )) {
        const gateway = gatewayNamed(order.gateway);
        let outcome: RefundOutcome & { amountCents?: number | null };
        try {
          if (gateway === null) {
            outcome = noGatewayOutcome;
          } else {
            const state = await gateway.queryRefund({ tradeNo: order.tradeNo, refundNo: refund.refundNo });
            // Never taken (the first call failed on its way), or not made (Alipay): ask again.
            outcome = state.status === 'NOT_FOUND' ? await gateway.refund(refundInput(order, refund, null)) : state;
          }
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          log.warn(
            { refundNo: refund.refundNo, gateway: gateway?.name, attempts: refund.payoutAttempts, err: error },
            'refund payout not settled yet: the gateway is asked again later',
          );
          done.unanswered += 1;
          continue;
        }
        const after = await applyPayout(order, refund, outcome, gateway?.name ?? order.gateway ?? 'none');
        if (after.payoutStatus === 'SUCCESS') done.refunded += 1;
        else if (after.payoutStatus === 'FAILED') done.failed += 1;
        else done.processing += 1;
      }
      return done;
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;

/**
 * Asks the gateways, every minute, about accepted refunds whose money is not known to be back,
 * each when its backoff says, until they settle. Each round claims its refunds with FOR UPDATE
 * SKIP LOCKED and pushes them to their next check in one statement, so two processes never ask
 * about the same refund in a round, and whatever they record is written conditionally, once.
 */
export const refundSettleJob = (deps: OrdersJobDeps) =>
  ordersJob('refund-settle', 60_000, deps, (round) =>
    createRefundsService(round, createOrdersShared(round)).settlePayouts(),
  );

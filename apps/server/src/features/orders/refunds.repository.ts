import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { orderOperators, orders, refunds, users } from '../../db/schema.js';
import { pageWithTotal, windowTotal, type PageWindow } from '../../lib/catalogue-sql.js';
import { endMembership } from '../../memberships/memberships.js';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * Refunds and their payouts: a learner's application, the order operators' list and decisions,
 * and where an accepted refund's money stands (written once, whoever reports it).
 */
export function createRefundsRepository(db: Db) {
  return {
    /** The latest refund of each order (the one the order shows). */
    async latestRefunds(orderIds: number[]): Promise<Map<number, RefundRow>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([refunds.orderId])
        .from(refunds)
        .where(inArray(refunds.orderId, orderIds))
        .orderBy(refunds.orderId, desc(refunds.createdAt), desc(refunds.id));
      return new Map(rows.map((row) => [row.orderId, row]));
    },

    /** A new refund application, or null when the order has one under review or accepted. */
    async insertRefund(values: typeof refunds.$inferInsert): Promise<RefundRow | null> {
      const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async isOperator(tenantId: number, userId: number) {
      const [row] = await db
        .select({ one: sql`1` })
        .from(orderOperators)
        .where(and(eq(orderOperators.tenantId, tenantId), eq(orderOperators.userId, userId)));
      return row !== undefined;
    },

    async listRefunds(tenantId: number, status: RefundRow['status'] | undefined, page: PageWindow) {
      const where = and(eq(refunds.tenantId, tenantId), status ? eq(refunds.status, status) : undefined);
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            refund: refunds,
            order: orders,
            learner: { id: users.id, nickname: users.nickname },
          })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .innerJoin(users, eq(users.id, orders.userId))
          .where(where)
          .orderBy(desc(refunds.createdAt), desc(refunds.id))
          .$dynamic(),
        page,
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(refunds)
          .where(where),
      );
    },

    async findRefund(tenantId: number, refundNo: string) {
      const [row] = await db
        .select({ refund: refunds, order: orders, learner: { id: users.id, nickname: users.nickname } })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(eq(refunds.tenantId, tenantId), eq(refunds.refundNo, refundNo)));
      return row ?? null;
    },

    /** CREATED → WITHDRAWN by the learner; null when it was decided (or withdrawn) already. */
    async withdrawRefund(refundId: number, now: Date) {
      const [row] = await db
        .update(refunds)
        .set({ status: 'WITHDRAWN', withdrawnAt: now })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'CREATED')))
        .returning();
      return row ?? null;
    },

    /** CREATED → REFUSED with the operator's note; null when it was decided already. */
    async refuseRefund(refundId: number, note: string, operatorId: number, now: Date) {
      const [row] = await db
        .update(refunds)
        .set({ status: 'REFUSED', reviewNote: note, reviewedBy: operatorId, reviewedAt: now })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'CREATED')))
        .returning();
      return row ?? null;
    },

    /**
     * CREATED → ACCEPTED, and the membership the order gave ends, in one transaction; null
     * when it was decided already. The money goes back afterwards (the payout writes below): a
     * gateway is never called while rows are locked. The settling job first asks at `checkAt`.
     */
    acceptRefund(refundId: number, note: string, operatorId: number, now: Date, checkAt: Date) {
      return db.transaction(async (tx) => {
        const [refund] = await tx
          .update(refunds)
          .set({
            status: 'ACCEPTED',
            reviewNote: note,
            reviewedBy: operatorId,
            reviewedAt: now,
            payoutStatus: 'PENDING',
            payoutCheckAt: checkAt,
          })
          .where(and(eq(refunds.id, refundId), eq(refunds.status, 'CREATED')))
          .returning();
        if (!refund) return null;
        const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
        await endMembership(tx, order!);
        return refund;
      });
    },

    /** An accepted refund by its number, whatever the school (a gateway's report names it so). */
    async findRefundByNo(refundNo: string) {
      const [row] = await db
        .select({ refund: refunds, order: orders })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(eq(refunds.refundNo, refundNo));
      return row ?? null;
    },

    /**
     * The settling job's claim: accepted refunds whose money is not known to be back and whose
     * check is due, oldest first, each pushed to its next check in the same statement (the wait
     * doubles from `firstMinutes` with each attempt, up to `capMinutes`). Rows another process
     * is claiming are skipped, and a claimed row is not due again until then, so two processes
     * never ask about the same refund in one round. No transaction stays open: the gateways are
     * asked afterwards.
     */
    async claimDuePayouts(now: Date, limit: number, backoff: { firstMinutes: number; capMinutes: number }) {
      const due = db
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          and(
            eq(refunds.status, 'ACCEPTED'),
            inArray(refunds.payoutStatus, ['PENDING', 'PROCESSING']),
            lte(refunds.payoutCheckAt, now),
          ),
        )
        .orderBy(asc(refunds.payoutCheckAt), asc(refunds.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(refunds)
        .set({
          payoutAttempts: sql`${refunds.payoutAttempts} + 1`,
          // The right side reads the row as it was: the wait before this attempt's successor.
          payoutCheckAt: sql`${now}::timestamptz + least(${backoff.firstMinutes} * power(2, ${refunds.payoutAttempts}),
            ${backoff.capMinutes}) * interval '1 minute'`,
        })
        .where(inArray(refunds.id, due))
        .returning();
      if (claimed.length === 0) return [];
      const orderRows = await db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            claimed.map((refund) => refund.orderId),
          ),
        );
      const orderOf = new Map(orderRows.map((order) => [order.id, order]));
      return claimed.sort((a, b) => a.id - b.id).map((refund) => ({ refund, order: orderOf.get(refund.orderId)! }));
    },

    /** The gateway took the refund and is paying it: PENDING → PROCESSING (a settled one stays). */
    async markPayoutProcessing(refundId: number, gatewayRefundId: string | null) {
      const [row] = await db
        .update(refunds)
        .set({
          payoutStatus: 'PROCESSING',
          gatewayRefundId: sql`coalesce(${gatewayRefundId}, ${refunds.gatewayRefundId})`,
        })
        .where(and(eq(refunds.id, refundId), inArray(refunds.payoutStatus, ['PENDING', 'PROCESSING'])))
        .returning();
      return row ?? null;
    },

    /**
     * The money is back: SUCCESS, once; null when it already was (a duplicate report, another
     * process's round). A FAILED refund the gateway reports paid after all (the school resolved
     * it on the gateway's side) becomes SUCCESS too: that is where the money is.
     */
    async settlePayout(refundId: number, gatewayRefundId: string | null, now: Date) {
      const [row] = await db
        .update(refunds)
        .set({
          payoutStatus: 'SUCCESS',
          settledAt: now,
          payoutCheckAt: null,
          gatewayRefundId: sql`coalesce(${gatewayRefundId}, ${refunds.gatewayRefundId})`,
        })
        .where(
          and(
            eq(refunds.id, refundId),
            eq(refunds.status, 'ACCEPTED'),
            inArray(refunds.payoutStatus, ['PENDING', 'PROCESSING', 'FAILED']),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The gateway will not pay it: FAILED, once; null when it was settled already (either way). */
    async failPayout(refundId: number, now: Date) {
      const [row] = await db
        .update(refunds)
        .set({ payoutStatus: 'FAILED', settledAt: now, payoutCheckAt: null })
        .where(
          and(
            eq(refunds.id, refundId),
            eq(refunds.status, 'ACCEPTED'),
            inArray(refunds.payoutStatus, ['PENDING', 'PROCESSING']),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type RefundsRepository = ReturnType<typeof createRefundsRepository>;

import type { OrderListFilter, ProductType } from '@school/contract/orders';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { classrooms, coupons, courses, exams, oauthIdentities, orders, paymentSettings } from '../../db/schema.js';
import { pageWithTotal, windowTotal, type PageWindow } from '../../lib/catalogue-sql.js';
import { grantMembership, hasSeatFor, holdsProduct } from '../../memberships/memberships.js';

export type OrderRow = typeof orders.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

/** A product as an order needs it, whichever kind it is. */
export interface ProductRow {
  type: ProductType;
  id: number;
  uid: string;
  title: OrderRow['productTitle'];
  cover: string;
  status: string;
  priceCents: number;
  originalPriceCents: number | null;
  /** Courses: how long a membership lasts. */
  validityKind: string | null;
  validityDays: number | null;
  validityEndDate: Date | null;
  /** Classrooms: the enrolment window and seats. */
  enrolStartTime: Date | null;
  enrolEndTime: Date | null;
  maxStudents: number | null;
  studentCount: number;
  /** Exams: when the exam ends. */
  endTime: Date | null;
}

const productTables = { COURSE: courses, CLASSROOM: classrooms, EXAM: exams } as const;

/** A payment a gateway confirmed (a verified notification, or a query that found it paid). */
export interface ConfirmedPayment {
  tradeNo: string;
  amountCents: number;
  transactionId: string;
  paidAt: Date;
  gateway: string;
}

export type PaidOutcome =
  | { kind: 'paid'; order: OrderRow }
  /** Already paid: a duplicate or concurrent notification changes nothing. */
  | { kind: 'duplicate'; order: OrderRow }
  | { kind: 'unknownTrade' }
  | { kind: 'amountMismatch'; order: OrderRow };

export function createOrdersRepository(db: Db) {
  return {
    async findProduct(tenantId: number, type: ProductType, uid: string): Promise<ProductRow | null> {
      const table = productTables[type];
      const [row] = await db
        .select({
          id: table.id,
          uid: table.uid,
          title: table.title,
          cover: table.cover,
          status: table.status,
          priceCents: table.priceCents,
          originalPriceCents: table.originalPriceCents,
          validityKind: type === 'COURSE' ? courses.validityKind : sql<null>`null`,
          validityDays: type === 'COURSE' ? courses.validityDays : sql<null>`null`,
          validityEndDate: type === 'COURSE' ? courses.validityEndDate : sql<null>`null`,
          enrolStartTime: type === 'CLASSROOM' ? classrooms.enrolStartTime : sql<null>`null`,
          enrolEndTime: type === 'CLASSROOM' ? classrooms.enrolEndTime : sql<null>`null`,
          maxStudents: type === 'CLASSROOM' ? classrooms.maxStudents : sql<null>`null`,
          studentCount: table.studentCount,
          endTime: type === 'EXAM' ? exams.endTime : sql<null>`null`,
        })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), eq(table.uid, uid)));
      return row ? { type, ...row } : null;
    },

    /** The uids of products by id, per kind (orders keep the id; links need the uid). */
    async productUids(items: { type: ProductType; id: number }[]): Promise<Map<string, string>> {
      const uids = new Map<string, string>();
      for (const type of Object.keys(productTables) as ProductType[]) {
        const ids = items.filter((item) => item.type === type).map((item) => item.id);
        if (ids.length === 0) continue;
        const table = productTables[type];
        const rows = await db.select({ id: table.id, uid: table.uid }).from(table).where(inArray(table.id, ids));
        for (const row of rows) uids.set(`${type}:${row.id}`, row.uid);
      }
      return uids;
    },

    /** Whether the learner already has the product (a course membership still running). */
    isMember: (type: ProductType, productId: number, userId: number, now: Date) =>
      holdsProduct(db, type, productId, userId, now),

    /** Whether a seat of the classroom is left for this learner (seats held by others' unpaid orders taken). */
    hasSeatFor: (classroomId: number, userId: number, now: Date) => hasSeatFor(db, classroomId, userId, now),

    /**
     * Coupons of the school for this product (or every product of its kind), still valid, that
     * the learner has not used on a paid order nor holds on an unpaid one.
     */
    usableCoupons(tenantId: number, userId: number, type: ProductType, productId: number, now: Date) {
      return db
        .select()
        .from(coupons)
        .where(
          and(
            eq(coupons.tenantId, tenantId),
            eq(coupons.targetType, type),
            or(isNull(coupons.targetId), eq(coupons.targetId, productId)),
            or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
            sql`not exists (select 1 from ${orders} o where o.tenant_id = ${tenantId} and o.user_id = ${userId}
              and o.coupon_id = ${coupons.id} and o.status in ('CREATED', 'PAID'))`,
          ),
        )
        .orderBy(asc(coupons.id));
    },

    async paymentSettings(tenantId: number) {
      const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId));
      return row ?? null;
    },

    async unpaidOrderFor(tenantId: number, userId: number, type: ProductType, productId: number) {
      const [row] = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.tenantId, tenantId),
            eq(orders.userId, userId),
            eq(orders.productType, type),
            eq(orders.productId, productId),
            eq(orders.status, 'CREATED'),
          ),
        );
      return row ?? null;
    },

    async findByIdempotencyKey(tenantId: number, userId: number, key: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
      return row ?? null;
    },

    /**
     * A new order, or null when a unique index says it exists already (the same key, an unpaid
     * order for the product, or the coupon held by another order): the caller looks which;
     * `full` when a classroom has no seat left for it.
     */
    async insertOrder(values: typeof orders.$inferInsert, now: Date): Promise<OrderRow | null | 'full'> {
      if (values.productType !== 'CLASSROOM') {
        const [row] = await db.insert(orders).values(values).onConflictDoNothing().returning();
        return row ?? null;
      }
      // The order holds a seat until it expires: under the classroom's row lock, so two learners
      // ordering the last seat at once cannot both hold it.
      return db.transaction(async (tx) => {
        await tx
          .select({ id: classrooms.id })
          .from(classrooms)
          .where(eq(classrooms.id, values.productId))
          .for('update');
        if (!(await hasSeatFor(tx, values.productId, values.userId, now))) return 'full';
        const [row] = await tx.insert(orders).values(values).onConflictDoNothing().returning();
        return row ?? null;
      });
    },

    /** The caller's own order: another learner's or school's is not found. */
    async findOwnOrder(tenantId: number, userId: number, tradeNo: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.userId, userId), eq(orders.tradeNo, tradeNo)));
      return row ?? null;
    },

    async couponTitles(ids: number[]) {
      if (ids.length === 0) return new Map<number, CouponRow['title']>();
      const rows = await db
        .select({ id: coupons.id, title: coupons.title })
        .from(coupons)
        .where(inArray(coupons.id, ids));
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    async listOrders(tenantId: number, userId: number, filter: OrderListFilter, page: PageWindow) {
      const where = and(eq(orders.tenantId, tenantId), eq(orders.userId, userId), statusFilter(filter));
      const { rows, total } = await pageWithTotal(
        db
          .select({ ...getTableColumns(orders), total: windowTotal })
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .$dynamic(),
        page,
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(where),
      );
      return { rows, total };
    },

    /** Records which gateway and method the learner is paying with (the order stays CREATED). */
    async recordPaymentStart(orderId: number, method: 'WECHAT' | 'ALIPAY', gateway: string) {
      const [row] = await db
        .update(orders)
        .set({ paymentMethod: method, gateway })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'CREATED')))
        .returning();
      return row ?? null;
    },

    /** CREATED → CANCELED or CLOSED; null when the order was no longer unpaid. */
    async end(orderId: number, status: 'CANCELED' | 'CLOSED', now: Date) {
      const [row] = await db
        .update(orders)
        .set({ status, endedAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'CREATED')))
        .returning();
      return row ?? null;
    },

    /** Unpaid orders whose time is up, oldest first (the closing job). */
    dueOrders(now: Date, limit: number) {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'CREATED'), sql`${orders.expiresAt} <= ${now}`))
        .orderBy(asc(orders.expiresAt))
        .limit(limit);
    },

    /**
     * The payment a gateway confirmed, applied once: in one transaction with the order row
     * locked, CREATED becomes PAID and the learner becomes a member. A second notification
     * (or twenty at once) waits for the lock, then finds the order paid and changes nothing.
     * An order cancelled or closed while the learner was paying is paid all the same: the
     * money was taken, and the learner gets what they paid for.
     */
    confirmPayment(payment: ConfirmedPayment): Promise<PaidOutcome> {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.tradeNo, payment.tradeNo)).for('update');
        if (!order) return { kind: 'unknownTrade' };
        if (order.status === 'PAID') return { kind: 'duplicate', order };
        if (order.payableCents !== payment.amountCents) return { kind: 'amountMismatch', order };
        const [paid] = await tx
          .update(orders)
          .set({
            status: 'PAID',
            paidAt: payment.paidAt,
            transactionId: payment.transactionId,
            gateway: payment.gateway,
            endedAt: null,
            // A late payment of an ended order keeps its coupon only when no other order has taken it since.
            couponId: sql`case when ${orders.status} = 'CREATED' or not exists (
              select 1 from ${orders} o where o.tenant_id = ${orders.tenantId} and o.user_id = ${orders.userId}
                and o.coupon_id = ${orders.couponId} and o.status in ('CREATED', 'PAID') and o.id <> ${orders.id})
              then ${orders.couponId} end`,
          })
          .where(eq(orders.id, order.id))
          .returning();
        await grantMembership(tx, paid!, payment.paidAt);
        return { kind: 'paid', order: paid! };
      });
    },

    /** The learner's WeChat openid (WeChat Pay JSAPI pays as it), if they signed in with WeChat. */
    async wechatOpenid(tenantId: number, userId: number) {
      const [row] = await db
        .select({ openid: oauthIdentities.openid })
        .from(oauthIdentities)
        .where(
          and(
            eq(oauthIdentities.tenantId, tenantId),
            eq(oauthIdentities.userId, userId),
            eq(oauthIdentities.provider, 'wechat'),
          ),
        );
      return row?.openid ?? null;
    },
  };
}

function statusFilter(filter: OrderListFilter): SQL | undefined {
  switch (filter) {
    case 'ALL':
      return undefined;
    case 'ENDED':
      return inArray(orders.status, ['CANCELED', 'CLOSED']);
    default:
      return eq(orders.status, filter);
  }
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

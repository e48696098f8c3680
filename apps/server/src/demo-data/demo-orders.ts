import { backOfficePaths } from '@school/contract/paths';
import { and, eq, gt } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import {
  classroomMembers,
  classrooms,
  courseMembers,
  courses,
  examMembers,
  exams,
  orderOperators,
  orders,
  refunds,
  sandboxTrades,
} from '../db/schema.js';
import { demoCourseOrder } from './demo-learning-scenarios.js';
import type { DemoSchool } from './demo-school.js';

/*
 * The demo learner's orders (decision 013) and the school's order operator: one paid order for every
 * paid course, classroom and exam the learner is a member of, paid when they joined, plus one
 * cancelled and one closed order, and a refund the operator refused. Trade numbers follow the
 * server's format (the time, then six digits) and depend only on the hour the demo was made.
 * How the school takes payment is its pack's (school.yaml `payment`).
 */

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

export async function makeDemoOrders(tx: Db, school: DemoSchool): Promise<void> {
  const { tenantId } = school;
  const learnerId = school.user('learner');
  const operatorId = school.user('operator');
  const now = school.at(0);
  await tx.insert(orderOperators).values({ tenantId, userId: operatorId });

  // What the learner joined that has a price, each kind with its own member table.
  const paidOf = <T extends 'COURSE' | 'CLASSROOM' | 'EXAM'>(
    type: T,
    product: typeof courses | typeof classrooms | typeof exams,
    members: typeof courseMembers | typeof classroomMembers | typeof examMembers,
    productId: PgColumn,
  ) =>
    tx
      .select({
        id: product.id,
        title: product.title,
        cover: product.cover,
        price: product.priceCents,
        at: members.joinedAt,
      })
      .from(members)
      .innerJoin(product, eq(product.id, productId))
      .where(and(eq(members.userId, learnerId), gt(product.priceCents, 0)))
      .then((rows) => rows.map((row) => ({ ...row, type })));
  const paidCourses = await paidOf('COURSE', courses, courseMembers, courseMembers.courseId);
  const paidClassrooms = await paidOf('CLASSROOM', classrooms, classroomMembers, classroomMembers.classroomId);
  const paidExams = await paidOf('EXAM', exams, examMembers, examMembers.examId);

  let n = 0;
  const tradeNo = (at: Date) => `${at.toISOString().replace(/\D/g, '').slice(0, 14)}${String(100_000 + ++n)}`;
  const bought = [...paidCourses, ...paidClassrooms, ...paidExams].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id,
  );

  const paid = bought.map((row, i) => {
    const createdAt = new Date(row.at.getTime() - 2 * minuteMs);
    return {
      tenantId,
      tradeNo: tradeNo(createdAt),
      userId: learnerId,
      productType: row.type,
      productId: row.id,
      productTitle: row.title,
      productCover: row.cover,
      priceCents: row.price,
      payableCents: row.price,
      status: 'PAID' as const,
      idempotencyKey: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      paymentMethod: i % 2 === 0 ? ('WECHAT' as const) : ('ALIPAY' as const),
      gateway: 'sandbox',
      transactionId: `SBX-DEMO-${i + 1}`,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 30 * minuteMs),
      paidAt: row.at,
    };
  });

  // Two paid courses the learner looked at but did not buy: one cancelled, one left to close.
  const ownedIds = paidCourses.map((row) => row.id);
  const notBought = await tx
    .select({ id: courses.id, uid: courses.uid, title: courses.title, cover: courses.cover, price: courses.priceCents })
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), eq(courses.status, 'PUBLISHED'), gt(courses.priceCents, 0)));
  const place = (uid: string) => demoCourseOrder.indexOf(uid as (typeof demoCourseOrder)[number]);
  const [cancelled, closed] = notBought
    .filter((row) => !ownedIds.includes(row.id))
    .sort((a, b) => place(a.uid) - place(b.uid));
  const ended = [
    { row: cancelled, status: 'CANCELED' as const, daysAgo: 12, after: 5 * minuteMs },
    { row: closed, status: 'CLOSED' as const, daysAgo: 4, after: 30 * minuteMs },
  ].flatMap(({ row, status, daysAgo, after }, i) => {
    if (row === undefined) return [];
    const createdAt = new Date(now.getTime() - daysAgo * dayMs);
    return [
      {
        tenantId,
        tradeNo: tradeNo(createdAt),
        userId: learnerId,
        productType: 'COURSE' as const,
        productId: row.id,
        productTitle: row.title,
        productCover: row.cover,
        priceCents: row.price,
        payableCents: row.price,
        status,
        idempotencyKey: `00000000-0000-4000-9000-${String(i + 1).padStart(12, '0')}`,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 30 * minuteMs),
        endedAt: new Date(createdAt.getTime() + after),
      },
    ];
  });

  const inserted = await tx
    .insert(orders)
    .values([...paid, ...ended])
    .returning({ id: orders.id, tradeNo: orders.tradeNo, payable: orders.payableCents, paidAt: orders.paidAt });
  // The sandbox's own book holds the trades it took, as a gateway would: a refund the
  // operator accepts on a demo order is then paid back like one on a new order.
  if (paid.length > 0) {
    await tx.insert(sandboxTrades).values(
      paid.map((order) => ({
        tradeNo: order.tradeNo,
        amountCents: order.payableCents,
        description: order.productTitle.cn,
        method: order.paymentMethod,
        notifyUrl: backOfficePaths.paymentNotify('sandbox'),
        returnUrl: `/mobile/orders/${order.tradeNo}`,
        expiresAt: order.expiresAt,
        status: 'PAID' as const,
        transactionId: order.transactionId,
        paidAt: order.paidAt,
      })),
    );
  }

  // The newest paid order had a refund asked for and refused.
  const refused = inserted.filter((row) => row.paidAt !== null).at(-1);
  if (refused) {
    const askedAt = new Date(refused.paidAt!.getTime() + 60 * minuteMs);
    await tx.insert(refunds).values({
      tenantId,
      orderId: refused.id,
      refundNo: `R${refused.tradeNo}`,
      reason: 'NO_TIME_TO_STUDY',
      amountCents: refused.payable,
      description: '最近工作太忙，没有时间学习。',
      status: 'REFUSED',
      reviewNote: '课程已学习过半，不符合退款条件。',
      reviewedBy: operatorId,
      createdAt: askedAt,
      reviewedAt: new Date(askedAt.getTime() + 2 * 60 * minuteMs),
    });
  }
}

import { orderPaths } from '@school/contract/order-paths';
import { randomUUID } from 'node:crypto';
import { orderConfirmationSchema, orderSchema, type ProductType } from '@school/contract/orders';
import { backOfficePaths } from '@school/contract/paths';
import { and, asc, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { classrooms, courses, exams, sandboxTrades } from '../../db/schema.js';
import { createSandboxGateway } from '../../providers/payment/sandbox-gateway.js';
import { get, ownSite, post, tenantIdOf } from '../../testing/site.js';
import type { TestApp } from '../../testing/test-app.js';

/*
 * Arranging orders in the API tests: paid products of the demo school, orders made through the API,
 * and the sandbox gateway's own book (to pay a trade as the gateway would, with or without its
 * notification reaching us).
 */

/** Published paid products of the demo school that can be bought now, cheapest first. */
export async function paidProducts(t: TestApp, type: ProductType) {
  const now = t.clock.now();
  const tenantId = await tenantIdOf(t);
  if (type === 'COURSE') {
    return t.db
      .select({ id: courses.id, uid: courses.uid, price: courses.priceCents })
      .from(courses)
      .where(and(eq(courses.tenantId, tenantId), eq(courses.status, 'PUBLISHED'), gt(courses.priceCents, 0)))
      .orderBy(asc(courses.priceCents), asc(courses.id));
  }
  if (type === 'CLASSROOM') {
    const rows = await t.db
      .select()
      .from(classrooms)
      .where(and(eq(classrooms.tenantId, tenantId), eq(classrooms.status, 'PUBLISHED'), gt(classrooms.priceCents, 0)))
      .orderBy(asc(classrooms.priceCents), asc(classrooms.id));
    return rows
      .filter(
        (r) =>
          (r.enrolStartTime === null || r.enrolStartTime <= now) &&
          (r.enrolEndTime === null || r.enrolEndTime > now) &&
          (r.maxStudents === null || r.studentCount < r.maxStudents),
      )
      .map((r) => ({ id: r.id, uid: r.uid, price: r.priceCents }));
  }
  const rows = await t.db
    .select()
    .from(exams)
    .where(and(eq(exams.tenantId, tenantId), eq(exams.status, 'PUBLISHED'), gt(exams.priceCents, 0)))
    .orderBy(asc(exams.priceCents), asc(exams.id));
  return rows
    .filter((r) => r.endTime === null || r.endTime > now)
    .map((r) => ({ id: r.id, uid: r.uid, price: r.priceCents }));
}

export async function confirmation(t: TestApp, cookie: string, productType: ProductType, uid: string) {
  const res = await get(t, `${orderPaths.orderConfirmation}?productType=${productType}&uid=${uid}`, cookie, ownSite);
  expect(res.statusCode, res.body).toBe(200);
  return orderConfirmationSchema.parse(res.json());
}

export function createOrder(
  t: TestApp,
  cookie: string,
  body: { productType: ProductType; uid: string; couponId?: number | null; idempotencyKey?: string } & Record<
    string,
    unknown
  >,
) {
  return post(t, orderPaths.orders, cookie, { couponId: null, idempotencyKey: randomUUID(), ...body });
}

export async function orderFor(
  t: TestApp,
  cookie: string,
  productType: ProductType,
  uid: string,
  couponId: number | null = null,
) {
  const res = await createOrder(t, cookie, { productType, uid, couponId });
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

export async function readOrder(t: TestApp, cookie: string, tradeNo: string) {
  const res = await get(t, orderPaths.order(tradeNo), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json());
}

/** The sandbox as the gateway side sees it: the same book and key the server uses. */
export function sandboxOf(t: TestApp) {
  return createSandboxGateway({ secret: t.config.sessionSecret }, { clock: t.clock, db: t.db });
}

/** Starts paying with the sandbox, as the learner's Pay button does. */
export async function startSandboxPayment(t: TestApp, cookie: string, tradeNo: string, method = 'WECHAT') {
  const res = await post(t, orderPaths.orderPayments(tradeNo), cookie, { method });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { kind: 'redirect'; url: string };
}

/** The learner pays on the sandbox cashier: the notification is delivered, then the learner comes back. */
export async function payOnCashier(t: TestApp, cookie: string, tradeNo: string) {
  const start = await startSandboxPayment(t, cookie, tradeNo);
  const res = await post(t, `${start.url}/pay`, undefined);
  expect(res.statusCode, res.body).toBe(303);
  return res;
}

/** Delivers a notification to our notify endpoint the way the gateway's servers do. */
export function deliver(
  t: TestApp,
  notification: { headers: Record<string, string | string[] | undefined>; rawBody: string },
) {
  return t.app.inject({
    method: 'POST',
    url: backOfficePaths.paymentNotify('sandbox'),
    headers: { host: ownSite.host, ...(notification.headers as Record<string, string>) },
    payload: notification.rawBody,
  });
}

export async function sandboxTrade(t: TestApp, tradeNo: string) {
  const [row] = await t.db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo));
  return row;
}

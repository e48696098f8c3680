import { orderPaths } from '@school/contract/order-paths';
import { classroomDetailSchema } from '@school/contract/classrooms';
import { apiPaths } from '@school/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobOnce } from '../../lib/background-jobs.js';
import { createPublicCache } from '../../lib/public-cache.js';
import { newAccount } from '../../testing/accounts.js';
import { get, post } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { orderCloseJob } from '../orders/order-closing.job.js';
import { orderFor, sandboxOf } from '../orders/orders-testing.js';
import { insertClassroom } from './classrooms-testing.js';

/*
 * A seat an unpaid order holds is taken for everyone else until the order is paid, cancelled or
 * closed (memberships/memberships.ts): the detail says FULL to them, and OPEN to the learner
 * whose order holds it. The app keeps public answers here (as in production), so each step
 * also shows that the kept copies are told.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicCacheSeconds: 600 });
});
afterAll(() => t?.close());

const minute = 60_000;

async function enrolState(uid: string, cookie?: string) {
  const res = await get(t, apiPaths.classroom(uid), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return classroomDetailSchema.parse(res.json()).enrolState;
}

describe('a classroom seat held by an unpaid order', () => {
  it('reads FULL to others and OPEN to the learner holding it, until the order is cancelled', async () => {
    const classroom = await insertClassroom(t, { maxStudents: 1, priceCents: 9_900 });
    const [holder, other] = [await newAccount(t), await newAccount(t)];
    expect(await enrolState(classroom.uid)).toBe('OPEN');

    const order = await orderFor(t, holder.cookie, 'CLASSROOM', classroom.uid);
    expect(await enrolState(classroom.uid)).toBe('FULL');
    expect(await enrolState(classroom.uid, other.cookie)).toBe('FULL');
    expect(await enrolState(classroom.uid, holder.cookie)).toBe('OPEN');

    const cancelled = await post(t, orderPaths.orderCancel(order.tradeNo), holder.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await enrolState(classroom.uid)).toBe('OPEN');
    expect(await enrolState(classroom.uid, other.cookie)).toBe('OPEN');
  });

  it('is free again once the order’s time is up, and the closing job tells the kept answers', async () => {
    const classroom = await insertClassroom(t, { maxStudents: 1, priceCents: 9_900 });
    const [holder, other] = [await newAccount(t), await newAccount(t)];
    await orderFor(t, holder.cookie, 'CLASSROOM', classroom.uid);
    expect(await enrolState(classroom.uid, other.cookie)).toBe('FULL');

    const cache = createPublicCache({ seconds: 600, clock: t.clock });
    let told = 0;
    cache.onChange(() => (told += 1));
    const job = orderCloseJob({ gateways: [sandboxOf(t)], clock: t.clock, log: t.app.log, publicCache: cache });
    t.clock.advance(31 * minute);
    try {
      // Past its time the order holds nothing, closed or not yet.
      expect(await enrolState(classroom.uid, other.cookie)).toBe('OPEN');
      expect((await runJobOnce(t.db, job))!.closed).toBeGreaterThanOrEqual(1);
      expect(told).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.advance(-31 * minute);
    }
  });
});

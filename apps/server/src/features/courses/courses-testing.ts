import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { courses, tenants } from '../../db/schema.js';
import { demoAccounts } from '../../db/seed.js';
import { sessionCookieFrom, type TestApp } from '../../testing/test-app.js';

/*
 * Steps the course API tests share: the demo school's rows as the database holds them (the
 * expected answers are computed from these, not copied from the seed), logging in, and
 * writing the way a browser on our own origin does.
 */

/** The host and Origin a browser on our own pages sends (the origin check compares them). */
export const ownSite = { host: 'localhost:8080', origin: 'http://localhost:8080' } as const;

export async function demoTenantId(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDefault, true));
  if (!row) throw new Error('no default tenant');
  return row.id;
}

/** Courses a learner of the demo school can see in lists, as rows. */
export async function listedCourses(t: TestApp) {
  const tenantId = await demoTenantId(t);
  return t.db
    .select()
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), inArray(courses.status, ['PUBLISHED', 'DRAFT'])));
}

export async function courseByUid(t: TestApp, uid: string, tenantId?: number) {
  const tenant = tenantId ?? (await demoTenantId(t));
  const [row] = await t.db
    .select()
    .from(courses)
    .where(and(eq(courses.tenantId, tenant), eq(courses.uid, uid)));
  if (!row) throw new Error(`no course ${uid}`);
  return row;
}

export async function login(t: TestApp, account: { username: string; password: string }): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { ...ownSite }, payload: account });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieFrom(res);
}

export const loginLearner = (t: TestApp) => login(t, demoAccounts.learner);
export const loginNewbie = (t: TestApp) => login(t, demoAccounts.newbie);

export function get(t: TestApp, url: string, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

export function post(t: TestApp, url: string, cookie?: string, payload?: object) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...ownSite, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

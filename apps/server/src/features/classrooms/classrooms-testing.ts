import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { classrooms, tenants } from '../../db/schema.js';
import { secondSchoolHost } from '../../db/seed.js';
import { sessionCookieFrom, type TestApp } from '../../testing/test-app.js';

/*
 * Steps the classroom API tests share: the demo school's rows as the database holds them
 * (expected answers are computed from these, not copied from the seed), logging in, and
 * writing the way a browser on our own pages does.
 */

/** The host and Origin a browser on our own pages sends (the origin check compares them). */
export const ownSite = { host: 'localhost:8080', origin: 'http://localhost:8080' } as const;
export const secondSite = { host: secondSchoolHost, origin: `http://${secondSchoolHost}` } as const;

export const hour = 3_600_000;
export const day = 24 * hour;

export async function tenantIdOf(t: TestApp, which: 'demo' | 'second' = 'demo'): Promise<number> {
  const [row] = await t.db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.isDefault, which === 'demo'))
    .orderBy(tenants.id)
    .limit(1);
  if (!row) throw new Error(`no ${which} tenant`);
  return row.id;
}

export async function classroomRow(t: TestApp, uid: string) {
  const tenantId = await tenantIdOf(t);
  const [row] = await t.db
    .select()
    .from(classrooms)
    .where(and(eq(classrooms.tenantId, tenantId), eq(classrooms.uid, uid)));
  if (!row) throw new Error(`no classroom ${uid}`);
  return row;
}

let extraCounter = 0;

/** A classroom written straight into the database, for states the seed does not have. */
export async function insertClassroom(
  t: TestApp,
  values: Partial<typeof classrooms.$inferInsert> = {},
): Promise<typeof classrooms.$inferSelect> {
  extraCounter += 1;
  const tenantId = values.tenantId ?? (await tenantIdOf(t));
  const [row] = await t.db
    .insert(classrooms)
    .values({
      tenantId,
      uid: `extra-classroom-${extraCounter}`,
      title: { cn: `测试班级 ${extraCounter}`, en: `Test classroom ${extraCounter}` },
      cover: '/mobile/seed/cover-01.svg',
      intro: { cn: '<p>简介</p>', en: '<p>Intro</p>' },
      teachingPlan: { cn: '<p>计划</p>', en: '<p>Plan</p>' },
      status: 'PUBLISHED',
      ...values,
    })
    .returning();
  if (!row) throw new Error('classroom insert returned nothing');
  return row;
}

export async function login(
  t: TestApp,
  account: { username: string; password: string },
  site: { host: string; origin: string } = ownSite,
): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { ...site }, payload: account });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieFrom(res);
}

export function get(t: TestApp, url: string, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

export function post(
  t: TestApp,
  url: string,
  cookie?: string,
  payload?: object,
  site: { host: string; origin: string } = ownSite,
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...site, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

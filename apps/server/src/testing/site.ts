import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { tenants } from '../db/schema.js';
import { secondSchoolHost } from '../demo-data/demo-accounts.js';
import { sessionCookieFrom, type TestApp } from './test-app.js';

/*
 * Requests the way a browser on one of the demo schools' own pages makes them: the catalogue
 * API tests share these, so the Host/Origin pair the origin check compares is written once.
 */

export interface Site {
  host: string;
  origin: string;
}

/** The host and Origin a browser on our own pages sends (the origin check compares them). */
export const ownSite = { host: 'localhost:8080', origin: 'http://localhost:8080' } as const;
export const secondSite = { host: secondSchoolHost, origin: `http://${secondSchoolHost}` } as const;

export const hour = 3_600_000;
export const day = 24 * hour;

/** The demo school (the default one) or the second school, as the database numbers it. */
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

export async function login(
  t: TestApp,
  account: { username: string; password: string },
  site: Site = ownSite,
): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { ...site }, payload: account });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieFrom(res);
}

export function get(t: TestApp, url: string, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

export function post(t: TestApp, url: string, cookie?: string, payload?: object, site: Site = ownSite) {
  return send(t, 'POST', url, cookie, payload, site);
}

/** A write with any method, from the school's own site (the origin check passes). */
export function send(
  t: TestApp,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
  site: Site = ownSite,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...site, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The address the demo school serves one of its pack's pictures at (`images/…` in the pack). */
export const demoImage = (packPath: string) =>
  expect.stringMatching(new RegExp(`^/api/images/[0-9a-f]{64}\\.svg/${packPath.replaceAll('.', '\\.')}$`));

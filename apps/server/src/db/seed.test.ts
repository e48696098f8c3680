import { asc, count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { microPages, tabs, tenantHosts, tenants, users } from './schema.js';
import { secondSchoolHost, seedIfEmpty } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seedIfEmpty', () => {
  it('wrote the demo school and a second school, with fixed ids', async () => {
    const rows = await t.db.select().from(tenants).orderBy(asc(tenants.id));
    expect(rows.map((r) => [r.id, r.name.en, r.isDefault, r.status])).toEqual([
      [1, 'Demo School', true, 'RUNNING'],
      [2, 'Second School', false, 'RUNNING'],
    ]);
    expect(await t.db.select().from(tenantHosts)).toEqual([{ host: secondSchoolHost, tenantId: 2 }]);
    const [home] = await t.db.select().from(tabs).orderBy(asc(tabs.id)).limit(1);
    expect(home).toMatchObject({ tenantId: 1, type: 'MICRO_PAGE', microPageId: 1 });
    const [page] = await t.db.select().from(microPages).orderBy(asc(microPages.id)).limit(1);
    expect(page?.title).toEqual({ cn: '首页', en: 'Home' });
  });

  it('does nothing on a database that already has a school (restarts keep data)', async () => {
    expect(await seedIfEmpty(t.db)).toBe(false);
    const [row] = await t.db.select({ n: count() }).from(users);
    expect(row?.n).toBe(3);
  });
});

import { mediaTypes } from '@school/contract/enums';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import {
  articles,
  categories,
  classrooms,
  courses,
  exams,
  lessons,
  microPages,
  tabs,
  tenantHosts,
  tenants,
  users,
} from './schema.js';
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
    const [before] = await t.db.select({ n: count() }).from(users);
    expect(await seedIfEmpty(t.db)).toBe(false);
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it('gives the demo school the catalogue the issue asks for', async () => {
    const demo = 1;
    const published = await t.db
      .select({ n: count() })
      .from(courses)
      .where(and(eq(courses.tenantId, demo), eq(courses.status, 'PUBLISHED')));
    expect(published[0]?.n).toBeGreaterThanOrEqual(40);
    const levels = await t.db
      .selectDistinct({ level: categories.level })
      .from(categories)
      .where(and(eq(categories.tenantId, demo), eq(categories.type, 'COURSE')));
    expect(levels.map((l) => l.level).sort()).toEqual([0, 1, 2]);
    const counted = async (table: typeof classrooms | typeof exams | typeof articles) =>
      (await t.db.select({ n: count() }).from(table).where(eq(table.tenantId, demo)))[0]?.n ?? 0;
    expect(await counted(classrooms)).toBeGreaterThanOrEqual(6);
    expect(await counted(exams)).toBeGreaterThanOrEqual(8);
    expect(await counted(articles)).toBeGreaterThanOrEqual(20);
    const media = await t.db
      .selectDistinct({ type: lessons.mediaType })
      .from(lessons)
      .where(eq(lessons.tenantId, demo));
    expect(media.length).toBe(mediaTypes.length);
    // Stored counters agree with the rows they count.
    const mismatched = await t.db
      .select({ id: courses.id })
      .from(courses)
      .where(
        sql`${courses.lessonCount} <> (select count(*) from lessons l where l.course_id = ${courses.id})
          or ${courses.ratingCount} <> (select count(*) from course_comments m where m.course_id = ${courses.id})`,
      );
    expect(mismatched).toEqual([]);
  });
});

import { and, eq } from 'drizzle-orm';
import { classrooms } from '../../db/schema.js';
import { tenantIdOf } from '../../testing/site.js';
import type { TestApp } from '../../testing/test-app.js';

/*
 * Steps the classroom API tests share: the demo school's rows as the database holds them
 * (expected answers are computed from these, not copied from the demo pack) and classrooms in
 * states the demo does not have. Requests and logging in are in testing/site.ts.
 */

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

/** A classroom written straight into the database, for states the demo does not have. */
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

import { and, eq, inArray } from 'drizzle-orm';
import { courseMembers, courses } from '../../db/schema.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { login, tenantIdOf } from '../../testing/site.js';
import type { TestApp } from '../../testing/test-app.js';

/*
 * Steps the course API tests share: the demo school's rows as the database holds them (the
 * expected answers are computed from these, not copied from the demo pack) and its two learners.
 * Requests and logging in are the catalogue's shared ones (testing/site.ts).
 */

/** Courses a learner of the demo school can see in lists, as rows. */
export async function listedCourses(t: TestApp) {
  const tenantId = await tenantIdOf(t);
  return t.db
    .select()
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), inArray(courses.status, ['PUBLISHED', 'DRAFT'])));
}

export async function courseByUid(t: TestApp, uid: string, tenantId?: number) {
  const tenant = tenantId ?? (await tenantIdOf(t));
  const [row] = await t.db
    .select()
    .from(courses)
    .where(and(eq(courses.tenantId, tenant), eq(courses.uid, uid)));
  if (!row) throw new Error(`no course ${uid}`);
  return row;
}

export const loginLearner = (t: TestApp) => login(t, demoAccounts.learner);
export const loginNewbie = (t: TestApp) => login(t, demoAccounts.newbie);

/** Ends the user's membership of a demo-school course a millisecond ago (test clock). */
export async function expireMembership(t: TestApp, uid: string, userId: number): Promise<void> {
  const course = await courseByUid(t, uid);
  await t.db
    .update(courseMembers)
    .set({ expiresAt: new Date(t.clock.now().getTime() - 1) })
    .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, userId)));
}

/**
 * A course the demo school no longer offers: what an import leaves when the pack drops a course
 * (unpublished, never deleted). Copied from a published one under the uid `retired-course`.
 */
export async function unpublishedCourse(t: TestApp): Promise<string> {
  const { id: _id, ...published } = await courseByUid(t, 'tailwind-css-quick-start');
  await t.db
    .insert(courses)
    .values({ ...published, uid: 'retired-course', status: 'UNPUBLISHED' })
    .onConflictDoNothing();
  return 'retired-course';
}

import { randomUUID } from 'node:crypto';
import { myClassroomListSchema, myCourseListSchema, ownedProductsSchema } from '@school/contract/learning';
import { courseDetailSchema } from '@school/contract/courses';
import { apiPaths } from '@school/contract/paths';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classroomCourses,
  classroomMembers,
  classrooms,
  courseMembers,
  courses,
  orders,
  refunds,
} from '../db/schema.js';
import { arrangeCourse, tempMediaStorage } from '../features/lessons/lessons-testing.js';
import { insertClassroom } from '../features/classrooms/classrooms-testing.js';
import { newAccount, type TestAccount } from '../testing/accounts.js';
import { get, ownSite, post, tenantIdOf } from '../testing/site.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { grantMembership } from './memberships.js';

/*
 * Quitting a course or classroom (DELETE /api/courses|classrooms/{uid}/membership): a free one
 * goes, with what it gave; a paid one, or a course a classroom gave, stays (403
 * noPermissionQuitCourse). Each test arranges its own courses and learners.
 */

let t: TestApp;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp({}, { mediaStorage: await tempMediaStorage() });
  tenantId = await tenantIdOf(t);
});
afterAll(() => t?.close());

function quit(kind: 'courses' | 'classrooms', uid: string, cookie?: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/${kind}/${uid}/membership`,
    headers: { ...ownSite, ...(cookie ? { cookie } : {}) },
  });
}

async function freeCourse(lessons = 2) {
  return arrangeCourse(t, await storage(), {
    lessons: Array.from({ length: lessons }, () => ({ mediaType: 'PDF', length: 3 })),
  });
}
let shared: Awaited<ReturnType<typeof tempMediaStorage>> | undefined;
const storage = async () => (shared ??= await tempMediaStorage());

async function membership(courseId: number, userId: number) {
  const [row] = await t.db
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return row ?? null;
}

async function studentsOf(table: typeof courses | typeof classrooms, id: number) {
  const [row] = await t.db.select({ n: table.studentCount }).from(table).where(eq(table.id, id));
  return row!.n;
}

async function myCourses(cookie: string) {
  const res = await get(t, apiPaths.myCourses, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return myCourseListSchema.parse(res.json()).items;
}

async function myClassrooms(cookie: string) {
  const res = await get(t, apiPaths.myClassrooms, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return myClassroomListSchema.parse(res.json()).items;
}

async function owned(cookie: string) {
  const res = await get(t, apiPaths.ownedProducts, cookie);
  return ownedProductsSchema.parse(res.json());
}

function finishPage(lessonId: number, cookie: string, position: number) {
  return t.app.inject({
    method: 'PUT',
    url: apiPaths.lessonProgress(lessonId),
    headers: { ...ownSite, cookie },
    payload: { position, at: t.clock.now().toISOString() },
  });
}

/** A PAID order of the learner's for the product, and the membership it gives. */
async function paidFor(learner: TestAccount, productType: 'COURSE' | 'CLASSROOM', productId: number) {
  const tradeNo = `T${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const now = t.clock.now();
  const [order] = await t.db
    .insert(orders)
    .values({
      tenantId,
      tradeNo,
      userId: learner.id,
      productType,
      productId,
      productTitle: { cn: '商品', en: 'Product' },
      productCover: '/cover.svg',
      priceCents: 1000,
      payableCents: 1000,
      idempotencyKey: randomUUID(),
      expiresAt: new Date(now.getTime() + 3_600_000),
      status: 'PAID',
      paidAt: now,
    })
    .returning();
  await grantMembership(t.db, { tenantId, userId: learner.id, productType, productId }, now);
  return order!;
}

describe('DELETE /api/courses/{uid}/membership', () => {
  it('asks a visitor to log in', async () => {
    const course = await freeCourse();
    const res = await quit('courses', course.uid);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('ends a free membership: gone from the learning centre and Joined, Join again on the page, counted out once', async () => {
    const course = await freeCourse();
    const learner = await newAccount(t);
    expect((await post(t, apiPaths.courseJoin(course.uid), learner.cookie)).statusCode).toBe(201);
    const joined = await studentsOf(courses, course.id);
    expect((await myCourses(learner.cookie)).map((item) => [item.uid, item.leave])).toEqual([
      [course.uid, { kind: 'quit' }],
    ]);

    const res = await quit('courses', course.uid, learner.cookie);
    expect(res.statusCode, res.body).toBe(204);
    expect(await membership(course.id, learner.id)).toBeNull();
    expect(await studentsOf(courses, course.id)).toBe(joined - 1);
    expect(await myCourses(learner.cookie)).toEqual([]);
    expect((await owned(learner.cookie)).courses).not.toContain(course.uid);
    const detail = courseDetailSchema.parse((await get(t, apiPaths.course(course.uid), learner.cookie)).json());
    expect(detail.membership).toBeNull();

    // Idempotent: a second tap (or a retry) finds nothing to end and changes nothing.
    const again = await quit('courses', course.uid, learner.cookie);
    expect(again.statusCode).toBe(204);
    expect(await studentsOf(courses, course.id)).toBe(joined - 1);
  });

  it('keeps the progress: joining again finds the finished lessons finished and continues where the learner was', async () => {
    const course = await freeCourse(2);
    const learner = await newAccount(t);
    await post(t, apiPaths.courseJoin(course.uid), learner.cookie);
    expect((await finishPage(course.lessonIds[0]!, learner.cookie, 3)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await finishPage(course.lessonIds[1]!, learner.cookie, 1)).statusCode).toBe(200);
    const before = (await myCourses(learner.cookie))[0]!;
    expect(before).toMatchObject({ learnedLessonCount: 1, progress: 50, lastLessonId: course.lessonIds[1] });

    expect((await quit('courses', course.uid, learner.cookie)).statusCode).toBe(204);
    expect((await post(t, apiPaths.courseJoin(course.uid), learner.cookie)).statusCode).toBe(201);
    const after = (await myCourses(learner.cookie))[0]!;
    expect(after).toMatchObject({
      learnedLessonCount: 1,
      progress: 50,
      lastLessonId: course.lessonIds[1],
      lastLearnedAt: before.lastLearnedAt,
    });
  });

  it('refuses a paid course and points to its order; a refunded order no longer holds it', async () => {
    const course = await arrangeCourse(t, await storage(), { lessons: [{ mediaType: 'PDF' }], priceCents: 1000 });
    const learner = await newAccount(t);
    const order = await paidFor(learner, 'COURSE', course.id);
    expect((await myCourses(learner.cookie))[0]?.leave).toEqual({ kind: 'refund', tradeNo: order.tradeNo });

    const res = await quit('courses', course.uid, learner.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('noPermissionQuitCourse');
    expect(await membership(course.id, learner.id)).not.toBeNull();

    // The school accepted a refund but the membership is still there (the course became free
    // and the learner joined it again meanwhile): nothing paid holds it any more.
    await t.db.insert(refunds).values({
      tenantId,
      orderId: order.id,
      refundNo: `R${order.tradeNo}`,
      reason: 'NO_TIME_TO_STUDY',
      amountCents: 1000,
      description: '',
      status: 'ACCEPTED',
    });
    expect((await myCourses(learner.cookie))[0]?.leave).toEqual({ kind: 'quit' });
    expect((await quit('courses', course.uid, learner.cookie)).statusCode).toBe(204);
  });

  it('leaves a learner who is not a member alone, and another learner’s membership untouched', async () => {
    const course = await freeCourse();
    const [member, stranger] = [await newAccount(t), await newAccount(t)];
    await post(t, apiPaths.courseJoin(course.uid), member.cookie);
    const res = await quit('courses', course.uid, stranger.cookie);
    expect(res.statusCode).toBe(204);
    expect(await membership(course.id, member.id)).not.toBeNull();
    expect(await membership(course.id, stranger.id)).toBeNull();
  });

  it('answers 404 for an unknown course or another school’s', async () => {
    const learner = await newAccount(t);
    const missing = await quit('courses', 'no-such-course', learner.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('courseNotFound');
    const elsewhere = await arrangeCourse(t, await storage(), { lessons: [{ mediaType: 'PDF' }], tenant: 'second' });
    const res = await quit('courses', elsewhere.uid, learner.cookie);
    expect(res.statusCode).toBe(404);
  });

  it('refuses a course a classroom gave (the classroom is what the learner leaves)', async () => {
    const given = await freeCourse();
    const classroom = await insertClassroom(t, { tenantId });
    await t.db.insert(classroomCourses).values({ classroomId: classroom.id, courseId: given.id, seq: 1 });
    const learner = await newAccount(t);
    expect((await post(t, apiPaths.classroomJoin(classroom.uid), learner.cookie)).statusCode).toBe(201);
    expect((await myCourses(learner.cookie))[0]?.leave).toEqual({
      kind: 'classroom',
      classroom: { uid: classroom.uid, title: classroom.title.en },
    });
    const res = await quit('courses', given.uid, learner.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('noPermissionQuitCourse');
    expect(await membership(given.id, learner.id)).not.toBeNull();
  });
});

describe('DELETE /api/classrooms/{uid}/membership', () => {
  it('ends a free classroom and the courses it gave, not a course the learner held on their own', async () => {
    const [given, ownCourse] = [await freeCourse(), await freeCourse()];
    const classroom = await insertClassroom(t, { tenantId });
    await t.db.insert(classroomCourses).values([
      { classroomId: classroom.id, courseId: given.id, seq: 1 },
      { classroomId: classroom.id, courseId: ownCourse.id, seq: 2 },
    ]);
    const learner = await newAccount(t);
    await post(t, apiPaths.courseJoin(ownCourse.uid), learner.cookie);
    t.clock.advance(1000);
    expect((await post(t, apiPaths.classroomJoin(classroom.uid), learner.cookie)).statusCode).toBe(201);
    expect((await myClassrooms(learner.cookie)).map((item) => item.leave)).toEqual([{ kind: 'quit' }]);
    const seats = await studentsOf(classrooms, classroom.id);

    const res = await quit('classrooms', classroom.uid, learner.cookie);
    expect(res.statusCode, res.body).toBe(204);
    expect(await myClassrooms(learner.cookie)).toEqual([]);
    expect(await studentsOf(classrooms, classroom.id)).toBe(seats - 1);
    expect(await membership(given.id, learner.id)).toBeNull();
    expect(await membership(ownCourse.id, learner.id)).not.toBeNull();
    expect((await owned(learner.cookie)).classrooms).not.toContain(classroom.uid);

    expect((await quit('classrooms', classroom.uid, learner.cookie)).statusCode).toBe(204);
    expect(await studentsOf(classrooms, classroom.id)).toBe(seats - 1);
  });

  it('refuses a paid classroom and points to its order', async () => {
    const classroom = await insertClassroom(t, { tenantId, priceCents: 1000 });
    const learner = await newAccount(t);
    const order = await paidFor(learner, 'CLASSROOM', classroom.id);
    expect((await myClassrooms(learner.cookie)).map((item) => item.leave)).toEqual([
      { kind: 'refund', tradeNo: order.tradeNo },
    ]);
    const res = await quit('classrooms', classroom.uid, learner.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('noPermissionQuitCourse');
    const [still] = await t.db
      .select()
      .from(classroomMembers)
      .where(and(eq(classroomMembers.classroomId, classroom.id), eq(classroomMembers.userId, learner.id)));
    expect(still).toBeDefined();
  });

  it('answers 404 for an unknown classroom', async () => {
    const learner = await newAccount(t);
    const res = await quit('classrooms', 'no-such-classroom', learner.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('classroomNotFound');
  });
});

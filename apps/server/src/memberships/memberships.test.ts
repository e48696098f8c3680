import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomCourses, classrooms, courseMembers, courses, exams, orders } from '../db/schema.js';
import { insertClassroom } from '../features/classrooms/classrooms-testing.js';
import { newAccount } from '../testing/accounts.js';
import { day, tenantIdOf } from '../testing/site.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import {
  endMembership,
  grantMembership,
  hasSeatFor,
  holdsProduct,
  joinClassroom,
  joinCourse,
  joinExam,
  MembershipRefused,
} from './memberships.js';

/*
 * One set of rules, whichever way a membership is made: a free join, a paid order, or a
 * classroom giving its courses. Each case makes the same membership two ways and compares.
 */

let t: TestApp;
let tenantId: number;
let freeCourse: typeof courses.$inferSelect;
beforeAll(async () => {
  t = await createTestApp();
  tenantId = await tenantIdOf(t);
  // A course whose memberships last 30 days (the demo's courses differ; one is set here).
  const [course] = await t.db.select().from(courses).where(eq(courses.tenantId, tenantId)).limit(1);
  const [updated] = await t.db
    .update(courses)
    .set({ validityKind: 'DAYS', validityDays: 30, validityEndDate: null })
    .where(eq(courses.id, course!.id))
    .returning();
  freeCourse = updated!;
}, 60_000);
afterAll(() => t?.close());

const learner = async () => (await newAccount(t)).id;

async function studentsOf(table: typeof courses | typeof classrooms | typeof exams, id: number) {
  const [row] = await t.db.select({ n: table.studentCount }).from(table).where(eq(table.id, id));
  return row!.n;
}

async function courseMember(courseId: number, userId: number) {
  const [row] = await t.db
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return row ?? null;
}

/** An unpaid order of the learner's for the classroom, open for another hour. */
async function unpaidOrder(classroomId: number, userId: number) {
  await t.db.insert(orders).values({
    tenantId,
    tradeNo: `T${randomUUID().replaceAll('-', '').slice(0, 20)}`,
    userId,
    productType: 'CLASSROOM',
    productId: classroomId,
    productTitle: { cn: '班级', en: 'Classroom' },
    productCover: '/cover.svg',
    priceCents: 1000,
    payableCents: 1000,
    idempotencyKey: randomUUID(),
    expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
  });
}

describe('a course membership', () => {
  it('lasts the course validity, counted once, whether joined free or granted by a payment', async () => {
    const now = t.clock.now();
    const [joiner, buyer] = [await learner(), await learner()];
    const before = await studentsOf(courses, freeCourse.id);
    const joined = await joinCourse(t.db, { tenantId, courseId: freeCourse.id, userId: joiner, now });
    await grantMembership(t.db, { tenantId, userId: buyer, productType: 'COURSE', productId: freeCourse.id }, now);
    const bought = await courseMember(freeCourse.id, buyer);
    expect(joined.expiresAt).toEqual(new Date(now.getTime() + 30 * day));
    expect(bought?.expiresAt).toEqual(joined.expiresAt);
    expect(await studentsOf(courses, freeCourse.id)).toBe(before + 2);

    // A second join while it runs is refused; a second payment's grant changes nothing.
    await expect(joinCourse(t.db, { tenantId, courseId: freeCourse.id, userId: joiner, now })).rejects.toEqual(
      new MembershipRefused('memberExisted'),
    );
    await grantMembership(t.db, { tenantId, userId: joiner, productType: 'COURSE', productId: freeCourse.id }, now);
    expect(await studentsOf(courses, freeCourse.id)).toBe(before + 2);
  });

  it('runs through its last instant, then is renewed by either way, keeping progress and the count', async () => {
    const now = t.clock.now();
    const [joiner, buyer] = [await learner(), await learner()];
    for (const userId of [joiner, buyer]) {
      await joinCourse(t.db, { tenantId, courseId: freeCourse.id, userId, now });
      await t.db
        .update(courseMembers)
        .set({ expiresAt: now, learnedLessonCount: 2 })
        .where(and(eq(courseMembers.courseId, freeCourse.id), eq(courseMembers.userId, userId)));
    }
    // At its end instant it still runs (the same rule in SQL as in isExpiredAt).
    expect(await holdsProduct(t.db, 'COURSE', freeCourse.id, joiner, now)).toBe(true);
    const later = new Date(now.getTime() + 1);
    expect(await holdsProduct(t.db, 'COURSE', freeCourse.id, joiner, later)).toBe(false);

    const count = await studentsOf(courses, freeCourse.id);
    const renewed = await joinCourse(t.db, { tenantId, courseId: freeCourse.id, userId: joiner, now: later });
    await grantMembership(t.db, { tenantId, userId: buyer, productType: 'COURSE', productId: freeCourse.id }, later);
    for (const row of [renewed, await courseMember(freeCourse.id, buyer)]) {
      expect(row?.expiresAt).toEqual(new Date(later.getTime() + 30 * day));
      expect(row?.joinedAt).toEqual(now);
      expect(row?.learnedLessonCount).toBe(2);
    }
    expect(await studentsOf(courses, freeCourse.id)).toBe(count);
  });
});

describe('a classroom membership', () => {
  async function classroomWithCourse(maxStudents: number | null) {
    const classroom = await insertClassroom(t, { maxStudents, studentCount: 0, priceCents: 1000 });
    await t.db.insert(classroomCourses).values({ classroomId: classroom.id, courseId: freeCourse.id, seq: 1 });
    return classroom;
  }

  it('gives its courses the same way joined or bought, and a refund takes back only what it gave', async () => {
    const classroom = await classroomWithCourse(null);
    const now = t.clock.now();
    const [joiner, buyer, hadCourse] = [await learner(), await learner(), await learner()];
    // One learner's own membership of the course ran out before: the classroom gives it again.
    await joinCourse(t.db, {
      tenantId,
      courseId: freeCourse.id,
      userId: hadCourse,
      now: new Date(now.getTime() - 60 * day),
    });
    const courseCount = await studentsOf(courses, freeCourse.id);

    await joinClassroom(t.db, { tenantId, classroomId: classroom.id, userId: joiner, now, seat: 'free' });
    const purchase = { tenantId, userId: buyer, productType: 'CLASSROOM', productId: classroom.id } as const;
    await grantMembership(t.db, purchase, now);
    await grantMembership(t.db, { ...purchase, userId: hadCourse }, now);
    for (const userId of [joiner, buyer, hadCourse]) {
      expect(await holdsProduct(t.db, 'CLASSROOM', classroom.id, userId, now)).toBe(true);
      expect(await courseMember(freeCourse.id, userId)).toMatchObject({ joinedAt: now, expiresAt: null });
    }
    expect(await studentsOf(classrooms, classroom.id)).toBe(3);
    expect(await studentsOf(courses, freeCourse.id)).toBe(courseCount + 2);

    await endMembership(t.db, purchase);
    expect(await holdsProduct(t.db, 'CLASSROOM', classroom.id, buyer, now)).toBe(false);
    expect(await courseMember(freeCourse.id, buyer)).toBeNull();
    expect(await studentsOf(classrooms, classroom.id)).toBe(2);
    expect(await studentsOf(courses, freeCourse.id)).toBe(courseCount + 1);
  });

  it('has seats for members and for unpaid orders alike: a paid order takes the seat it held', async () => {
    const classroom = await classroomWithCourse(2);
    const now = t.clock.now();
    const [ordering, joiner, late] = [await learner(), await learner(), await learner()];
    await unpaidOrder(classroom.id, ordering);
    expect(await hasSeatFor(t.db, classroom.id, joiner, now)).toBe(true);
    await joinClassroom(t.db, { tenantId, classroomId: classroom.id, userId: joiner, now, seat: 'free' });

    // One member and one held seat: nobody else may join or order, the one who ordered still may pay.
    expect(await hasSeatFor(t.db, classroom.id, late, now)).toBe(false);
    expect(await hasSeatFor(t.db, classroom.id, ordering, now)).toBe(true);
    await expect(
      joinClassroom(t.db, { tenantId, classroomId: classroom.id, userId: late, now, seat: 'free' }),
    ).rejects.toEqual(new MembershipRefused('full'));
    await grantMembership(t.db, { tenantId, userId: ordering, productType: 'CLASSROOM', productId: classroom.id }, now);
    expect(await studentsOf(classrooms, classroom.id)).toBe(2);

    // An order that expired holds nothing.
    const roomy = await classroomWithCourse(1);
    await unpaidOrder(roomy.id, ordering);
    expect(await hasSeatFor(t.db, roomy.id, late, now)).toBe(false);
    expect(await hasSeatFor(t.db, roomy.id, late, new Date(now.getTime() + 2 * 3_600_000))).toBe(true);
  });
});

describe('an exam membership', () => {
  it('is counted once, joined or bought', async () => {
    const [exam] = await t.db.select().from(exams).where(eq(exams.tenantId, tenantId)).limit(1);
    const now = t.clock.now();
    const [joiner, buyer] = [await learner(), await learner()];
    const before = await studentsOf(exams, exam!.id);
    await joinExam(t.db, { tenantId, examId: exam!.id, userId: joiner, now });
    await grantMembership(t.db, { tenantId, userId: buyer, productType: 'EXAM', productId: exam!.id }, now);
    await grantMembership(t.db, { tenantId, userId: joiner, productType: 'EXAM', productId: exam!.id }, now);
    await expect(joinExam(t.db, { tenantId, examId: exam!.id, userId: buyer, now })).rejects.toEqual(
      new MembershipRefused('memberExisted'),
    );
    expect(await studentsOf(exams, exam!.id)).toBe(before + 2);
  });
});

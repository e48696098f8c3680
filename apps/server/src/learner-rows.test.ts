import { orderPaths } from '@school/contract/order-paths';
import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { accountPaths } from '@school/contract/account-paths';
import { apiPaths, backOfficePaths } from '@school/contract/paths';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { openDatabase, type Db } from './db/database.js';
import {
  attempts,
  classroomCourses,
  classroomMembers,
  courseMembers,
  exams,
  lessonLearnings,
  lessons,
  sessions,
  users,
} from './db/schema.js';
import { demoAccounts } from './demo-data/demo-accounts.js';
import { insertClassroom } from './features/classrooms/classrooms-testing.js';
import { arrangeCourse, tempMediaStorage } from './features/lessons/lessons-testing.js';
import { orderFor, paidProducts, payOnCashier } from './features/orders/orders-testing.js';
import { sessionIdOf } from './features/auth/auth.service.js';
import { newAccount, type TestAccount } from './testing/accounts.js';
import { get, login, ownSite, post, tenantIdOf } from './testing/site.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

/*
 * A signed-in learner's session and own rows, kept per process between requests
 * (LEARNER_CACHE_SECONDS, 60 here as by default; lib/learner-cache.ts) and forgotten when the
 * database's triggers say they changed (migration 0007; decision 014). Whatever changes them
 * — this app's requests, SQL as an admin or another process would write it, a second app on the
 * same database — the next read says so: on PGlite the notification comes with the write's own
 * result; on PostgreSQL a write request answers only after its notifications were heard, and
 * a write from elsewhere shows once its notification arrives (waited for, at most 5 s). The
 * public part of a detail is kept as in production (PUBLIC_CACHE_SECONDS 10): only the
 * learner's own part can move in these tests.
 */

let t: TestApp;
let tenantId: number;
let course: { id: number; uid: string; lessonIds: number[] };
const onPostgres = () => t.config.database.driver === 'postgres';

beforeAll(async () => {
  // The moment between a commit and its notification is what these tests look at.
  t = await createTestApp({ publicCacheSeconds: 10 }, { injectAfterHeard: false });
  tenantId = await tenantIdOf(t);
  // Free: a video of 100 s (90 s watched completes it) and a PDF of 3 pages.
  course = await arrangeCourse(t, await tempMediaStorage(), {
    lessons: [
      { mediaType: 'VIDEO', length: 100 },
      { mediaType: 'PDF', length: 3 },
    ],
  });
});
afterAll(async () => {
  await t.close();
});

const courseDetail = async (cookie: string, app: App = t.app) => {
  const res = await app.inject({ url: apiPaths.course(course.uid), headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const membershipOf = async (cookie: string, app: App = t.app) => (await courseDetail(cookie, app)).json().membership;
const privateRead = (cookie: string, app: App = t.app) =>
  app.inject({ url: apiPaths.usersCurrent, headers: { cookie } });

/** The cookie's session is over: a detail answers as to a visitor and drops the cookie; a private read is 401. */
async function expectSignedOut(cookie: string) {
  const res = await courseDetail(cookie);
  expect(res.json().membership).toBeNull();
  expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
  expect((await privateRead(cookie)).statusCode).toBe(401);
}

async function joined(account: TestAccount) {
  const res = await post(t, apiPaths.courseJoin(course.uid), account.cookie);
  expect(res.statusCode, res.body).toBe(201);
}

function report(cookie: string, lessonId: number, position: number) {
  return t.app.inject({
    method: 'PUT',
    url: apiPaths.lessonProgress(lessonId),
    headers: { ...ownSite, cookie },
    payload: { position, at: t.clock.now().toISOString() },
  });
}

/** A write the database does not announce (its triggers off for the transaction), as if its notification were lost. */
async function unannounced(write: (tx: Db) => Promise<unknown>) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx as unknown as Db);
  });
}

/**
 * What the next read says after a write made outside this app's requests: on PGlite the very
 * next read; on PostgreSQL reads until `done`, while the notification is on its way (at most 5 s).
 */
async function afterNotification<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  const until = Date.now() + 5_000;
  while (onPostgres() && !done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    value = await read();
  }
  return value;
}

describe('what is kept', () => {
  it('answers from memory: a change the database does not announce shows only after LEARNER_CACHE_SECONDS', async () => {
    const me = await newAccount(t);
    await joined(me);
    expect(await membershipOf(me.cookie)).toMatchObject({ progress: 0, lastLessonId: null });
    await unannounced((db) =>
      db
        .update(courseMembers)
        .set({ learnedLessonCount: 1, lastLessonId: course.lessonIds[0]! })
        .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, me.id))),
    );
    await unannounced((db) => db.delete(sessions).where(eq(sessions.userId, me.id)));
    // Neither read touched the database: the kept session and membership answered.
    expect(await membershipOf(me.cookie)).toMatchObject({ progress: 0, lastLessonId: null });
    t.clock.advance(30_000);
    expect(await membershipOf(me.cookie)).toMatchObject({ progress: 0 });
    // The safety net: nothing is kept longer than the seconds.
    t.clock.advance(30_000);
    await expectSignedOut(me.cookie);
  });

  it("judges a kept session's expiry at every read", async () => {
    const me = await newAccount(t);
    const soon = new Date(t.clock.now().getTime() + 20_000);
    await unannounced((db) => db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, me.id)));
    expect((await privateRead(me.cookie)).statusCode).toBe(200);
    t.clock.advance(20_000);
    await expectSignedOut(me.cookie);
  });

  it("slides a browser session's last-seen time once a minute when the session comes from memory", async () => {
    const me = await newAccount(t);
    const lastSeen = async () =>
      (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, me.id)))[0]!.at;
    const signedInAt = await lastSeen();
    t.clock.advance(30_000);
    // Kept from here on (30 s of its 60 s left at the next step).
    expect((await privateRead(me.cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toEqual(signedInAt);
    t.clock.advance(31_000);
    expect((await privateRead(me.cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toEqual(t.clock.now());
  });
});

describe("a session's end is refused by the next request", () => {
  it('after signing out', async () => {
    const me = await newAccount(t);
    await joined(me);
    expect(await membershipOf(me.cookie)).not.toBeNull();
    expect((await post(t, apiPaths.logout, me.cookie)).statusCode).toBe(204);
    await expectSignedOut(me.cookie);
  });

  it('after a password change, for every other session of the account', async () => {
    const me = await newAccount(t);
    await joined(me);
    const other = await login(t, { username: me.username, password: me.password });
    expect(await membershipOf(other)).not.toBeNull();
    const changed = await post(t, accountPaths.passwordChange, me.cookie, {
      oldPassword: me.password,
      password: 'changed-password-1',
      confirmPassword: 'changed-password-1',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await expectSignedOut(other);
    expect(await membershipOf(me.cookie)).not.toBeNull();
  });

  it.each([
    ['its row deleted (revoked)', (id: number) => t.db.delete(sessions).where(eq(sessions.userId, id)), 401],
    ['the account deleted', (id: number) => t.db.delete(users).where(eq(users.id, id)), 401],
    [
      'the account disabled',
      (id: number) => t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, id)),
      403,
    ],
  ] as const)('after %s with SQL, as an admin or another process would', async (_what, write, status) => {
    const me = await newAccount(t);
    await joined(me);
    expect(await membershipOf(me.cookie)).not.toBeNull();
    expect((await privateRead(me.cookie)).statusCode).toBe(200);
    await write(me.id);
    expect(
      await afterNotification(
        () => membershipOf(me.cookie),
        (m) => m === null,
      ),
    ).toBeNull();
    expect((await privateRead(me.cookie)).statusCode).toBe(status);
  });
});

describe("a learner's next detail read shows what changed their rows", () => {
  it('joining a course, a classroom and an exam', async () => {
    const me = await newAccount(t);
    const classroom = await insertClassroom(t, { courseCount: 1 });
    await t.db.insert(classroomCourses).values({ classroomId: classroom.id, courseId: course.id, seq: 1 });
    expect(await membershipOf(me.cookie)).toBeNull();
    const classroomDetail = async () => (await get(t, apiPaths.classroom(classroom.uid), me.cookie)).json().membership;
    const examDetail = async () => (await get(t, apiPaths.exam('python-quiz'), me.cookie)).json().membership;
    expect(await classroomDetail()).toBeNull();
    expect(await examDetail()).toBeNull();

    // The classroom's join makes them a member of its course too.
    expect((await post(t, apiPaths.classroomJoin(classroom.uid), me.cookie)).statusCode).toBe(201);
    expect(await classroomDetail()).toMatchObject({ completedCourseCount: 0, progress: 0 });
    expect(await membershipOf(me.cookie)).toMatchObject({ learningStatus: 'NOT_STARTED', progress: 0 });

    expect((await post(t, apiPaths.examJoin('python-quiz'), me.cookie)).statusCode).toBe(201);
    expect(await examDetail()).toMatchObject({ attemptsUsed: 0, openAttemptId: null });
    const started = await post(t, examTakingPaths.examAttempts('python-quiz'), me.cookie);
    expect(started.statusCode, started.body).toBe(201);
    const attemptId = started.json().id;
    expect(await examDetail()).toMatchObject({ attemptsUsed: 0, openAttemptId: attemptId, latestAttempt: null });
    const submitted = await post(t, examTakingPaths.attemptSubmit(attemptId), me.cookie, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await examDetail()).toMatchObject({
      attemptsUsed: 1,
      openAttemptId: null,
      latestAttempt: { id: attemptId },
    });
  });

  it('lesson progress: a lesson completed, the course progress, the classroom completed', async () => {
    const me = await newAccount(t);
    const classroom = await insertClassroom(t, { courseCount: 1 });
    await t.db.insert(classroomCourses).values({ classroomId: classroom.id, courseId: course.id, seq: 1 });
    expect((await post(t, apiPaths.classroomJoin(classroom.uid), me.cookie)).statusCode).toBe(201);
    const [video, pdf] = course.lessonIds as [number, number];
    const lessonStatus = async () =>
      (await courseDetail(me.cookie))
        .json()
        .chapters[0].lessons.map((l: { learningStatus: string }) => l.learningStatus);
    const classroomCourse = async () =>
      (await get(t, apiPaths.classroom(classroom.uid), me.cookie)).json().courses[0].completedLessonCount;
    expect(await lessonStatus()).toEqual(['NOT_STARTED', 'NOT_STARTED']);
    expect(await classroomCourse()).toBe(0);

    expect((await report(me.cookie, video, 10)).statusCode).toBe(200);
    expect(await lessonStatus()).toEqual(['LEARNING', 'NOT_STARTED']);
    expect(await membershipOf(me.cookie)).toMatchObject({ learningStatus: 'LEARNING', lastLessonId: video });

    expect((await report(me.cookie, video, 95)).statusCode).toBe(200);
    expect(await lessonStatus()).toEqual(['COMPLETED', 'NOT_STARTED']);
    expect(await membershipOf(me.cookie)).toMatchObject({ progress: 50 });
    expect(await classroomCourse()).toBe(1);

    expect((await report(me.cookie, pdf, 3)).statusCode).toBe(200);
    expect(await membershipOf(me.cookie)).toMatchObject({
      progress: 100,
      learningStatus: 'COMPLETED',
      lastLessonId: pdf,
    });
    expect(await classroomCourse()).toBe(2);
  });

  it('paying for a course, then its refund accepted', async () => {
    const me = await newAccount(t);
    const paid = (await paidProducts(t, 'COURSE'))[0]!;
    const membership = async () => (await get(t, apiPaths.course(paid.uid), me.cookie)).json().membership;
    expect(await membership()).toBeNull();
    const order = await orderFor(t, me.cookie, 'COURSE', paid.uid);
    await payOnCashier(t, me.cookie, order.tradeNo);
    expect(await membership()).toMatchObject({ learningStatus: 'NOT_STARTED', expired: false });

    const applied = await post(t, orderPaths.orderRefunds(order.tradeNo), me.cookie, {
      reason: 'PRODUCT_UNSUITABLE',
      amount: order.payable,
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const operator = await login(t, demoAccounts.operator);
    const refunds = (await get(t, `${backOfficePaths.operatorRefunds}?status=CREATED`, operator)).json();
    const refund = refunds.items.find((r: { tradeNo: string }) => r.tradeNo === order.tradeNo);
    const accepted = await post(t, backOfficePaths.operatorRefundAccept(refund.refundNo), operator, { note: 'ok' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await membership()).toBeNull();
  });

  it('rows written with SQL, as an admin or another process would', async () => {
    const me = await newAccount(t);
    const [video] = course.lessonIds as [number, number];
    expect(await membershipOf(me.cookie)).toBeNull();
    await t.db.insert(courseMembers).values({ tenantId, courseId: course.id, userId: me.id, joinedAt: t.clock.now() });
    expect(
      await afterNotification(
        () => membershipOf(me.cookie),
        (m) => m !== null,
      ),
    ).not.toBeNull();

    await t.db.insert(lessonLearnings).values({ lessonId: video, userId: me.id, status: 'COMPLETED' });
    const statusOfVideo = async () => (await courseDetail(me.cookie)).json().chapters[0].lessons[0].learningStatus;
    expect(await afterNotification(statusOfVideo, (s) => s === 'COMPLETED')).toBe('COMPLETED');

    const ended = new Date(t.clock.now().getTime() - 1000);
    await t.db
      .update(courseMembers)
      .set({ expiresAt: ended })
      .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, me.id)));
    expect(
      await afterNotification(
        () => membershipOf(me.cookie),
        (m) => m.expired,
      ),
    ).toMatchObject({ expired: true });

    const classroom = await insertClassroom(t);
    const classroomMembership = async () =>
      (await get(t, apiPaths.classroom(classroom.uid), me.cookie)).json().membership;
    expect(await classroomMembership()).toBeNull();
    await t.db
      .insert(classroomMembers)
      .values({ tenantId, classroomId: classroom.id, userId: me.id, joinedAt: t.clock.now() });
    expect(await afterNotification(classroomMembership, (m) => m !== null)).not.toBeNull();
    await t.db.delete(classroomMembers).where(eq(classroomMembers.userId, me.id));
    expect(await afterNotification(classroomMembership, (m) => m === null)).toBeNull();

    expect((await post(t, apiPaths.examJoin('python-quiz'), me.cookie)).statusCode).toBe(201);
    const exam = (
      await t.db
        .select()
        .from(exams)
        .where(and(eq(exams.tenantId, tenantId), eq(exams.uid, 'python-quiz')))
    )[0]!;
    const examMembership = async () => (await get(t, apiPaths.exam('python-quiz'), me.cookie)).json().membership;
    expect(await examMembership()).toMatchObject({ bestScore: null });
    const started = await post(t, examTakingPaths.examAttempts('python-quiz'), me.cookie);
    expect(started.statusCode, started.body).toBe(201);
    await t.db
      .update(attempts)
      .set({ status: 'COMPLETED', score: exam.totalScore, submittedAt: t.clock.now() })
      .where(eq(attempts.id, started.json().id));
    expect(await afterNotification(examMembership, (m) => m.bestScore !== null)).toMatchObject({
      bestScore: exam.totalScore,
      openAttemptId: null,
    });
  });

  it('a lesson unpublished with SQL, as the school pack importer does: a classroom no longer counts it completed', async () => {
    // A course of its own: unpublishing a lesson of the shared one would move the other tests' numbers.
    const own = await arrangeCourse(t, await tempMediaStorage(), {
      lessons: [
        { mediaType: 'PDF', length: 1 },
        { mediaType: 'PDF', length: 1 },
      ],
    });
    const me = await newAccount(t);
    const classroom = await insertClassroom(t, { courseCount: 1 });
    await t.db.insert(classroomCourses).values({ classroomId: classroom.id, courseId: own.id, seq: 1 });
    expect((await post(t, apiPaths.classroomJoin(classroom.uid), me.cookie)).statusCode).toBe(201);
    const [first] = own.lessonIds as [number, number];
    expect((await report(me.cookie, first, 1)).statusCode).toBe(200);
    const completedLessons = async (): Promise<number> =>
      (await get(t, apiPaths.classroom(classroom.uid), me.cookie)).json().courses[0].completedLessonCount;
    expect(await completedLessons()).toBe(1);

    await t.db.update(lessons).set({ status: 'UNPUBLISHED' }).where(eq(lessons.id, first));
    expect(await afterNotification(completedLessons, (n) => n === 0)).toBe(0);
    await t.db.update(lessons).set({ status: 'PUBLISHED' }).where(eq(lessons.id, first));
    expect(await afterNotification(completedLessons, (n) => n === 1)).toBe(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL', () => {
  // A second app on the same database, as another server process; it waits 1 s before
  // listening again after losing its connection, so the test can look at it meanwhile.
  let other: App;
  const otherLog: string[] = [];

  beforeAll(async () => {
    other = await buildApp(
      { ...t.config, logLevel: 'info' },
      {
        database: await openDatabase(t.config.database, { listenRetryMs: 1_000 }),
        clock: t.clock,
        logStream: { write: (line) => otherLog.push(line) },
      },
    );
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
  });

  it("a sign-out through one is refused by the other once the notification arrives; a join through one shows on the other's next read", async () => {
    const me = await newAccount(t);
    expect(await membershipOf(me.cookie, other)).toBeNull();
    await joined(me);
    expect(
      await afterNotification(
        () => membershipOf(me.cookie, other),
        (m) => m !== null,
      ),
    ).not.toBeNull();
    expect((await privateRead(me.cookie, other)).statusCode).toBe(200);
    expect((await post(t, apiPaths.logout, me.cookie)).statusCode).toBe(204);
    expect(
      await afterNotification(
        async () => (await privateRead(me.cookie, other)).statusCode,
        (s) => s === 401,
      ),
    ).toBe(401);
  });

  it('keeps nothing while its listening connection is lost, and keeps again once it listens', async () => {
    const me = await newAccount(t);
    await joined(me);
    const warned = otherLog.length;
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'school-notify-listener'`,
    );
    await afterNotification(
      async () => otherLog.slice(warned).some((line) => line.includes('lost the database notifications')),
      (lost) => lost,
    );
    expect(otherLog.slice(warned).join('')).toContain('lost the database notifications');

    // Lost (for a second): every read goes to the database, and a change whose notification
    // nobody hears shows at once.
    const sessionId = sessionIdOf(me.cookie.replace(/^sid=/, ''));
    expect(await membershipOf(me.cookie, other)).toMatchObject({ lastLessonId: null });
    await unannounced((db) =>
      db
        .update(courseMembers)
        .set({ lastLessonId: course.lessonIds[0]! })
        .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, me.id))),
    );
    expect(await membershipOf(me.cookie, other)).toMatchObject({ lastLessonId: course.lessonIds[0] });
    await unannounced((db) => db.delete(sessions).where(eq(sessions.id, sessionId)));
    expect((await privateRead(me.cookie, other)).statusCode).toBe(401);
    expect(otherLog.join('')).not.toContain('hearing the database notifications again');

    // Back: kept again (an unannounced change is not seen).
    await afterNotification(
      async () => otherLog.join('').includes('hearing the database notifications again'),
      (back) => back,
    );
    const again = await login(t, { username: me.username, password: me.password });
    expect(await membershipOf(again, other)).toMatchObject({ lastLessonId: course.lessonIds[0] });
    await unannounced((db) =>
      db
        .update(courseMembers)
        .set({ lastLessonId: course.lessonIds[1]! })
        .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, me.id))),
    );
    expect(await membershipOf(again, other)).toMatchObject({ lastLessonId: course.lessonIds[0] });
  });
});

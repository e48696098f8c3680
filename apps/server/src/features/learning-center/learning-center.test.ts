import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { apiPaths } from '@school/contract/paths';
import {
  myClassroomListSchema,
  myCourseListSchema,
  myExamListSchema,
  ownedProductsSchema,
  recentLearningSchema,
} from '@school/contract/learning';
import { scheduleSchema } from '@school/contract/schedule';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chapters,
  classroomCourses,
  classroomMembers,
  classrooms,
  courseMembers,
  courses,
  examMembers,
  exams,
  lessonLearnings,
  lessons,
  users,
} from '../../db/schema.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { demoExamScenarios as seedExamScenarios } from '../../demo-data/demo-exam-scenarios.js';
import { newAccount, type TestAccount } from '../../testing/accounts.js';
import { day, get, hour, login, post, secondSite, tenantIdOf } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/*
 * The learning centre's three lists. Each test arranges a fresh learner's memberships straight
 * in the database (the join and progress routes are other features' business), so the expected
 * order and numbers are the test's own, whatever the seed holds.
 */

let t: TestApp;
let demo: number;
let second: number;
/** The time every arranged row is placed around (tests that move the clock arrange their own rows). */
let base: number;
beforeAll(async () => {
  t = await createTestApp();
  base = t.clock.now().getTime();
  demo = await tenantIdOf(t);
  second = await tenantIdOf(t, 'second');
});
afterAll(async () => {
  await t.close();
});

const at = (offsetMs: number) => new Date(base + offsetMs);

function list(path: 'courses' | 'classrooms' | 'exams', cookie?: string, query = '', headers = {}) {
  return get(t, `/api/learning/${path}${query}`, cookie, headers);
}

async function myCourses(cookie: string, query = '') {
  const res = await list('courses', cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return myCourseListSchema.parse(res.json());
}

async function myClassrooms(cookie: string, query = '') {
  const res = await list('classrooms', cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return myClassroomListSchema.parse(res.json());
}

async function myExams(cookie: string, query = '') {
  const res = await list('exams', cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return myExamListSchema.parse(res.json());
}

/** Published courses of a school with at least `minLessons` lessons, oldest first. */
async function coursesWithLessons(tenantId: number, minLessons = 1) {
  return t.db
    .select()
    .from(courses)
    .where(
      and(eq(courses.tenantId, tenantId), eq(courses.status, 'PUBLISHED'), gt(courses.lessonCount, minLessons - 1)),
    )
    .orderBy(asc(courses.id));
}

async function firstLessonOf(courseId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.seq), asc(lessons.id))
    .limit(1);
  if (!row) throw new Error(`course ${courseId} has no lesson`);
  return row.id;
}

function addCourseMember(values: Partial<typeof courseMembers.$inferInsert> & { courseId: number; userId: number }) {
  return t.db.insert(courseMembers).values({ tenantId: demo, joinedAt: at(-30 * day), ...values });
}

let extra = 0;
const blank = { cn: '', en: '' };

/** What every product row needs, named after its kind: for states the seed does not have. */
function productFields(kind: string) {
  extra += 1;
  return {
    tenantId: demo,
    uid: `learning-extra-${kind}-${extra}`,
    title: { cn: `学习中心 ${kind} ${extra}`, en: `Learning centre ${kind} ${extra}` },
    cover: `/mobile/seed/${kind}-${extra}.svg`,
    status: 'PUBLISHED' as const,
  };
}

const insertCourse = async (values: Partial<typeof courses.$inferInsert> = {}) =>
  (
    await t.db
      .insert(courses)
      .values({ ...productFields('course'), subtitle: blank, about: blank, ...values })
      .returning()
  )[0]!;

const insertClassroom = async (values: Partial<typeof classrooms.$inferInsert> = {}) =>
  (
    await t.db
      .insert(classrooms)
      .values({ ...productFields('classroom'), intro: blank, teachingPlan: blank, ...values })
      .returning()
  )[0]!;

const insertExam = async (values: Partial<typeof exams.$inferInsert> = {}) =>
  (
    await t.db
      .insert(exams)
      .values({ ...productFields('exam'), brief: blank, ...values })
      .returning()
  )[0]!;

describe('who may ask', () => {
  it('asks a visitor to log in, on every list', async () => {
    for (const path of ['courses', 'classrooms', 'exams'] as const) {
      const res = await list(path, undefined, '?page=1&pageSize=10');
      expect(res.statusCode, path).toBe(401);
      expect(res.json().code, path).toBe('unauthorized');
    }
  });

  it('answers a learner without a single product with three empty lists, never stored by a cache', async () => {
    const newbie = await login(t, demoAccounts.newbie);
    for (const path of ['courses', 'classrooms', 'exams'] as const) {
      const res = await list(path, newbie);
      expect(res.statusCode, path).toBe(200);
      expect(res.json(), path).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('refuses a page out of range with a coded 400', async () => {
    const newbie = await login(t, demoAccounts.newbie);
    const res = await list('courses', newbie, '?page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeTruthy();
  });
});

describe('GET /api/learning/courses', () => {
  let me: TestAccount;
  let picked: Awaited<ReturnType<typeof coursesWithLessons>>;
  beforeAll(async () => {
    me = await newAccount(t);
    picked = (await coursesWithLessons(demo, 3)).slice(0, 4);
    expect(picked).toHaveLength(4);
    const [a, b, c, d] = picked as [(typeof picked)[0], (typeof picked)[0], (typeof picked)[0], (typeof picked)[0]];
    // Studied an hour ago; studied yesterday; never studied, joined last; never studied, joined first.
    await addCourseMember({
      courseId: a.id,
      userId: me.id,
      joinedAt: at(-20 * day),
      lastLearnedAt: at(-hour),
      learnedLessonCount: 1,
      lastLessonId: await firstLessonOf(a.id),
    });
    await addCourseMember({
      courseId: b.id,
      userId: me.id,
      joinedAt: at(-25 * day),
      lastLearnedAt: at(-day),
      learnedLessonCount: b.lessonCount,
      lastLessonId: await firstLessonOf(b.id),
      expiresAt: at(10 * day),
    });
    await addCourseMember({ courseId: c.id, userId: me.id, joinedAt: at(-2 * day), expiresAt: at(-hour) });
    await addCourseMember({ courseId: d.id, userId: me.id, joinedAt: at(-40 * day) });
  });

  it('lists the caller’s courses, last studied first, then the never-studied ones joined last first', async () => {
    const page = await myCourses(me.cookie);
    expect(page.total).toBe(4);
    expect(page.items.map((c) => c.uid)).toEqual([picked[0]!.uid, picked[1]!.uid, picked[2]!.uid, picked[3]!.uid]);
  });

  it('gives progress, status, validity and where to continue', async () => {
    const [a, b, c, d] = (await myCourses(me.cookie)).items;
    const [ra, rb, rc, rd] = picked;
    expect(a).toMatchObject({
      title: ra!.title.en,
      cover: ra!.cover,
      lessonCount: ra!.lessonCount,
      learnedLessonCount: 1,
      progress: Math.floor((1 / ra!.lessonCount) * 100),
      learningStatus: 'LEARNING',
      expiresAt: null,
      expired: false,
      lastLearnedAt: at(-hour).toISOString(),
      lastLessonId: await firstLessonOf(ra!.id),
      firstLessonId: await firstLessonOf(ra!.id),
    });
    expect(b).toMatchObject({
      learnedLessonCount: rb!.lessonCount,
      progress: 100,
      learningStatus: 'COMPLETED',
      expiresAt: at(10 * day).toISOString(),
      expired: false,
    });
    expect(c).toMatchObject({
      learnedLessonCount: 0,
      progress: 0,
      learningStatus: 'NOT_STARTED',
      expiresAt: at(-hour).toISOString(),
      expired: true,
      lastLearnedAt: null,
      lastLessonId: null,
      firstLessonId: await firstLessonOf(rc!.id),
    });
    expect(d).toMatchObject({ joinedAt: at(-40 * day).toISOString(), expired: false });
    expect(d!.firstLessonId).toBe(await firstLessonOf(rd!.id));
  });

  it('answers in the caller’s language', async () => {
    const res = await list('courses', me.cookie, '', { 'accept-language': 'zh-CN' });
    expect(res.json().items[0].title).toBe(picked[0]!.title.cn);
  });

  it('marks a membership expired once its end has passed, by the server’s clock', async () => {
    const other = await newAccount(t);
    const course = await insertCourse();
    await addCourseMember({
      courseId: course.id,
      userId: other.id,
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
    });
    expect((await myCourses(other.cookie)).items[0]!.expired).toBe(false);
    // Short moves only: the session's idle timeout runs on the same clock.
    t.clock.advance(60_000);
    expect((await myCourses(other.cookie)).items[0]!.expired).toBe(false);
    t.clock.advance(1);
    expect((await myCourses(other.cookie)).items[0]!.expired).toBe(true);
  });

  it('pages without repeating or skipping, and reports the real total past the end', async () => {
    const all = (await myCourses(me.cookie)).items.map((c) => c.uid);
    const pages = [];
    for (const page of [1, 2]) {
      const answer = await myCourses(me.cookie, `?page=${page}&pageSize=3`);
      expect(answer).toMatchObject({ total: 4, page, pageSize: 3 });
      pages.push(...answer.items.map((c) => c.uid));
    }
    expect(pages).toEqual(all);
    expect(await myCourses(me.cookie, '?page=3&pageSize=3')).toEqual({ items: [], total: 4, page: 3, pageSize: 3 });
  });

  it('keeps equal study times in one order (the course id breaks the tie)', async () => {
    const other = await newAccount(t);
    const [x, y] = picked;
    const same = at(-3 * hour);
    await addCourseMember({ courseId: x!.id, userId: other.id, joinedAt: same, lastLearnedAt: same });
    await addCourseMember({ courseId: y!.id, userId: other.id, joinedAt: same, lastLearnedAt: same });
    const uids = (await myCourses(other.cookie)).items.map((c) => c.uid);
    const expected = [x!, y!].sort((p, q) => q.id - p.id).map((c) => c.uid);
    expect(uids).toEqual(expected);
    expect((await myCourses(other.cookie, '?pageSize=1&page=2')).items.map((c) => c.uid)).toEqual([expected[1]]);
  });

  it('never shows another learner’s memberships, even of the same courses', async () => {
    const rival = await newAccount(t);
    const own = await insertCourse();
    await addCourseMember({ courseId: picked[0]!.id, userId: rival.id, joinedAt: at(-day), lastLearnedAt: at(-1000) });
    await addCourseMember({ courseId: own.id, userId: rival.id, joinedAt: at(-day) });
    expect((await myCourses(rival.cookie)).items.map((c) => c.uid)).toEqual([picked[0]!.uid, own.uid]);
    const mine = (await myCourses(me.cookie)).items;
    expect(mine.map((c) => c.uid)).toEqual(picked.map((c) => c.uid));
    // My row of the shared course is still mine: my study time, my progress.
    expect(mine[0]).toMatchObject({ lastLearnedAt: at(-hour).toISOString(), learnedLessonCount: 1 });
  });

  it('leaves out closed and unpublished courses (their pages refuse the learner)', async () => {
    const other = await newAccount(t);
    const closed = await insertCourse({ status: 'CLOSED' });
    const unpublished = await insertCourse({ status: 'UNPUBLISHED' });
    const draft = await insertCourse({ status: 'DRAFT' });
    for (const course of [closed, unpublished, draft]) await addCourseMember({ courseId: course.id, userId: other.id });
    const page = await myCourses(other.cookie);
    expect(page.items.map((c) => c.uid)).toEqual([draft.uid]);
    expect(page.total).toBe(1);
    // No lessons yet: nothing to start, nothing to complete.
    expect(page.items[0]).toMatchObject({ firstLessonId: null, progress: 0, learningStatus: 'NOT_STARTED' });
  });

  it('never shows another school’s memberships, whichever way they point', async () => {
    const other = await newAccount(t);
    const [theirCourse] = await coursesWithLessons(second, 0);
    expect(theirCourse).toBeDefined();
    // A row of the other school, then a row claiming this school for the other school's course.
    await addCourseMember({ tenantId: second, courseId: theirCourse!.id, userId: other.id });
    expect((await myCourses(other.cookie)).total).toBe(0);
    await t.db.delete(courseMembers).where(eq(courseMembers.userId, other.id));
    await addCourseMember({ tenantId: demo, courseId: theirCourse!.id, userId: other.id });
    expect((await myCourses(other.cookie)).total).toBe(0);
  });

  it('shows the other school’s learner their own courses there, and nothing of this school', async () => {
    const [secondLearner] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, second), eq(users.username, demoAccounts.secondSchoolLearner.username)));
    const [theirCourse] = await coursesWithLessons(second, 0);
    await t.db.delete(courseMembers).where(eq(courseMembers.userId, secondLearner!.id));
    await addCourseMember({ tenantId: second, courseId: theirCourse!.id, userId: secondLearner!.id });
    const cookie = await login(t, demoAccounts.secondSchoolLearner, secondSite);
    const res = await get(t, '/api/learning/courses', cookie, { host: secondSite.host });
    expect(res.statusCode, res.body).toBe(200);
    expect(myCourseListSchema.parse(res.json()).items.map((c) => c.uid)).toEqual([theirCourse!.uid]);
  });
});

describe('GET /api/learning/classrooms', () => {
  let me: TestAccount;
  let older: Awaited<ReturnType<typeof insertClassroom>>;
  let newer: Awaited<ReturnType<typeof insertClassroom>>;
  let studied: Awaited<ReturnType<typeof insertClassroom>>;
  let courseA: Awaited<ReturnType<typeof coursesWithLessons>>[number];
  let courseB: Awaited<ReturnType<typeof coursesWithLessons>>[number];
  beforeAll(async () => {
    me = await newAccount(t);
    [courseA, courseB] = (await coursesWithLessons(demo, 2)).slice(-2) as [typeof courseA, typeof courseB];
    older = await insertClassroom();
    newer = await insertClassroom();
    studied = await insertClassroom();
    // `studied` holds both courses; the other two hold one each (a classroom may share courses).
    await t.db.insert(classroomCourses).values([
      { classroomId: studied.id, courseId: courseA.id, seq: 1 },
      { classroomId: studied.id, courseId: courseB.id, seq: 2 },
      { classroomId: older.id, courseId: courseB.id, seq: 1 },
    ]);
    await t.db.insert(classroomMembers).values([
      { tenantId: demo, classroomId: older.id, userId: me.id, joinedAt: at(-20 * day) },
      { tenantId: demo, classroomId: newer.id, userId: me.id, joinedAt: at(-day) },
      { tenantId: demo, classroomId: studied.id, userId: me.id, joinedAt: at(-30 * day) },
    ]);
  });

  it('lists the caller’s classrooms, never studied ones by joining time, with no progress yet', async () => {
    const page = await myClassrooms(me.cookie);
    expect(page.total).toBe(3);
    expect(page.items.map((c) => c.uid)).toEqual([newer.uid, older.uid, studied.uid]);
    expect(page.items[2]).toEqual({
      uid: studied.uid,
      title: studied.title.en,
      cover: studied.cover,
      courseCount: 2,
      completedCourseCount: 0,
      progress: 0,
      joinedAt: at(-30 * day).toISOString(),
      lastLearnedAt: null,
      refundPending: false,
      leave: { kind: 'quit' },
    });
    // A classroom without courses has nothing to complete.
    expect(page.items[0]).toMatchObject({ courseCount: 0, completedCourseCount: 0, progress: 0 });
  });

  it('moves a classroom up when the caller studies one of its courses, and its progress follows completion', async () => {
    await addCourseMember({ courseId: courseA.id, userId: me.id, lastLearnedAt: at(-2 * hour), learnedLessonCount: 1 });
    let page = await myClassrooms(me.cookie);
    expect(page.items.map((c) => c.uid)).toEqual([studied.uid, newer.uid, older.uid]);
    expect(page.items[0]).toMatchObject({
      lastLearnedAt: at(-2 * hour).toISOString(),
      completedCourseCount: 0,
      progress: 0,
    });

    // Every lesson of course A learned: one course of two.
    await t.db
      .update(courseMembers)
      .set({ learnedLessonCount: courseA.lessonCount })
      .where(and(eq(courseMembers.courseId, courseA.id), eq(courseMembers.userId, me.id)));
    page = await myClassrooms(me.cookie);
    expect(page.items[0]).toMatchObject({ uid: studied.uid, completedCourseCount: 1, progress: 50 });
    expect(page.items.find((c) => c.uid === older.uid)).toMatchObject({ completedCourseCount: 0, progress: 0 });

    // Course B, in both `studied` and `older`, completed later: both were studied an hour ago,
    // and the one joined later (`older`) comes first.
    await addCourseMember({
      courseId: courseB.id,
      userId: me.id,
      lastLearnedAt: at(-hour),
      learnedLessonCount: courseB.lessonCount,
    });
    page = await myClassrooms(me.cookie);
    expect(page.items.map((c) => c.uid)).toEqual([older.uid, studied.uid, newer.uid]);
    expect(page.items[0]).toMatchObject({ courseCount: 1, completedCourseCount: 1, progress: 100 });
    expect(page.items[1]).toMatchObject({
      completedCourseCount: 2,
      progress: 100,
      lastLearnedAt: at(-hour).toISOString(),
    });
  });

  it('does not count another learner’s progress, nor another learner’s classrooms', async () => {
    const other = await newAccount(t);
    await t.db
      .insert(classroomMembers)
      .values({ tenantId: demo, classroomId: studied.id, userId: other.id, joinedAt: at(-day) });
    const page = await myClassrooms(other.cookie);
    expect(page.items).toEqual([expect.objectContaining({ uid: studied.uid, completedCourseCount: 0, progress: 0 })]);
    expect(page.items[0]!.lastLearnedAt).toBeNull();
    expect((await myClassrooms(me.cookie)).total).toBe(3);
  });

  it('pages', async () => {
    const all = (await myClassrooms(me.cookie)).items.map((c) => c.uid);
    const first = await myClassrooms(me.cookie, '?page=1&pageSize=2');
    const rest = await myClassrooms(me.cookie, '?page=2&pageSize=2');
    expect([...first.items, ...rest.items].map((c) => c.uid)).toEqual(all);
    expect(rest).toMatchObject({ total: 3, page: 2, pageSize: 2 });
  });

  it('leaves out closed classrooms and another school’s, whichever way the row points', async () => {
    const other = await newAccount(t);
    const closed = await insertClassroom({ status: 'CLOSED' });
    const elsewhere = await insertClassroom({ tenantId: second });
    const claimed = await insertClassroom({ tenantId: second });
    await t.db.insert(classroomMembers).values([
      { tenantId: demo, classroomId: closed.id, userId: other.id, joinedAt: at(-day) },
      { tenantId: second, classroomId: elsewhere.id, userId: other.id, joinedAt: at(-day) },
      { tenantId: demo, classroomId: claimed.id, userId: other.id, joinedAt: at(-day) },
    ]);
    expect((await myClassrooms(other.cookie)).total).toBe(0);
  });
});

describe('GET /api/learning/recent', () => {
  it('resumes the lesson studied last at its place, lists other recent courses, and leaves out expired ones', async () => {
    const me = await newAccount(t);
    const recentOf = async (cookie?: string) => {
      const res = await get(t, apiPaths.recentLearning, cookie);
      return res;
    };
    expect((await recentOf()).statusCode).toBe(401);
    expect(recentLearningSchema.parse((await recentOf(me.cookie)).json())).toEqual({ resume: null, recent: [] });

    const [a, b, c] = (await coursesWithLessons(demo, 2)).slice(0, 3) as [
      Awaited<ReturnType<typeof coursesWithLessons>>[number],
      Awaited<ReturnType<typeof coursesWithLessons>>[number],
      Awaited<ReturnType<typeof coursesWithLessons>>[number],
    ];
    const lessonA = await firstLessonOf(a.id);
    await addCourseMember({ courseId: a.id, userId: me.id, lastLearnedAt: at(-hour), lastLessonId: lessonA });
    await t.db.insert(lessonLearnings).values({ lessonId: lessonA, userId: me.id, status: 'LEARNING', position: 64 });
    await addCourseMember({
      courseId: b.id,
      userId: me.id,
      lastLearnedAt: at(-day),
      lastLessonId: await firstLessonOf(b.id),
      learnedLessonCount: 1,
    });
    // Studied most lately, but the membership ran out: its lessons do not open.
    await addCourseMember({
      courseId: c.id,
      userId: me.id,
      lastLearnedAt: at(-60_000),
      lastLessonId: await firstLessonOf(c.id),
      expiresAt: at(-1000),
    });
    const res = await recentOf(me.cookie);
    expect(res.headers['cache-control']).toBe('no-store');
    const recent = recentLearningSchema.parse(res.json());
    const [lesson] = await t.db.select().from(lessons).where(eq(lessons.id, lessonA));
    expect(recent.resume).toEqual({
      course: { uid: a.uid, title: a.title.en, cover: a.cover },
      lesson: { id: lessonA, title: lesson!.title.en, mediaType: lesson!.mediaType },
      position: 64,
      learnedAt: at(-hour).toISOString(),
    });
    expect(recent.recent).toEqual([
      {
        uid: b.uid,
        title: b.title.en,
        cover: b.cover,
        progress: Math.floor((1 / b.lessonCount) * 100),
        lastLearnedAt: at(-day).toISOString(),
      },
    ]);
  });
});

describe('GET /api/learning/owned', () => {
  it('names what the caller holds now: running courses, classrooms and exams, nothing expired or of others', async () => {
    const me = await newAccount(t);
    expect((await get(t, apiPaths.ownedProducts)).statusCode).toBe(401);
    const [running, expired] = (await coursesWithLessons(demo)).slice(0, 2) as [
      Awaited<ReturnType<typeof coursesWithLessons>>[number],
      Awaited<ReturnType<typeof coursesWithLessons>>[number],
    ];
    await addCourseMember({ courseId: running.id, userId: me.id });
    await addCourseMember({ courseId: expired.id, userId: me.id, expiresAt: at(-hour) });
    const classroom = await insertClassroom();
    const exam = await insertExam();
    await t.db
      .insert(classroomMembers)
      .values({ tenantId: demo, classroomId: classroom.id, userId: me.id, joinedAt: at(-day) });
    await t.db.insert(examMembers).values({ tenantId: demo, examId: exam.id, userId: me.id, joinedAt: at(-day) });
    const res = await get(t, apiPaths.ownedProducts, me.cookie);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ownedProductsSchema.parse(res.json())).toEqual({
      courses: [running.uid],
      classrooms: [classroom.uid],
      exams: [exam.uid],
    });
    const other = await newAccount(t);
    expect(ownedProductsSchema.parse((await get(t, apiPaths.ownedProducts, other.cookie)).json())).toEqual({
      courses: [],
      classrooms: [],
      exams: [],
    });
  });
});

describe('GET /api/learning/exams', () => {
  let me: TestAccount;
  let upcoming: Awaited<ReturnType<typeof insertExam>>;
  let open: Awaited<ReturnType<typeof insertExam>>;
  let ended: Awaited<ReturnType<typeof insertExam>>;
  beforeAll(async () => {
    me = await newAccount(t);
    upcoming = await insertExam({ startTime: at(day), endTime: at(2 * day), duration: 60, examTimes: 2 });
    open = await insertExam({ startTime: at(-hour), endTime: null, duration: null, examTimes: null });
    ended = await insertExam({ startTime: at(-3 * day), endTime: at(-2 * day), duration: 30, examTimes: 1 });
    await t.db.insert(examMembers).values([
      { tenantId: demo, examId: ended.id, userId: me.id, joinedAt: at(-4 * day), attemptsUsed: 1 },
      { tenantId: demo, examId: open.id, userId: me.id, joinedAt: at(-day), attemptsUsed: 2 },
      { tenantId: demo, examId: upcoming.id, userId: me.id, joinedAt: at(-2 * day), attemptsUsed: 0 },
    ]);
  });

  it('lists the caller’s exams joined last first, with window, attempts and state', async () => {
    const page = await myExams(me.cookie);
    expect(page.total).toBe(3);
    expect(page.items).toEqual([
      {
        uid: open.uid,
        title: open.title.en,
        cover: open.cover,
        startTime: at(-hour).toISOString(),
        endTime: null,
        duration: null,
        joinedAt: at(-day).toISOString(),
        attemptCount: 2,
        examTimes: null,
        status: 'OPEN',
        entryClosesAt: null,
        bestScore: null,
        passScore: open.passScore,
        totalScore: open.totalScore,
      },
      expect.objectContaining({
        uid: upcoming.uid,
        status: 'NOT_STARTED',
        attemptCount: 0,
        examTimes: 2,
        duration: 60,
      }),
      expect.objectContaining({ uid: ended.uid, status: 'CLOSED', attemptCount: 1, examTimes: 1 }),
    ]);
  });

  it('shows where the caller’s own attempts stand and their best score (the seed’s learner)', async () => {
    const cookie = await login(t, demoAccounts.learner);
    const { items } = await myExams(cookie, '?pageSize=50');
    const byUid = new Map(items.map((item) => [item.uid, item]));
    const s = seedExamScenarios;
    // Scored 84 of 100 and may test again; waiting for the reviewer; 70 of 100, no tries left:
    // a scored exam reads passed or failed by the best score, whatever else is left.
    expect(byUid.get(s.scored.examUid)).toMatchObject({ status: 'PASSED', bestScore: 84, totalScore: 100 });
    expect(byUid.get(s.reviewing.examUid)).toMatchObject({ status: 'REVIEWING', bestScore: null });
    expect(byUid.get(s.attemptsUsedUp.examUid)).toMatchObject({ status: 'PASSED', bestScore: 70 });
    expect(byUid.get(s.openTimed.examUid)).toMatchObject({ status: 'OPEN', bestScore: null });
    const scored = await t.db.query.exams.findFirst({ where: eq(exams.uid, s.scored.examUid) });
    await t.db.update(exams).set({ passScore: 85 }).where(eq(exams.id, scored!.id));
    try {
      expect((await myExams(cookie, '?pageSize=50')).items.find((e) => e.uid === s.scored.examUid)).toMatchObject({
        status: 'FAILED',
        bestScore: 84,
        passScore: 85,
      });
    } finally {
      await t.db.update(exams).set({ passScore: scored!.passScore }).where(eq(exams.id, scored!.id));
    }
    // Someone else's attempts count for nobody else: a new member of the scored exam has none.
    const other = await newAccount(t);
    const exam = await t.db.query.exams.findFirst({ where: eq(exams.uid, s.scored.examUid) });
    await t.db.insert(examMembers).values({ tenantId: demo, examId: exam!.id, userId: other.id, joinedAt: at(-day) });
    expect((await myExams(other.cookie)).items[0]).toMatchObject({ status: 'OPEN', bestScore: null });
    // An attempt started and not handed in.
    expect((await post(t, `/api/exams/${s.openTimed.examUid}/join`, other.cookie)).statusCode).toBe(201);
    expect((await post(t, examTakingPaths.examAttempts(s.openTimed.examUid), other.cookie)).statusCode).toBe(201);
    expect((await myExams(other.cookie)).items[0]).toMatchObject({
      uid: s.openTimed.examUid,
      status: 'IN_PROGRESS',
    });
  });

  it('moves the state with the clock: open at the start, ended at the end', async () => {
    const other = await newAccount(t);
    const now = t.clock.now().getTime();
    const soon = await insertExam({ startTime: new Date(now + 30 * 60_000), endTime: new Date(now + 60 * 60_000) });
    await t.db
      .insert(examMembers)
      .values({ tenantId: demo, examId: soon.id, userId: other.id, joinedAt: new Date(now) });
    const state = async () => (await myExams(other.cookie)).items[0]!.status;
    expect(await state()).toBe('NOT_STARTED');
    t.clock.advance(30 * 60_000);
    expect(await state()).toBe('OPEN');
    t.clock.advance(30 * 60_000 - 1);
    expect(await state()).toBe('OPEN');
    t.clock.advance(1);
    expect(await state()).toBe('CLOSED');
  });

  it('tells a closed exam’s late entry until its limit, then closed; and attempts used up', async () => {
    const other = await newAccount(t);
    const now = t.clock.now().getTime();
    const closed = await insertExam({
      startTime: new Date(now - 10 * 60_000),
      endTime: new Date(now + 2 * hour),
      closedExam: true,
      lateLimit: 15,
    });
    const usedUp = await insertExam({ startTime: new Date(now - hour), endTime: null, examTimes: 1 });
    await t.db.insert(examMembers).values([
      { tenantId: demo, examId: closed.id, userId: other.id, joinedAt: new Date(now - 2 * hour) },
      { tenantId: demo, examId: usedUp.id, userId: other.id, joinedAt: new Date(now - 3 * hour), attemptsUsed: 1 },
    ]);
    const standing = async () =>
      new Map((await myExams(other.cookie)).items.map((e) => [e.uid, { status: e.status, until: e.entryClosesAt }]));
    expect((await standing()).get(closed.uid)).toEqual({
      status: 'OPEN',
      until: new Date(now + 5 * 60_000).toISOString(),
    });
    expect((await standing()).get(usedUp.uid)).toEqual({ status: 'ATTEMPTS_USED', until: null });
    t.clock.advance(5 * 60_000 + 1);
    try {
      expect((await standing()).get(closed.uid)).toEqual({ status: 'CLOSED', until: null });
    } finally {
      t.clock.advance(-(5 * 60_000 + 1));
    }
  });

  it('pages', async () => {
    const second = await myExams(me.cookie, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((e) => e.uid)).toEqual([ended.uid]);
  });

  it('never shows another learner’s, a hidden one or another school’s', async () => {
    const other = await newAccount(t);
    const hidden = await insertExam({ status: 'UNPUBLISHED' });
    const elsewhere = await insertExam({ tenantId: second });
    await t.db.insert(examMembers).values([
      { tenantId: demo, examId: hidden.id, userId: other.id, joinedAt: at(-day) },
      { tenantId: second, examId: elsewhere.id, userId: other.id, joinedAt: at(-day) },
    ]);
    expect((await myExams(other.cookie)).total).toBe(0);
    expect((await myExams(me.cookie)).total).toBe(3);
  });
});

describe('GET /api/learning/schedule', () => {
  const minute = 60_000;

  async function schedule(cookie: string | undefined, query = '', language = 'en') {
    return get(t, `/api/learning/schedule${query}`, cookie, { 'accept-language': language });
  }

  it("lists what has a date in what the learner holds, in time order, each once, in the learner's language", async () => {
    const me = await newAccount(t);
    const now = t.clock.now().getTime();
    const from = (offsetMs: number) => new Date(now + offsetMs);
    const course = await insertCourse({ title: { cn: '直播课程', en: 'Live course' } });
    const [chapter] = await t.db.insert(chapters).values({ courseId: course.id, seq: 1, title: blank }).returning();
    let seq = 0;
    const addLesson = async (values: Partial<typeof lessons.$inferInsert>) =>
      (
        await t.db
          .insert(lessons)
          .values({
            tenantId: demo,
            courseId: course.id,
            chapterId: chapter!.id,
            seq: ++seq,
            title: { cn: `直播 ${seq}`, en: `Live ${seq}` },
            mediaType: 'LIVE',
            ...values,
          })
          .returning()
      )[0]!;
    // Access to the course ends in 10 days: a live lesson after that is not the learner's.
    await addCourseMember({ courseId: course.id, userId: me.id, expiresAt: from(10 * day) });
    const live = await addLesson({ startTime: from(2 * hour) });
    const activity = await addLesson({
      mediaType: 'ACTIVITY',
      startTime: from(3 * day),
      title: { cn: '线下活动', en: 'Meet-up' },
    });
    await addLesson({ startTime: from(12 * day) });
    await addLesson({ startTime: from(-2 * day) });
    await addLesson({ startTime: from(40 * day) });
    await addLesson({ startTime: from(hour), status: 'UNPUBLISHED' });
    await addLesson({ mediaType: 'VIDEO', startTime: from(hour) });

    // A closed exam with a 30-minute late entry, not begun; the same exam begun has no door to miss.
    const exam = await insertExam({ startTime: from(day), endTime: from(5 * day), closedExam: true, lateLimit: 30 });
    const begun = await insertExam({ startTime: from(day), endTime: from(5 * day), closedExam: true, lateLimit: 30 });
    const undated = await insertExam();
    for (const [row, attemptsUsed] of [
      [exam, 0],
      [begun, 1],
      [undated, 0],
    ] as const) {
      await t.db
        .insert(examMembers)
        .values({ tenantId: demo, examId: row.id, userId: me.id, joinedAt: at(-day), attemptsUsed });
    }
    const classroom = await insertClassroom({ startTime: from(7 * day) });
    await t.db
      .insert(classroomMembers)
      .values({ tenantId: demo, classroomId: classroom.id, userId: me.id, joinedAt: at(-day) });
    // What the learner does not hold never shows.
    const notMine = await insertClassroom({ startTime: from(2 * day) });

    const res = await schedule(me.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = scheduleSchema.parse(res.json());
    expect(body.items.map((item) => [item.kind, item.id, item.title, item.course, item.link, item.at])).toEqual([
      [
        'LIVE_STARTS',
        `lesson:${live.id}`,
        'Live 1',
        'Live course',
        `/lessons/${live.id}`,
        from(2 * hour).toISOString(),
      ],
      ['EXAM_OPENS', `exam-opens:${exam.id}`, exam.title.en, null, `/exam/${exam.uid}`, from(day).toISOString()],

      ['EXAM_OPENS', `exam-opens:${begun.id}`, begun.title.en, null, `/exam/${begun.uid}`, from(day).toISOString()],
      [
        'EXAM_LATE_ENTRY_ENDS',
        `exam-late-entry:${exam.id}`,
        exam.title.en,
        null,
        `/exam/${exam.uid}`,
        from(day + 30 * minute).toISOString(),
      ],
      [
        'ACTIVITY_STARTS',
        `lesson:${activity.id}`,
        'Meet-up',
        'Live course',
        `/lessons/${activity.id}`,
        from(3 * day).toISOString(),
      ],
      ['EXAM_CLOSES', `exam-closes:${exam.id}`, exam.title.en, null, `/exam/${exam.uid}`, from(5 * day).toISOString()],

      [
        'EXAM_CLOSES',
        `exam-closes:${begun.id}`,
        begun.title.en,
        null,
        `/exam/${begun.uid}`,
        from(5 * day).toISOString(),
      ],
      [
        'CLASSROOM_STARTS',
        `classroom:${classroom.id}`,
        classroom.title.en,
        null,
        `/classroom/${classroom.uid}`,
        from(7 * day).toISOString(),
      ],
      [
        'MEMBERSHIP_ENDS',
        `course-access:${course.id}`,
        'Live course',
        null,
        `/courses/${course.uid}`,
        from(10 * day).toISOString(),
      ],
    ]);
    expect(body.items.some((item) => item.link.endsWith(notMine.uid))).toBe(false);

    // In Chinese, and over a shorter span.
    const cn = scheduleSchema.parse((await schedule(me.cookie, '?days=1', 'zh-CN')).json());
    // A day ahead reaches the exams' opening, to the minute.
    expect(cn.items.map((item) => [item.title, item.course])).toEqual([
      ['直播 1', '直播课程'],
      [exam.title.cn, null],
      [begun.title.cn, null],
    ]);
  });

  it('asks a visitor to log in and refuses a span it does not give', async () => {
    expect((await schedule(undefined)).statusCode).toBe(401);
    const newbie = await login(t, demoAccounts.newbie);
    for (const days of ['0', '91', 'x']) {
      const res = await schedule(newbie, `?days=${days}`);
      expect([res.statusCode, res.json().code], days).toEqual([400, 'validationFailed']);
    }
    expect(scheduleSchema.parse((await schedule(newbie)).json()).items).toEqual([]);
  });
});

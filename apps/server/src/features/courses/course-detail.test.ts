import { courseDetailSchema, courseMembershipSchema, type CourseDetail } from '@school/contract/courses';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chapters,
  coupons,
  courseMembers,
  courses,
  courseTeachers,
  lessons,
  teachers,
  tenants,
  users,
} from '../../db/schema.js';
import { demoCourseUid as courseUid } from '../../demo-data/demo-learning-scenarios.js';
import { secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { newAccount } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { demoImage, get, post, tenantIdOf } from '../../testing/site.js';
import { learningScenarios } from '../../testing/learning-scenarios.js';
import { courseByUid, loginLearner, unpublishedCourse } from './courses-testing.js';

let t: TestApp;
let tenantId: number;
let learnerCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  tenantId = await tenantIdOf(t);
  learnerCookie = await loginLearner(t);
});
afterAll(async () => {
  await t.close();
});

const day = 24 * 60 * 60 * 1000;

async function detail(uid: string, cookie?: string, headers: Record<string, string> = {}) {
  const res = await get(t, `/api/courses/${encodeURIComponent(uid)}`, cookie, headers);
  expect(res.statusCode, res.body).toBe(200);
  return { res, body: courseDetailSchema.parse(res.json()) };
}

async function syllabusRows(courseId: number) {
  const chapterRows = await t.db
    .select()
    .from(chapters)
    .where(eq(chapters.courseId, courseId))
    .orderBy(asc(chapters.seq));
  const lessonRows = await t.db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.seq));
  return chapterRows.map((chapter) => ({ chapter, lessons: lessonRows.filter((l) => l.chapterId === chapter.id) }));
}

function lessonsOf(body: CourseDetail) {
  return body.chapters.flatMap((c) => c.lessons);
}

async function memberRows(courseId: number) {
  return t.db.select().from(courseMembers).where(eq(courseMembers.courseId, courseId));
}

describe('GET /api/courses/{uid}', () => {
  it('describes a paid course to a visitor: syllabus locked but the free trial, best coupon, no membership', async () => {
    const uid = courseUid(1);
    const row = await courseByUid(t, uid);
    expect(row.priceCents).toBeGreaterThan(0);
    const { res, body } = await detail(uid);
    expect(res.headers['cache-control']).toBe('no-cache'); // a visitor's copy is public (kept for a while when PUBLIC_CACHE_SECONDS > 0)

    expect(body).toMatchObject({
      uid,
      title: row.title.en,
      subtitle: row.subtitle.en,
      status: 'PUBLISHED',
      price: { amount: row.priceCents, original: row.originalPriceCents, currency: 'CNY' },
      lessonCount: row.lessonCount,
      studentCount: row.studentCount,
      ratingCount: row.ratingCount,
      validity: { kind: 'DAYS', days: 365 },
      coupon: { title: 'New learner offer', discount: 8.5 },
      membership: null,
    });
    expect(body.about).toContain('<h3>About this course</h3>');

    const [category] = await t.db.select({ id: courses.categoryId }).from(courses).where(eq(courses.id, row.id));
    expect(body.category).toEqual({ id: category!.id, name: 'JavaScript' });

    const teacherRows = await t.db
      .select({ id: teachers.id, name: teachers.name })
      .from(courseTeachers)
      .innerJoin(teachers, eq(teachers.id, courseTeachers.teacherId))
      .where(eq(courseTeachers.courseId, row.id))
      .orderBy(asc(courseTeachers.seq));
    expect(body.teachers.map((teacher) => [teacher.id, teacher.name])).toEqual(
      teacherRows.map((r) => [r.id, r.name.en]),
    );
    expect(body.teachers[0]).toMatchObject({
      title: 'Front-end architect',
      avatar: demoImage('images/teachers/teacher-1.svg'),
    });

    const syllabus = await syllabusRows(row.id);
    expect(body.chapters.map((c) => [c.id, c.number, c.title])).toEqual(
      syllabus.map((s, i) => [s.chapter.id, i + 1, s.chapter.title.en]),
    );
    const expectedLessons = syllabus.flatMap((s) => s.lessons);
    expect(lessonsOf(body)).toEqual(
      expectedLessons.map((l, i) => ({
        id: l.id,
        number: i + 1,
        title: l.title.en,
        mediaType: l.mediaType,
        duration: l.duration,
        freeTrial: l.freeTrial,
        locked: !l.freeTrial,
        learningStatus: null,
      })),
    );
    expect(lessonsOf(body).filter((l) => !l.locked)).toHaveLength(1);
    expect(body.firstLessonId).toBe(expectedLessons[0]!.id);
    expect(body.chapters.length).toBeGreaterThan(1);
  });

  it('gives numbered lessons with no length as null duration', async () => {
    // Every fourth course cycles through all media types, documents included.
    const { body } = await detail(courseUid(4 * 2));
    const withoutLength = lessonsOf(body).filter((l) => l.duration === null);
    expect(withoutLength.length).toBeGreaterThan(0);
    expect(withoutLength.every((l) => !['VIDEO', 'AUDIO'].includes(l.mediaType))).toBe(true);
  });

  it("shows a member their progress and each lesson's status, all unlocked", async () => {
    const uid = courseUid(0);
    const row = await courseByUid(t, uid);
    const { res, body } = await detail(uid, learnerCookie);
    expect(res.headers['cache-control']).toBe('no-store');
    const [membership] = await t.db
      .select()
      .from(courseMembers)
      .innerJoin(users, eq(users.id, courseMembers.userId))
      .where(and(eq(courseMembers.courseId, row.id), eq(users.username, 'learner')));
    const ordered = (await syllabusRows(row.id)).flatMap((s) => s.lessons);
    expect(body.membership).toEqual({
      joinedAt: membership!.course_members.joinedAt.toISOString(),
      expiresAt: null,
      expired: false,
      learningStatus: 'LEARNING',
      progress: Math.floor((2 / row.lessonCount) * 100),
      lastLessonId: ordered[2]!.id,
    });
    expect(lessonsOf(body).map((l) => [l.locked, l.learningStatus])).toEqual(
      ordered.map((_, i) => [false, i < 2 ? 'COMPLETED' : i === 2 ? 'LEARNING' : 'NOT_STARTED']),
    );
    // Free: nothing to discount.
    expect(body.price.amount).toBe(0);
    expect(body.coupon).toBeNull();
  });

  it('shows the same course to a visitor without any of that', async () => {
    const { body } = await detail(courseUid(0));
    expect(body.membership).toBeNull();
    expect(lessonsOf(body).every((l) => l.learningStatus === null)).toBe(true);
    expect(lessonsOf(body).filter((l) => l.locked).length).toBe(lessonsOf(body).length - 1);
  });

  it('offers the lowest valid coupon: the one for this course beats the one for all courses', async () => {
    const uid = courseUid(3);
    const { body } = await detail(uid);
    expect(body.coupon).toEqual({ title: 'React course: limited offer', discount: 7 });
    expect(body.validity).toEqual({
      kind: 'END_DATE',
      endDate: (await courseByUid(t, uid)).validityEndDate!.toISOString(),
    });
    const zh = await detail(uid, undefined, { 'accept-language': 'zh-CN' });
    expect(zh.body.coupon).toEqual({ title: 'React 课程限时优惠', discount: 7 });
    expect(zh.body.title).toBe('React 19 从入门到实战');
  });

  it('leaves out expired coupons, coupons of other courses, kinds or schools, by the injected clock', async () => {
    const uid = courseUid(2);
    const row = await courseByUid(t, uid);
    const [other] = await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDefault, false));
    const now = t.clock.now().getTime();
    await t.db.insert(coupons).values([
      {
        tenantId,
        title: { cn: '过期', en: 'Expired' },
        code: 'T-OLD',
        discountTenths: 10,
        targetType: 'COURSE',
        targetId: row.id,
        validUntil: new Date(now - 1000),
      },
      {
        tenantId,
        title: { cn: '班级', en: 'Classroom' },
        code: 'T-CLASS',
        discountTenths: 10,
        targetType: 'CLASSROOM',
        targetId: row.id,
        validUntil: null,
      },
      {
        tenantId,
        title: { cn: '别的课', en: 'Other course' },
        code: 'T-OTHER',
        discountTenths: 10,
        targetType: 'COURSE',
        targetId: row.id + 1,
        validUntil: null,
      },
      {
        tenantId: other!.id,
        title: { cn: '别的学校', en: 'Other school' },
        code: 'T-SCHOOL',
        discountTenths: 10,
        targetType: 'COURSE',
        // Names this course's id, but belongs to the other school.
        targetId: row.id,
        validUntil: null,
      },
      {
        tenantId,
        title: { cn: '六折', en: 'Forty off' },
        code: 'T-SOON-OVER',
        discountTenths: 60,
        targetType: 'COURSE',
        targetId: row.id,
        validUntil: new Date(now + day),
      },
    ]);
    expect((await detail(uid)).body.coupon).toEqual({ title: 'Forty off', discount: 6 });
    // A day and a bit later by the server's clock, only the school-wide offer is left.
    t.clock.advance(day + 1000);
    try {
      expect((await detail(uid)).body.coupon).toEqual({ title: 'New learner offer', discount: 8.5 });
    } finally {
      t.clock.advance(-(day + 1000));
    }
  });

  it('shows a coming-soon course', async () => {
    const { body } = await detail(courseUid(41));
    expect(body.status).toBe('DRAFT');
  });

  it.each([
    ['retired-course', 'UNPUBLISHED'],
    ['toefl-writing', 'CLOSED'],
  ])('refuses %s (%s) with 403 courseNotPublished', async (uid, status) => {
    await unpublishedCourse(t);
    expect((await courseByUid(t, uid)).status).toBe(status);
    const res = await get(t, `/api/courses/${uid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'courseNotPublished', message: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers courseNotFound for an unknown uid', async () => {
    const res = await get(t, '/api/courses/no-such-course');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('courseNotFound');
  });

  it("answers courseNotFound for another school's course, and each school its own course under a shared uid", async () => {
    const res = await get(t, '/api/courses/second-course-2');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('courseNotFound');
    const own = await detail('second-course-2', undefined, { host: secondSchoolHost });
    expect(own.body.title).toBe('Second School: Cooking Class');
    expect(own.body.price.currency).toBe('USD');
    // The demo school's coupons are not the second school's.
    expect(own.body.coupon).toBeNull();
    const shared = await detail(courseUid(0), undefined, { host: secondSchoolHost });
    expect(shared.body.title).toBe('Second School: Photography Basics');
    expect(shared.body.chapters).toEqual([]);
    expect(shared.body.firstLessonId).toBeNull();
    expect(shared.body.category).toBeNull();
  });

  it('refuses a uid longer than 64 characters', async () => {
    const res = await get(t, `/api/courses/${'a'.repeat(65)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'uid' });
  });

  it('sanitizes an "about" written straight into the database', async () => {
    const uid = courseUid(7);
    const evil =
      '<p onclick="steal()">Hi <b>there</b></p><script>alert(1)</script>' +
      '<a href="javascript:alert(2)">x</a><img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe>' +
      '<a href="https://example.com/docs">docs</a>';
    await t.db
      .update(courses)
      .set({ about: { cn: evil, en: evil } })
      .where(eq(courses.uid, uid));
    const { body } = await detail(uid);
    expect(body.about).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|alert\(1\)/i);
    expect(body.about).toContain('<p>Hi <b>there</b></p>');
    expect(body.about).toContain(
      '<a href="https://example.com/docs" rel="noopener noreferrer" target="_blank">docs</a>',
    );
  });
});

describe('GET /api/courses/{uid}: learn in order', () => {
  it('locks each lesson behind the first earlier one the member has not completed', async () => {
    const { learnInOrder } = await learningScenarios(t.db);
    const { body } = await detail(learnInOrder.courseUid, learnerCookie);
    const rows = lessonsOf(body);
    const blockingIndex = rows.findIndex((l) => l.id === learnInOrder.blockingLessonId);
    expect(rows.find((l) => l.id === learnInOrder.completedLessonId)).toMatchObject({ learningStatus: 'COMPLETED' });
    // Up to the first lesson not completed everything opens; after it, nothing does.
    expect(rows.map((l) => l.locked)).toEqual(rows.map((_, i) => i > blockingIndex));
    expect(rows.find((l) => l.id === learnInOrder.lockedLessonId)!.locked).toBe(true);
    // A visitor sees the trial lesson open and the rest locked, as in any course.
    const visitor = lessonsOf((await detail(learnInOrder.courseUid)).body);
    expect(visitor.map((l) => l.locked)).toEqual(visitor.map((l) => !l.freeTrial));
  });
});

describe('POST /api/courses/{uid}/join', () => {
  it('refuses a visitor with 401 unauthorized', async () => {
    const res = await post(t, `/api/courses/${courseUid(15)}/join`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('makes the caller a member of a free course at once and counts them', async () => {
    const uid = courseUid(15);
    const before = await courseByUid(t, uid);
    expect([before.priceCents, before.validityKind]).toEqual([0, 'UNLIMITED']);
    const account = await newAccount(t);

    const res = await post(t, `/api/courses/${uid}/join`, account.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(courseMembershipSchema.parse(res.json())).toEqual({
      joinedAt: t.clock.now().toISOString(),
      expiresAt: null,
      expired: false,
      learningStatus: 'NOT_STARTED',
      progress: 0,
      lastLessonId: null,
    });
    expect((await courseByUid(t, uid)).studentCount).toBe(before.studentCount + 1);
    expect((await memberRows(before.id)).filter((m) => m.userId === account.id)).toHaveLength(1);

    const { body } = await detail(uid, account.cookie);
    expect(body.membership).toMatchObject({ expired: false, progress: 0 });
    expect(body.studentCount).toBe(before.studentCount + 1);
    expect(lessonsOf(body).every((l) => !l.locked && l.learningStatus === 'NOT_STARTED')).toBe(true);

    // Again: refused, and neither a second row nor a second count.
    const again = await post(t, `/api/courses/${uid}/join`, account.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('memberExisted');
    expect((await courseByUid(t, uid)).studentCount).toBe(before.studentCount + 1);
    expect((await memberRows(before.id)).filter((m) => m.userId === account.id)).toHaveLength(1);
  });

  it('makes one membership of a double tap', async () => {
    const uid = courseUid(32);
    const before = await courseByUid(t, uid);
    expect([before.priceCents, before.validityKind]).toEqual([0, 'LONG_TERM']);
    const account = await newAccount(t);
    const answers = await Promise.all([
      post(t, `/api/courses/${uid}/join`, account.cookie),
      post(t, `/api/courses/${uid}/join`, account.cookie),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 201)!.json().expiresAt).toBeNull();
    expect((await courseByUid(t, uid)).studentCount).toBe(before.studentCount + 1);
    expect((await memberRows(before.id)).filter((m) => m.userId === account.id)).toHaveLength(1);
  });

  it('ends a days-after-joining membership N days after joining, and locks the lessons once it has ended', async () => {
    const uid = courseUid(6);
    const row = await courseByUid(t, uid);
    expect([row.priceCents, row.validityKind, row.validityDays]).toEqual([0, 'DAYS', 365]);
    const account = await newAccount(t);
    const res = await post(t, `/api/courses/${uid}/join`, account.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().expiresAt).toBe(new Date(t.clock.now().getTime() + 365 * day).toISOString());

    await t.db
      .update(courseMembers)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(and(eq(courseMembers.courseId, row.id), eq(courseMembers.userId, account.id)));
    const { body } = await detail(uid, account.cookie);
    expect(body.membership).toMatchObject({ expired: true });
    expect(lessonsOf(body).map((l) => l.locked)).toEqual(lessonsOf(body).map((l) => !l.freeTrial));
    expect(lessonsOf(body).every((l) => l.learningStatus === 'NOT_STARTED')).toBe(true);
  });

  it("ends an end-date membership on the course's end date", async () => {
    const uid = courseUid(13);
    const row = await courseByUid(t, uid);
    expect([row.priceCents, row.validityKind]).toEqual([0, 'END_DATE']);
    const account = await newAccount(t);
    const res = await post(t, `/api/courses/${uid}/join`, account.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().expiresAt).toBe(row.validityEndDate!.toISOString());
  });

  it('refuses a paid course with 403 noPermissionJoinCourse, and counts nobody', async () => {
    const uid = courseUid(1);
    const before = await courseByUid(t, uid);
    const account = await newAccount(t);
    const res = await post(t, `/api/courses/${uid}/join`, account.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('noPermissionJoinCourse');
    expect((await courseByUid(t, uid)).studentCount).toBe(before.studentCount);
    expect((await memberRows(before.id)).some((m) => m.userId === account.id)).toBe(false);
  });

  it('answers memberExisted to a learner who already owns a paid course', async () => {
    const res = await post(t, `/api/courses/${courseUid(3)}/join`, learnerCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('memberExisted');
  });

  it.each([
    [courseUid(41), 'DRAFT'],
    ['retired-course', 'UNPUBLISHED'],
    ['toefl-writing', 'CLOSED'],
  ])('refuses to join %s (%s) with 403 courseNotPublished', async (uid, status) => {
    await unpublishedCourse(t);
    const before = await courseByUid(t, uid);
    expect(before.status).toBe(status);
    const res = await post(t, `/api/courses/${uid}/join`, learnerCookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('courseNotPublished');
    expect((await courseByUid(t, uid)).studentCount).toBe(before.studentCount);
  });

  it('answers courseNotFound for an unknown course or one of another school', async () => {
    for (const uid of ['no-such-course', 'second-course-3']) {
      const res = await post(t, `/api/courses/${uid}/join`, learnerCookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('courseNotFound');
    }
  });

  it('refuses a join posted from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseUid(15)}/join`,
      headers: { cookie: learnerCookie, host: 'localhost:8080', origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});

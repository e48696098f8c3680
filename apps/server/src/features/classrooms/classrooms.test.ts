import {
  announcementDetailSchema,
  announcementListSchema,
  classroomDetailSchema,
  classroomListSchema,
} from '@school/contract/classrooms';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  classroomAnnouncements,
  classroomComments,
  classroomCourses,
  classrooms,
  classroomTeachers,
  coupons,
  courses,
  lessonLearnings,
  lessons,
  teachers,
  users,
} from '../../db/schema.js';
import { demoAccounts, secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { day, get, hour, login, tenantIdOf } from '../../testing/site.js';
import { classroomRow, insertClassroom } from './classrooms-testing.js';

let t: TestApp;
let demoTenant: number;
beforeAll(async () => {
  t = await createTestApp();
  demoTenant = await tenantIdOf(t);
});
afterAll(async () => {
  await t.close();
});

const listUrl = (query: Record<string, string> = {}) => `/api/classrooms?${new URLSearchParams(query).toString()}`;

async function list(query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await get(t, listUrl(query), undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return classroomListSchema.parse(res.json());
}

/** The demo school's classrooms a learner may see, as the database holds them. */
function visibleRows() {
  return t.db
    .select()
    .from(classrooms)
    .where(and(eq(classrooms.tenantId, demoTenant), inArray(classrooms.status, ['PUBLISHED', 'DRAFT'])));
}

describe('GET /api/classrooms', () => {
  it('lists published and draft classrooms, latest first, with every summary field', async () => {
    const rows = await visibleRows();
    const page = await list({ pageSize: '50' });
    expect(page.total).toBe(rows.length);
    expect(page.items).toHaveLength(rows.length);
    expect(page.items.map((c) => c.status).sort()).toContain('DRAFT');
    const bootcamp = page.items.find((c) => c.uid === 'frontend-bootcamp');
    const row = rows.find((r) => r.uid === 'frontend-bootcamp')!;
    expect(bootcamp).toEqual({
      uid: 'frontend-bootcamp',
      title: 'Front-end Engineer Bootcamp',
      cover: row.cover,
      price: { amount: 0, original: null, currency: 'CNY' },
      status: 'PUBLISHED',
      studentCount: row.studentCount,
      courseCount: 4,
      enrolStartTime: row.enrolStartTime!.toISOString(),
      enrolEndTime: row.enrolEndTime!.toISOString(),
      startTime: row.startTime!.toISOString(),
      durationDays: 60,
    });
    const paid = page.items.find((c) => c.uid === 'data-analyst-camp');
    expect(paid?.price).toEqual({ amount: 69_900, original: 99_900, currency: 'CNY' });
    const open = page.items.find((c) => c.uid === 'spoken-english-class');
    expect(open).toMatchObject({ enrolEndTime: null, durationDays: null });
  });

  it('answers titles in the language asked for', async () => {
    const page = await list({ keyword: 'english' }, { 'accept-language': 'zh-CN' });
    expect(page.items.map((c) => c.title)).toEqual(['英语口语晨读班']);
  });

  const sorts = {
    updatedTime: (a: typeof classrooms.$inferSelect, b: typeof classrooms.$inferSelect) =>
      b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id,
    studentCount: (a: typeof classrooms.$inferSelect, b: typeof classrooms.$inferSelect) =>
      b.studentCount - a.studentCount || b.id - a.id,
    lowestPrice: (a: typeof classrooms.$inferSelect, b: typeof classrooms.$inferSelect) =>
      a.priceCents - b.priceCents || a.id - b.id,
    highestPrice: (a: typeof classrooms.$inferSelect, b: typeof classrooms.$inferSelect) =>
      b.priceCents - a.priceCents || b.id - a.id,
  };

  it.each(Object.keys(sorts) as (keyof typeof sorts)[])('sorts by %s as the database values say', async (sort) => {
    const rows = await visibleRows();
    const expected = [...rows].sort(sorts[sort]).map((r) => r.uid);
    const page = await list({ sort, pageSize: '50' });
    expect(page.items.map((c) => c.uid)).toEqual(expected);
  });

  it('sorts by updatedTime when no sort is given', async () => {
    const rows = await visibleRows();
    const page = await list();
    expect(page.items.map((c) => c.uid)).toEqual([...rows].sort(sorts.updatedTime).map((r) => r.uid));
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('breaks price ties by id, so paging through equal prices neither repeats nor skips', async () => {
    const rows = await visibleRows();
    const expected = [...rows].sort(sorts.lowestPrice).map((r) => r.uid);
    expect(rows.filter((r) => r.priceCents === 0).length).toBeGreaterThan(2);
    const seen: string[] = [];
    for (let page = 1; seen.length < rows.length; page++) {
      const answer = await list({ sort: 'lowestPrice', pageSize: '2', page: String(page) });
      expect(answer.items.length).toBeGreaterThan(0);
      seen.push(...answer.items.map((c) => c.uid));
    }
    expect(seen).toEqual(expected);
  });

  it('finds a keyword in either language, case-insensitively, Chinese substrings included', async () => {
    expect((await list({ keyword: 'ENGLISH' })).items.map((c) => c.uid)).toEqual(['spoken-english-class']);
    expect((await list({ keyword: '口语' })).items.map((c) => c.uid)).toEqual(['spoken-english-class']);
    expect((await list({ keyword: '班' })).total).toBeGreaterThan(3);
    const python = await list({ keyword: 'python' });
    expect(python.items.map((c) => c.uid)).toEqual(['python-weekend-class']);
    expect(python.total).toBe(1);
  });

  it('takes % and _ in a keyword literally, and ignores a blank keyword', async () => {
    expect((await list({ keyword: '%' })).total).toBe(0);
    expect((await list({ keyword: '_' })).total).toBe(0);
    const all = await visibleRows();
    expect((await list({ keyword: '   ' })).total).toBe(all.length);
  });

  it('filters by a category together with its sub-categories', async () => {
    const tree = await t.db
      .select()
      .from(categories)
      .where(and(eq(categories.tenantId, demoTenant), eq(categories.type, 'PROJECT')));
    const root = tree.find((c) => c.name.en === 'Tech bootcamps')!;
    const frontEnd = tree.find((c) => c.name.en === 'Front-end')!;
    const language = tree.find((c) => c.name.en === 'Language classes')!;
    const rows = await visibleRows();
    const under = (ids: number[]) =>
      rows
        .filter((r) => r.categoryId !== null && ids.includes(r.categoryId))
        .map((r) => r.uid)
        .sort();
    const uids = async (categoryId: number) =>
      (await list({ categoryId: String(categoryId), pageSize: '50' })).items.map((c) => c.uid).sort();

    const children = tree.filter((c) => c.parentId === root.id).map((c) => c.id);
    expect(await uids(root.id)).toEqual(under([root.id, ...children]));
    expect(await uids(root.id)).toEqual(
      ['data-analyst-camp', 'design-systems-studio', 'frontend-bootcamp', 'python-weekend-class'].sort(),
    );
    expect(await uids(frontEnd.id)).toEqual(['design-systems-studio', 'frontend-bootcamp']);
    expect(await uids(language.id)).toEqual(['japanese-starter-class', 'spoken-english-class']);
  });

  it('finds nothing under an unknown category or a course category', async () => {
    expect((await list({ categoryId: '2147483647' })).total).toBe(0);
    const [courseCategory] = await t.db
      .select()
      .from(categories)
      .where(and(eq(categories.tenantId, demoTenant), eq(categories.type, 'COURSE')))
      .limit(1);
    expect((await list({ categoryId: String(courseCategory!.id) })).total).toBe(0);
  });

  it('lists only recommended classrooms in the school’s order when asked', async () => {
    const rows = await visibleRows();
    const expected = rows
      .filter((r) => r.recommendedSeq !== null)
      .sort((a, b) => a.recommendedSeq! - b.recommendedSeq! || a.id - b.id)
      .map((r) => r.uid);
    const page = await list({ recommended: 'true', sort: 'highestPrice' });
    expect(page.items.map((c) => c.uid)).toEqual(expected);
    expect(expected).toEqual(['frontend-bootcamp', 'data-analyst-camp', 'spoken-english-class']);
    expect(page.total).toBe(3);
    expect((await list({ recommended: 'false' })).total).toBe(rows.length);
  });

  it('pages: a middle page, the last partial page, and a page beyond the end', async () => {
    const rows = await visibleRows();
    const all = [...rows].sort(sorts.updatedTime).map((r) => r.uid);
    const second = await list({ page: '2', pageSize: '3' });
    expect(second).toMatchObject({ page: 2, pageSize: 3, total: rows.length });
    expect(second.items.map((c) => c.uid)).toEqual(all.slice(3, 6));
    const last = await list({ page: String(Math.ceil(rows.length / 3)), pageSize: '3' });
    expect(last.items.map((c) => c.uid)).toEqual(all.slice(Math.floor((rows.length - 1) / 3) * 3));
    const beyond = await list({ page: '99', pageSize: '3' });
    expect(beyond).toEqual({ items: [], total: rows.length, page: 99, pageSize: 3 });
    const max = await list({ page: '10000', pageSize: '50' });
    expect(max.items).toEqual([]);
  });

  it('accepts pageSize 50', async () => {
    expect((await list({ pageSize: '50' })).pageSize).toBe(50);
  });

  it.each([
    [{ pageSize: '51' }, 'pageSize'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ page: '0' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ page: 'abc' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page: '10001' }, 'page'],
    [{ sort: 'price' }, 'sort'],
    [{ categoryId: 'abc' }, 'categoryId'],
    [{ categoryId: '0' }, 'categoryId'],
    [{ categoryId: '2147483648' }, 'categoryId'],
    [{ recommended: 'yes' }, 'recommended'],
    [{ keyword: 'x'.repeat(51) }, 'keyword'],
  ])('refuses %j with validationFailed on %s', async (query, field) => {
    const res = await get(t, listUrl(query));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field });
  });

  it('leaves out unpublished and closed classrooms', async () => {
    const hidden = await insertClassroom(t, { status: 'UNPUBLISHED', title: { cn: '隐藏班', en: 'Hidden zebra' } });
    const closed = await insertClassroom(t, { status: 'CLOSED', title: { cn: '关闭班', en: 'Closed zebra' } });
    const shown = await insertClassroom(t, { status: 'PUBLISHED', title: { cn: '斑马班', en: 'Visible zebra' } });
    try {
      const page = await list({ keyword: 'zebra' });
      expect(page.items.map((c) => c.uid)).toEqual([shown.uid]);
      expect(page.total).toBe(1);
    } finally {
      await t.db.delete(classrooms).where(inArray(classrooms.id, [hidden.id, closed.id, shown.id]));
    }
  });

  it('shows each school only its own classrooms, even under the same uid', async () => {
    // The second school's pack has one classroom of its own.
    const before = (await list({}, { host: secondSchoolHost })).items.map((c) => c.title);
    expect(before).toEqual(['Weekend Hobby Class']);
    const second = await insertClassroom(t, {
      tenantId: await tenantIdOf(t, 'second'),
      uid: 'frontend-bootcamp',
      title: { cn: '第二学校班级', en: 'Second school classroom' },
    });
    try {
      const theirs = await list({}, { host: secondSchoolHost });
      expect(theirs.items.map((c) => c.title).sort()).toEqual(['Second school classroom', ...before].sort());
      const ours = await list({ keyword: 'second school' });
      expect(ours.total).toBe(0);
      const detail = await get(t, '/api/classrooms/frontend-bootcamp', undefined, { host: secondSchoolHost });
      expect(detail.json().title).toBe('Second school classroom');
    } finally {
      await t.db.delete(classrooms).where(eq(classrooms.id, second.id));
    }
  });

  it('is revalidated by ETag, not stored privately', async () => {
    const first = await get(t, listUrl());
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/Accept-Language/i);
    const etag = String(first.headers.etag);
    const again = await get(t, listUrl(), undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/classrooms/{uid}', () => {
  it('answers a visitor the whole classroom: courses in order, teachers, counts, no membership', async () => {
    const row = await classroomRow(t, 'spoken-english-class');
    const res = await get(t, '/api/classrooms/spoken-english-class');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache'); // a visitor's copy is public (kept for a while when PUBLIC_CACHE_SECONDS > 0)
    const detail = classroomDetailSchema.parse(res.json());

    const courseRows = await t.db
      .select({ uid: courses.uid, lessonCount: courses.lessonCount })
      .from(classroomCourses)
      .innerJoin(courses, eq(courses.id, classroomCourses.courseId))
      .where(eq(classroomCourses.classroomId, row.id))
      .orderBy(asc(classroomCourses.seq));
    expect(detail.courses.map((c) => [c.uid, c.lessonCount, c.completedLessonCount])).toEqual(
      courseRows.map((c) => [c.uid, c.lessonCount, null]),
    );
    expect(courseRows.every((c) => c.lessonCount > 0)).toBe(true);

    const teacherRows = await t.db
      .select({ id: teachers.id, name: teachers.name })
      .from(classroomTeachers)
      .innerJoin(teachers, eq(teachers.id, classroomTeachers.teacherId))
      .where(eq(classroomTeachers.classroomId, row.id))
      .orderBy(asc(classroomTeachers.seq));
    expect(detail.teachers.map((x) => [x.id, x.name])).toEqual(teacherRows.map((x) => [x.id, x.name.en]));

    const comments = await t.db.select().from(classroomComments).where(eq(classroomComments.classroomId, row.id));
    const average = Math.round((comments.reduce((s, c) => s + c.score, 0) / comments.length) * 10) / 10;
    expect(detail).toMatchObject({
      uid: 'spoken-english-class',
      title: 'Morning Spoken English Class',
      status: 'PUBLISHED',
      maxStudents: null,
      enrolState: 'OPEN',
      ratingScore: average,
      ratingCount: comments.length,
      announcementCount: 2,
      coupon: null,
      membership: null,
      now: t.clock.now().toISOString(),
    });
    expect(detail.intro).toContain('<p>Morning Spoken English Class is led by');
    expect(detail.teachingPlan).toMatch(/^<ol><li>Weeks 1–2/);
  });

  it('answers in Chinese for a zh browser', async () => {
    const res = await get(t, '/api/classrooms/spoken-english-class', undefined, { 'accept-language': 'zh-CN' });
    const detail = classroomDetailSchema.parse(res.json());
    expect(detail.title).toBe('英语口语晨读班');
    expect(detail.teachingPlan).toContain('第 1–2 周');
  });

  it('shows a member their joining time and progress per course', async () => {
    const cookie = await login(t, demoAccounts.learner);
    const row = await classroomRow(t, 'spoken-english-class');
    const before = classroomDetailSchema.parse((await get(t, '/api/classrooms/spoken-english-class', cookie)).json());
    expect(before.membership).toEqual({
      joinedAt: new Date(row.startTime!.getTime() + 5 * day).toISOString(),
      completedCourseCount: 0,
      progress: 0,
    });
    expect(before.courses.every((c) => c.completedLessonCount === 0)).toBe(true);

    // The learner completes every lesson of the first course and one of the second, and is
    // part-way through another: only COMPLETED lessons count.
    const [first, second] = await t.db
      .select({ courseId: classroomCourses.courseId })
      .from(classroomCourses)
      .where(eq(classroomCourses.classroomId, row.id))
      .orderBy(asc(classroomCourses.seq));
    const lessonsOf = (courseId: number) =>
      t.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.seq));
    const firstLessons = await lessonsOf(first!.courseId);
    const secondLessons = await lessonsOf(second!.courseId);
    const [learner] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, demoTenant), eq(users.username, 'learner')));
    await t.db
      .insert(lessonLearnings)
      .values([
        ...firstLessons.map((l) => ({ lessonId: l.id, userId: learner!.id, status: 'COMPLETED' as const })),
        { lessonId: secondLessons[0]!.id, userId: learner!.id, status: 'COMPLETED' as const },
        { lessonId: secondLessons[1]!.id, userId: learner!.id, status: 'LEARNING' as const },
      ]);
    try {
      const after = classroomDetailSchema.parse((await get(t, '/api/classrooms/spoken-english-class', cookie)).json());
      expect(after.courses.map((c) => c.completedLessonCount)).toEqual([firstLessons.length, 1]);
      expect(after.membership).toMatchObject({ completedCourseCount: 1, progress: 50 });

      // Another learner's view of the same classroom carries none of it.
      const visitor = classroomDetailSchema.parse((await get(t, '/api/classrooms/spoken-english-class')).json());
      expect(visitor.courses.map((c) => c.completedLessonCount)).toEqual([null, null]);
      const newbie = await login(t, demoAccounts.newbie);
      const other = classroomDetailSchema.parse((await get(t, '/api/classrooms/spoken-english-class', newbie)).json());
      expect(other.membership).toBeNull();
      expect(other.courses.map((c) => c.completedLessonCount)).toEqual([null, null]);
    } finally {
      await t.db.delete(lessonLearnings).where(
        and(
          eq(lessonLearnings.userId, learner!.id),
          inArray(
            lessonLearnings.lessonId,
            [...firstLessons, ...secondLessons].map((l) => l.id),
          ),
        ),
      );
    }
  });

  it('tells the enrolment state of each seeded window', async () => {
    const states: Record<string, string> = {};
    for (const uid of ['frontend-bootcamp', 'office-pro-class', 'python-weekend-class', 'design-systems-studio']) {
      states[uid] = classroomDetailSchema.parse((await get(t, `/api/classrooms/${uid}`)).json()).enrolState;
    }
    expect(states).toEqual({
      'frontend-bootcamp': 'OPEN',
      'office-pro-class': 'NOT_STARTED',
      'python-weekend-class': 'ENDED',
      'design-systems-studio': 'FULL',
    });
  });

  it('moves the enrolment state with the clock: opening, then closing', async () => {
    const now = t.clock.now().getTime();
    const row = await insertClassroom(t, {
      enrolStartTime: new Date(now + 2 * day),
      enrolEndTime: new Date(now + 5 * day),
      maxStudents: 10,
      studentCount: 9,
    });
    const state = async () =>
      classroomDetailSchema.parse((await get(t, `/api/classrooms/${row.uid}`)).json()).enrolState;
    const start = 2 * day;
    const end = 5 * day;
    let moved = 0;
    const advance = (ms: number) => {
      t.clock.advance(ms);
      moved += ms;
    };
    try {
      advance(start - 1000);
      expect(await state()).toBe('NOT_STARTED');
      advance(1000);
      expect(await state()).toBe('OPEN');
      advance(end - start - 1000);
      expect(await state()).toBe('OPEN');
      advance(1000);
      expect(await state()).toBe('ENDED');
    } finally {
      t.clock.advance(-moved);
    }
  });

  it('is FULL once the seats are taken while the window is open', async () => {
    const now = t.clock.now().getTime();
    const row = await insertClassroom(t, {
      enrolStartTime: new Date(now - day),
      enrolEndTime: null,
      maxStudents: 2,
      studentCount: 1,
    });
    const state = async () =>
      classroomDetailSchema.parse((await get(t, `/api/classrooms/${row.uid}`)).json()).enrolState;
    expect(await state()).toBe('OPEN');
    await t.db.update(classrooms).set({ studentCount: 2 }).where(eq(classrooms.id, row.id));
    expect(await state()).toBe('FULL');
  });

  it('answers a coming-soon DRAFT classroom', async () => {
    const res = await get(t, '/api/classrooms/japanese-starter-class');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DRAFT', enrolState: 'NOT_STARTED' });
  });

  it.each(['UNPUBLISHED', 'CLOSED'] as const)('refuses a %s classroom with classroomNotPublished', async (status) => {
    const row = await insertClassroom(t, { status });
    const res = await get(t, `/api/classrooms/${row.uid}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'classroomNotPublished', message: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("answers classroomNotFound for an unknown uid and for another school's classroom", async () => {
    const unknown = await get(t, '/api/classrooms/no-such-classroom');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('classroomNotFound');
    const elsewhere = await get(t, '/api/classrooms/spoken-english-class', undefined, { host: secondSchoolHost });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('classroomNotFound');
  });

  it('refuses a uid longer than 64 characters', async () => {
    const res = await get(t, `/api/classrooms/${'a'.repeat(65)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'uid' });
  });

  it('hints the best valid classroom coupon on a paid classroom, and none on a free one', async () => {
    const camp = await classroomRow(t, 'data-analyst-camp');
    const office = await classroomRow(t, 'office-pro-class');
    const bootcamp = await classroomRow(t, 'frontend-bootcamp');
    const now = t.clock.now().getTime();
    const coupon = (code: string, discountTenths: number, extra: Partial<typeof coupons.$inferInsert> = {}) => ({
      tenantId: demoTenant,
      title: { cn: `券 ${code}`, en: `Coupon ${code}` },
      code,
      discountTenths,
      targetType: 'CLASSROOM' as const,
      targetId: null,
      validUntil: new Date(now + 10 * day),
      ...extra,
    });
    const before = classroomDetailSchema.parse((await get(t, '/api/classrooms/data-analyst-camp')).json());
    expect(before.coupon).toBeNull();
    const inserted = await t.db
      .insert(coupons)
      .values([
        coupon('ALL90', 90, { validUntil: null }),
        coupon('CAMP80', 80, { targetId: camp.id }),
        coupon('EXPIRED50', 50, { validUntil: new Date(now - hour) }),
        coupon('COURSE40', 40, { targetType: 'COURSE' }),
        coupon('OTHER60', 60, { targetId: office.id + bootcamp.id + 1000 }),
        coupon('FREE30', 30, { targetId: bootcamp.id }),
      ])
      .returning({ id: coupons.id });
    try {
      const campDetail = classroomDetailSchema.parse((await get(t, '/api/classrooms/data-analyst-camp')).json());
      expect(campDetail.coupon).toEqual({ title: 'Coupon CAMP80', discount: 8 });
      const officeDetail = classroomDetailSchema.parse((await get(t, '/api/classrooms/office-pro-class')).json());
      expect(officeDetail.coupon).toEqual({ title: 'Coupon ALL90', discount: 9 });
      const free = classroomDetailSchema.parse((await get(t, '/api/classrooms/frontend-bootcamp')).json());
      expect(free.coupon).toBeNull();
      // The camp's own coupon runs out: the all-classroom one is the best left.
      t.clock.advance(11 * day);
      try {
        const later = classroomDetailSchema.parse((await get(t, '/api/classrooms/data-analyst-camp')).json());
        expect(later.coupon).toEqual({ title: 'Coupon ALL90', discount: 9 });
      } finally {
        t.clock.advance(-11 * day);
      }
    } finally {
      await t.db.delete(coupons).where(
        inArray(
          coupons.id,
          inserted.map((c) => c.id),
        ),
      );
    }
  });

  it('sanitizes an intro and a teaching plan written straight into the database', async () => {
    const row = await insertClassroom(t, {
      intro: {
        cn: '<p>好</p><script>alert(1)</script>',
        en: '<p onclick="steal()">Hello</p><script>alert(1)</script><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
      },
      teachingPlan: {
        cn: '<a href="javascript:alert(1)">计划</a>',
        en: '<a href="javascript:alert(1)">Plan</a><style>body{display:none}</style>',
      },
    });
    const detail = classroomDetailSchema.parse((await get(t, `/api/classrooms/${row.uid}`)).json());
    expect(detail.intro).toBe('<p>Hello</p><img src="x" loading="lazy" />');
    expect(detail.teachingPlan).not.toMatch(/javascript|style|display/);
    expect(detail.teachingPlan).toContain('Plan');
    const cn = classroomDetailSchema.parse(
      (await get(t, `/api/classrooms/${row.uid}`, undefined, { 'accept-language': 'zh' })).json(),
    );
    expect(cn.intro).toBe('<p>好</p>');
  });
});

describe('GET /api/classrooms/{uid}/announcements', () => {
  it('lists announcements newest first, with a total', async () => {
    const row = await classroomRow(t, 'frontend-bootcamp');
    const rows = await t.db
      .select()
      .from(classroomAnnouncements)
      .where(eq(classroomAnnouncements.classroomId, row.id))
      .orderBy(desc(classroomAnnouncements.createdAt), desc(classroomAnnouncements.id));
    const res = await get(t, '/api/classrooms/frontend-bootcamp/announcements');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = announcementListSchema.parse(res.json());
    expect(page).toEqual({
      items: rows.map((a) => ({ id: a.id, title: a.title.en, createdAt: a.createdAt.toISOString() })),
      total: rows.length,
      page: 1,
      pageSize: 20,
    });
    expect(page.items.map((a) => a.title)).toEqual(['This week’s plan', 'Before we start']);
  });

  it('pages, including a page beyond the end', async () => {
    const second = announcementListSchema.parse(
      (await get(t, '/api/classrooms/frontend-bootcamp/announcements?page=2&pageSize=1')).json(),
    );
    expect(second.items.map((a) => a.title)).toEqual(['Before we start']);
    expect(second.total).toBe(2);
    const beyond = announcementListSchema.parse(
      (await get(t, '/api/classrooms/frontend-bootcamp/announcements?page=3&pageSize=1')).json(),
    );
    expect(beyond).toEqual({ items: [], total: 2, page: 3, pageSize: 1 });
  });

  it.each(['pageSize=51', 'page=0', 'page=x'])('refuses %s', async (query) => {
    const res = await get(t, `/api/classrooms/frontend-bootcamp/announcements?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validationFailed');
  });

  it('answers the classroom’s own refusals', async () => {
    expect((await get(t, '/api/classrooms/nope/announcements')).json().code).toBe('classroomNotFound');
    const hidden = await insertClassroom(t, { status: 'CLOSED' });
    const res = await get(t, `/api/classrooms/${hidden.uid}/announcements`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('classroomNotPublished');
  });
});

describe('GET /api/classrooms/{uid}/announcements/{id}', () => {
  it('answers one announcement with sanitized content', async () => {
    const row = await classroomRow(t, 'frontend-bootcamp');
    const [created] = await t.db
      .insert(classroomAnnouncements)
      .values({
        classroomId: row.id,
        title: { cn: '注意', en: 'Notice' },
        content: {
          cn: '<p>内容</p>',
          en: '<p>Read <a href="https://example.com/x">this</a></p><script>document.cookie</script><img src=x onerror=alert(1)>',
        },
        createdAt: new Date(t.clock.now().getTime() - 1000),
      })
      .returning();
    try {
      const res = await get(t, `/api/classrooms/frontend-bootcamp/announcements/${created!.id}`);
      expect(res.statusCode).toBe(200);
      expect(announcementDetailSchema.parse(res.json())).toEqual({
        id: created!.id,
        title: 'Notice',
        createdAt: created!.createdAt.toISOString(),
        content:
          '<p>Read <a href="https://example.com/x" rel="noopener noreferrer" target="_blank">this</a></p><img src="x" loading="lazy" />',
      });
      const list = announcementListSchema.parse(
        (await get(t, '/api/classrooms/frontend-bootcamp/announcements')).json(),
      );
      expect(list.items[0]?.title).toBe('Notice');
    } finally {
      await t.db.delete(classroomAnnouncements).where(eq(classroomAnnouncements.id, created!.id));
    }
  });

  it("answers announcementNotFound for another classroom's announcement and an unknown id", async () => {
    const other = await classroomRow(t, 'data-analyst-camp');
    const [theirs] = await t.db
      .select({ id: classroomAnnouncements.id })
      .from(classroomAnnouncements)
      .where(eq(classroomAnnouncements.classroomId, other.id))
      .limit(1);
    const own = await get(t, `/api/classrooms/data-analyst-camp/announcements/${theirs!.id}`);
    expect(own.statusCode).toBe(200);
    const res = await get(t, `/api/classrooms/frontend-bootcamp/announcements/${theirs!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('announcementNotFound');
    const unknown = await get(t, '/api/classrooms/frontend-bootcamp/announcements/2147483647');
    expect(unknown.json().code).toBe('announcementNotFound');
  });

  it.each(['abc', '0', '-3', '2147483648'])('refuses the id %s with validationFailed', async (id) => {
    const res = await get(t, `/api/classrooms/frontend-bootcamp/announcements/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'id' });
  });
});

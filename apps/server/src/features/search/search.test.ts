import { searchResultSchema, type SearchResult } from '@school/contract/search';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classrooms, courses, exams, lessons, tenants, teachers } from '../../db/schema.js';
import { secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { demoImage } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let demoTenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDefault, true));
  demoTenantId = demo!.id;
});
afterAll(async () => {
  await t.close();
});

async function search(query: Record<string, string>, headers: Record<string, string> = {}): Promise<SearchResult> {
  const res = await t.app.inject({ url: `/api/search?${new URLSearchParams(query)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return searchResultSchema.parse(res.json());
}

const zh = { 'accept-language': 'zh-CN' };
const titles = (result: SearchResult) => result.items.map((hit) => hit.title);

interface Ranked {
  title: { cn: string; en: string };
  popularity: number;
  id: number;
}
const startsWith = (title: { cn: string; en: string }, keyword: string) =>
  [title.cn, title.en].some((text) => text.toLowerCase().startsWith(keyword.toLowerCase()));
const containsKeyword = (title: { cn: string; en: string }, keyword: string) =>
  `${title.cn} ${title.en}`.toLowerCase().includes(keyword.toLowerCase());
/** The documented order: a title starting with the keyword first, then the most popular, then the oldest id. */
function bestFirst<T extends Ranked>(rows: T[], keyword: string): T[] {
  return rows
    .filter((row) => containsKeyword(row.title, keyword))
    .sort(
      (a, b) =>
        Number(startsWith(b.title, keyword)) - Number(startsWith(a.title, keyword)) ||
        b.popularity - a.popularity ||
        a.id - b.id,
    );
}

async function findableCourses() {
  return t.db
    .select({ id: courses.id, uid: courses.uid, title: courses.title, popularity: courses.studentCount })
    .from(courses)
    .where(and(eq(courses.tenantId, demoTenantId), inArray(courses.status, ['PUBLISHED', 'DRAFT'])));
}

describe('GET /api/search', () => {
  it('answers an empty page for an empty or blank keyword', async () => {
    expect(await search({ type: 'COURSE', keyword: '' })).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    expect(await search({ type: 'TEACHER', keyword: '   ', page: '2' })).toEqual({
      items: [],
      total: 0,
      page: 2,
      pageSize: 20,
    });
    expect((await search({})).total).toBe(0);
  });

  it.each([
    [{ type: 'ARTICLE', keyword: 'a' }, 'type'],
    [{ type: 'course', keyword: 'a' }, 'type'],
    [{ keyword: 'a', pageSize: '51' }, 'pageSize'],
    [{ keyword: 'a', page: '0' }, 'page'],
    [{ keyword: 'x'.repeat(51) }, 'keyword'],
  ])('refuses %o with validationFailed on %s', async (query, field) => {
    const res = await t.app.inject({ url: `/api/search?${new URLSearchParams(query)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field });
  });

  describe('COURSE', () => {
    it('finds courses by a Chinese substring, titles starting with it first', async () => {
      const result = await search({ type: 'COURSE', keyword: '数据' }, zh);
      const expected = bestFirst(await findableCourses(), '数据');
      expect(result.items.map((hit) => hit.key)).toEqual(expected.map((row) => row.uid));
      // Pandas has more students than 数据可视化实战, but its title only contains the keyword.
      expect(titles(result)).toEqual([
        '数据分析入门',
        '数据可视化实战',
        'Pandas 数据处理',
        'Excel 数据透视表',
        '用 PPT 讲数据',
      ]);
      expect(result.total).toBe(5);
      const [visualisation] = await t.db
        .select({ lessonCount: courses.lessonCount, studentCount: courses.studentCount })
        .from(courses)
        .where(and(eq(courses.tenantId, demoTenantId), eq(courses.uid, 'data-visualisation-in-practice')));
      expect(visualisation!.lessonCount).toBeGreaterThan(0);
      expect(result.items[1]).toEqual({
        type: 'COURSE',
        key: 'data-visualisation-in-practice',
        title: '数据可视化实战',
        description: '选对图表，讲清结论',
        image: demoImage('images/covers/data-visualisation-in-practice.svg'),
        price: { amount: 9900, original: 14900, currency: 'CNY' },
        startTime: null,
        lessonCount: visualisation!.lessonCount,
        studentCount: visualisation!.studentCount,
      });
    });

    it("counts each course hit's lessons and learners as the course list does", async () => {
      const found = await search({ type: 'COURSE', keyword: 'python' });
      const listed = await t.app.inject({ url: '/api/courses?pageSize=50' });
      const counts = new Map(
        (listed.json() as { items: { uid: string; lessonCount: number; studentCount: number }[] }).items.map(
          (course) => [course.uid, { lessonCount: course.lessonCount, studentCount: course.studentCount }],
        ),
      );
      expect(found.items.length).toBeGreaterThan(0);
      for (const hit of found.items) {
        expect({ lessonCount: hit.lessonCount, studentCount: hit.studentCount }).toEqual(counts.get(hit.key));
      }
    });

    it('matches English titles whatever the case, answering in the asked language', async () => {
      const result = await search({ type: 'COURSE', keyword: 'pYTHON' });
      const expected = bestFirst(await findableCourses(), 'python');
      expect(result.items.map((hit) => hit.key)).toEqual(expected.map((row) => row.uid));
      expect(titles(result)).toContain('Automate Office Work with Python');
      expect(result.total).toBe(3);
      expect(result.items.every((hit) => hit.price !== null && hit.startTime === null)).toBe(true);
    });

    it('finds a course coming soon but never an unpublished or closed one', async () => {
      expect(titles(await search({ type: 'COURSE', keyword: 'coming soon' }))).toEqual([
        'Full-stack Next.js (coming soon)',
        'Motion Design (coming soon)',
      ]);
      expect(await search({ type: 'COURSE', keyword: 'express' })).toMatchObject({ items: [], total: 0 });
      expect(await search({ type: 'COURSE', keyword: '托福' })).toMatchObject({ items: [], total: 0 });
    });

    it('takes % and _ literally', async () => {
      expect((await search({ type: 'COURSE', keyword: '%' })).total).toBe(0);
      expect((await search({ type: 'COURSE', keyword: '_' })).total).toBe(0);
      expect((await search({ type: 'COURSE', keyword: 'j_va' })).total).toBe(0);
      const [row] = await t.db
        .insert(courses)
        .values({
          tenantId: demoTenantId,
          uid: 'percent-course',
          title: { cn: '100% 通过 SQL_入门', en: '100% Pass: SQL_Basics' },
          subtitle: { cn: '', en: '' },
          cover: '/mobile/seed/cover-01.svg',
          about: { cn: '', en: '' },
          status: 'PUBLISHED',
        })
        .returning({ id: courses.id });
      try {
        expect(titles(await search({ type: 'COURSE', keyword: '0%' }))).toEqual(['100% Pass: SQL_Basics']);
        expect(titles(await search({ type: 'COURSE', keyword: 'l_b' }))).toEqual(['100% Pass: SQL_Basics']);
      } finally {
        await t.db.delete(courses).where(eq(courses.id, row!.id));
      }
    });

    it('pages through hits without repeats and answers an empty page past the end', async () => {
      const all = await search({ type: 'COURSE', keyword: 'e', pageSize: '50' });
      expect(all.total).toBeGreaterThan(12);
      const paged: string[] = [];
      for (let page = 1; (page - 1) * 6 < all.total; page += 1) {
        const result = await search({ type: 'COURSE', keyword: 'e', page: String(page), pageSize: '6' });
        expect(result).toMatchObject({ total: all.total, page, pageSize: 6 });
        paged.push(...result.items.map((hit) => hit.key));
      }
      expect(paged).toEqual(all.items.map((hit) => hit.key));
      const past = Math.ceil(all.total / 6) + 1;
      expect(await search({ type: 'COURSE', keyword: 'e', page: String(past), pageSize: '6' })).toEqual({
        items: [],
        total: all.total,
        page: past,
        pageSize: 6,
      });
    });

    it("never finds another school's courses", async () => {
      expect((await search({ type: 'COURSE', keyword: '第二学校' })).total).toBe(0);
      expect((await search({ type: 'COURSE', keyword: 'photography' })).total).toBe(0);
      const own = await search({ type: 'COURSE', keyword: '第二学校' }, { host: secondSchoolHost, ...zh });
      expect(titles(own)).toEqual(['第二学校：摄影入门', '第二学校：烹饪课', '第二学校：吉他入门']);
      expect(own.items.map((hit) => hit.price?.amount)).toEqual([0, 1500, 3000]);
    });
  });

  describe('PROJECT', () => {
    it('finds classrooms by a Chinese substring with a plain-text description', async () => {
      const result = await search({ type: 'PROJECT', keyword: '班' }, zh);
      const rows = await t.db
        .select({
          id: classrooms.id,
          uid: classrooms.uid,
          title: classrooms.title,
          popularity: classrooms.studentCount,
        })
        .from(classrooms)
        .where(and(eq(classrooms.tenantId, demoTenantId), inArray(classrooms.status, ['PUBLISHED', 'DRAFT'])));
      expect(result.items.map((hit) => hit.key)).toEqual(bestFirst(rows, '班').map((row) => row.uid));
      expect(titles(result)).toContain('日语零基础班（筹备中）');
      expect(result.total).toBe(5);
      const hit = result.items.find((h) => h.key === 'spoken-english-class');
      expect(hit).toMatchObject({
        type: 'PROJECT',
        title: '英语口语晨读班',
        image: demoImage('images/covers/cover-07.svg'),
        price: { amount: 0, original: null, currency: 'CNY' },
        startTime: null,
        lessonCount: null,
        studentCount: null,
      });
      expect(hit!.description).toMatch(/^英语口语晨读班由资深讲师带队/);
      for (const h of result.items) {
        expect(h.description).not.toMatch(/[<>]/);
        expect(Array.from(h.description).length).toBeLessThanOrEqual(60);
      }
    });

    it('describes a classroom in English with the start of its intro', async () => {
      const result = await search({ type: 'PROJECT', keyword: 'office PRO' });
      expect(result.items).toHaveLength(1);
      expect(result.items[0]!.description).toBe('Office Pro Class is led by experienced teachers week by…');
    });

    it('never finds unpublished or closed classrooms', async () => {
      const values = (['UNPUBLISHED', 'CLOSED'] as const).map((status) => ({
        tenantId: demoTenantId,
        uid: `hidden-${status.toLowerCase()}`,
        title: { cn: `隐藏班级 ${status}`, en: `Hidden classroom ${status}` },
        cover: '/mobile/seed/cover-01.svg',
        intro: { cn: '', en: '' },
        teachingPlan: { cn: '', en: '' },
        status,
      }));
      const rows = await t.db.insert(classrooms).values(values).returning({ id: classrooms.id });
      try {
        expect((await search({ type: 'PROJECT', keyword: '隐藏班级' })).total).toBe(0);
        expect((await search({ type: 'PROJECT', keyword: 'hidden' })).total).toBe(0);
      } finally {
        await t.db.delete(classrooms).where(
          inArray(
            classrooms.id,
            rows.map((r) => r.id),
          ),
        );
      }
    });
  });

  describe('EXAM', () => {
    it('finds exams by a Chinese substring, including one coming soon', async () => {
      const result = await search({ type: 'EXAM', keyword: '考试' }, zh);
      const rows = await t.db
        .select({ id: exams.id, uid: exams.uid, title: exams.title, popularity: exams.studentCount })
        .from(exams)
        .where(and(eq(exams.tenantId, demoTenantId), inArray(exams.status, ['PUBLISHED', 'DRAFT'])));
      expect(result.items.map((hit) => hit.key)).toEqual(bestFirst(rows, '考试').map((row) => row.uid));
      expect(titles(result).sort()).toEqual(['React 开发认证考试', 'SQL 闭卷考试', '数据分析结业考试'].sort());
      const react = result.items.find((hit) => hit.key === 'react-certification');
      expect(react).toMatchObject({
        price: { amount: 9900, currency: 'CNY' },
        image: expect.stringMatching(/^\/api\/images\//),
      });
      expect(react!.description).toMatch(/^React 开发认证考试考查课程中的核心知识点/);
    });

    it('puts a title starting with the keyword before one containing it', async () => {
      const excel = await search({ type: 'EXAM', keyword: 'ex' });
      // "Excel Skills Test" starts with it; the more popular "SQL Closed-book Exam" only contains it.
      expect(titles(excel)[0]).toBe('Excel Skills Test');
      expect(titles(excel)).toContain('SQL Closed-book Exam');
    });

    it('never finds an unpublished or closed exam', async () => {
      await t.db.update(exams).set({ status: 'CLOSED' }).where(eq(exams.uid, 'python-quiz'));
      await t.db.update(exams).set({ status: 'UNPUBLISHED' }).where(eq(exams.uid, 'sql-closed-exam'));
      try {
        expect((await search({ type: 'EXAM', keyword: 'python' })).total).toBe(0);
        expect((await search({ type: 'EXAM', keyword: 'sql' })).total).toBe(0);
      } finally {
        await t.db
          .update(exams)
          .set({ status: 'PUBLISHED' })
          .where(inArray(exams.uid, ['python-quiz', 'sql-closed-exam']));
      }
      expect((await search({ type: 'EXAM', keyword: 'python' })).total).toBe(1);
    });
  });

  describe('LIVE', () => {
    const liveTypes = ['LIVE', 'LIVE_NOW', 'LIVE_COMPLETED', 'LIVE_RECODE'] as const;
    async function liveRows() {
      return t.db
        .select({
          id: lessons.id,
          title: lessons.title,
          mediaType: lessons.mediaType,
          startTime: lessons.startTime,
          courseUid: courses.uid,
          courseTitle: courses.title,
          popularity: courses.studentCount,
        })
        .from(lessons)
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .where(
          and(
            eq(lessons.tenantId, demoTenantId),
            inArray(lessons.mediaType, liveTypes),
            inArray(courses.status, ['PUBLISHED', 'DRAFT']),
          ),
        );
    }

    it('finds live lessons by their course title; the key opens the course', async () => {
      const result = await search({ type: 'LIVE', keyword: 'node.JS' });
      const expected = (await liveRows()).filter((row) => containsKeyword(row.courseTitle, 'node.js'));
      expect(expected.length).toBeGreaterThan(1);
      expect(result.total).toBe(expected.length);
      expect(result.items.map((hit) => hit.key)).toEqual(expected.map(() => 'server-side-node-js'));
      for (const hit of result.items) {
        expect(hit).toMatchObject({ type: 'LIVE', description: 'Server-side Node.js', price: null });
        expect(hit.startTime).not.toBeNull();
      }
      const byId = [...expected].sort((a, b) => a.id - b.id);
      expect(titles(result)).toEqual(byId.map((row) => row.title.en));
      expect(result.items.map((hit) => hit.startTime)).toEqual(byId.map((row) => row.startTime!.toISOString()));
    });

    it('finds live lessons by a Chinese substring of the lesson title alone', async () => {
      const rows = await liveRows();
      // A replay's title starts 回放 (replay), a word no course title has.
      const expected = bestFirst(rows, '回放');
      expect(expected.length).toBeGreaterThan(1);
      expect(expected.every((row) => row.mediaType === 'LIVE_RECODE')).toBe(true);
      expect(expected.every((row) => !containsKeyword(row.courseTitle, '回放'))).toBe(true);
      const result = await search({ type: 'LIVE', keyword: '回放' }, zh);
      expect(result.items.map((hit) => [hit.key, hit.title])).toEqual(
        expected.map((row) => [row.courseUid, row.title.cn]),
      );
      expect(result.items[0]!.image).toMatch(/^\/api\/images\/[0-9a-f]{64}\.svg\/images\/covers\//);
    });

    it('finds no lesson that is not live, and none of a course that learners cannot reach', async () => {
      // Dark mode is taught twice: in a live session of Mobile UI Design and in a video of Tailwind CSS Quick Start.
      const everyLesson = await t.db
        .select({ title: lessons.title, mediaType: lessons.mediaType })
        .from(lessons)
        .where(eq(lessons.tenantId, demoTenantId));
      const darkMode = everyLesson.filter((row) => containsKeyword(row.title, 'dark mode'));
      expect(darkMode.map((row) => row.mediaType).sort()).toEqual(['LIVE_COMPLETED', 'VIDEO']);
      expect(titles(await search({ type: 'LIVE', keyword: 'dark MODE' }))).toEqual(['Live: dark mode']);
      expect(titles(await search({ type: 'LIVE', keyword: '深色模式' }, zh))).toEqual(['直播：深色模式']);
      const before = await search({ type: 'LIVE', keyword: 'react performance' });
      expect(before.total).toBeGreaterThan(0);
      await t.db.update(courses).set({ status: 'CLOSED' }).where(eq(courses.uid, 'react-performance'));
      try {
        expect(await search({ type: 'LIVE', keyword: 'react performance' })).toMatchObject({ items: [], total: 0 });
      } finally {
        await t.db.update(courses).set({ status: 'PUBLISHED' }).where(eq(courses.uid, 'react-performance'));
      }
    });
  });

  describe('TEACHER', () => {
    it('finds teachers by a Chinese name substring as persons', async () => {
      const [wang] = await t.db
        .select({ id: teachers.id })
        .from(teachers)
        .where(and(eq(teachers.tenantId, demoTenantId), eq(teachers.uid, 'wang-lei')));
      const result = await search({ type: 'TEACHER', keyword: '王' }, zh);
      expect(result).toEqual({
        items: [
          {
            type: 'TEACHER',
            key: String(wang!.id),
            title: '王磊',
            description: '前端架构师',
            image: demoImage('images/teachers/teacher-1.svg'),
            price: null,
            startTime: null,
            lessonCount: null,
            studentCount: null,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      });
    });

    it('finds teachers by their English name whatever the case, name starts first', async () => {
      const result = await search({ type: 'TEACHER', keyword: 'LI' });
      const rows = await t.db
        .select({ id: teachers.id, title: teachers.name })
        .from(teachers)
        .where(eq(teachers.tenantId, demoTenantId));
      const expected = bestFirst(
        rows.map((row) => ({ ...row, popularity: 0 })),
        'li',
      );
      expect(titles(result)).toEqual(expected.map((row) => row.title.en));
      expect(titles(result)).toEqual(['Li Na', 'Liu Yang']);
      const contained = await search({ type: 'TEACHER', keyword: 'ang' });
      expect(titles(contained).sort()).toEqual(['Liu Yang', 'Wang Lei', 'Zhang Wei']);
    });

    it("never finds another school's teachers", async () => {
      expect((await search({ type: 'TEACHER', keyword: 'smith' })).total).toBe(0);
      const own = await search({ type: 'TEACHER', keyword: 'smith' }, { host: secondSchoolHost });
      expect(titles(own)).toEqual(['John Smith']);
      expect(own.items[0]!.image).toBeNull();
    });
  });

  it('is a public read: revalidated with an ETag', async () => {
    const res = await t.app.inject({ url: `/api/search?keyword=${encodeURIComponent('设计')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeDefined();
  });
});

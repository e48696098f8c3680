import { categoryTreeSchema, tagListSchema, type Category } from '@school/contract/catalogue';
import { courseListSchema, type CourseList } from '@school/contract/courses';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, courses, courseTags, tags } from '../../db/schema.js';
import { secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { get, tenantIdOf } from '../../testing/site.js';
import { listedCourses } from './courses-testing.js';

let t: TestApp;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  tenantId = await tenantIdOf(t);
});
afterAll(async () => {
  await t.close();
});

type CourseRow = typeof courses.$inferSelect;

async function list(query: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<CourseList> {
  const res = await get(t, `/api/courses?${new URLSearchParams(query).toString()}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return courseListSchema.parse(res.json());
}

/** Every page of a query, pageSize at a time, concatenated. */
async function allPages(query: Record<string, string>, pageSize: number): Promise<string[]> {
  const uids: string[] = [];
  for (let page = 1; page < 100; page++) {
    const body = await list({ ...query, page: String(page), pageSize: String(pageSize) });
    uids.push(...body.items.map((c) => c.uid));
    if (body.items.length < pageSize) break;
  }
  return uids;
}

function byId(a: CourseRow, b: CourseRow) {
  return a.id - b.id;
}

// The expected orders, computed here from the rows as docs/product.md#enumerations sorts them (id breaks ties).
const expectedOrders: Record<string, (a: CourseRow, b: CourseRow) => number> = {
  updatedTime: (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || -byId(a, b),
  studentCount: (a, b) => b.studentCount - a.studentCount || -byId(a, b),
  lowestPrice: (a, b) => a.priceCents - b.priceCents || byId(a, b),
  highestPrice: (a, b) => b.priceCents - a.priceCents || -byId(a, b),
};

async function descendantsOf(categoryId: number): Promise<Set<number>> {
  const rows = await t.db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.tenantId, tenantId));
  const ids = new Set([categoryId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (row.parentId !== null && ids.has(row.parentId) && !ids.has(row.id)) {
        ids.add(row.id);
        grew = true;
      }
    }
  }
  return ids;
}

function flatten(items: Category[]): Category[] {
  return items.flatMap((c) => [c, ...flatten(c.children)]);
}

describe('GET /api/categories', () => {
  it('answers the course tree, roots first, children nested by seq with their level', async () => {
    const res = await get(t, '/api/categories?type=COURSE');
    expect(res.statusCode).toBe(200);
    const { items } = categoryTreeSchema.parse(res.json());
    expect(items.map((c) => c.name)).toEqual(['Programming', 'Design', 'Languages', 'Career skills']);
    const programming = items[0]!;
    expect(programming).toMatchObject({ parentId: null, level: 0, seq: 1 });
    expect(programming.children.map((c) => c.name)).toEqual(['Front-end', 'Back-end', 'Data science']);
    const frontEnd = programming.children[0]!;
    expect(frontEnd).toMatchObject({ parentId: programming.id, level: 1, seq: 1 });
    expect(frontEnd.children.map((c) => [c.name, c.level, c.parentId, c.children.length])).toEqual([
      ['JavaScript', 2, frontEnd.id, 0],
      ['React', 2, frontEnd.id, 0],
      ['CSS', 2, frontEnd.id, 0],
    ]);
    // Every COURSE row of the school is in the tree once; no PROJECT row is.
    const rows = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.tenantId, tenantId), eq(categories.type, 'COURSE')));
    expect(
      flatten(items)
        .map((c) => c.id)
        .sort((a, b) => a - b),
    ).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('names the categories in Chinese, and defaults to the course tree', async () => {
    const res = await get(t, '/api/categories', undefined, { 'accept-language': 'zh-CN' });
    const { items } = categoryTreeSchema.parse(res.json());
    expect(items.map((c) => c.name)).toEqual(['编程开发', '设计创意', '语言学习', '职场技能']);
  });

  it('answers the PROJECT tree for classrooms', async () => {
    const { items } = categoryTreeSchema.parse((await get(t, '/api/categories?type=PROJECT')).json());
    expect(items.map((c) => [c.name, c.children.map((child) => child.name)])).toEqual([
      ['Tech bootcamps', ['Front-end', 'Data']],
      ['Language classes', []],
      ['Career growth', []],
    ]);
  });

  it('answers a 304 to a repeat visit with the same ETag', async () => {
    const first = await get(t, '/api/categories?type=COURSE');
    const again = await get(t, '/api/categories?type=COURSE', undefined, {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses an unknown type', async () => {
    const res = await get(t, '/api/categories?type=EXAM');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'type' });
  });

  it('shows another school only its own tree (the second school has none)', async () => {
    const res = await get(t, '/api/categories?type=COURSE', undefined, { host: secondSchoolHost });
    expect(res.json()).toEqual({ items: [] });
  });
});

describe('GET /api/tags', () => {
  it('lists the tags in order, localized', async () => {
    const en = tagListSchema.parse((await get(t, '/api/tags')).json());
    expect(en.items.map((tag) => tag.name)).toEqual([
      'Beginner',
      'Advanced',
      'Hands-on',
      'Popular',
      'Certificate',
      'Live',
    ]);
    const cn = tagListSchema.parse((await get(t, '/api/tags', undefined, { 'accept-language': 'zh' })).json());
    expect(cn.items.map((tag) => tag.name)).toEqual(['入门', '进阶', '实战', '热门', '证书', '直播']);
    expect(cn.items.map((tag) => tag.id)).toEqual(en.items.map((tag) => tag.id));
  });

  it('lists no tags for a school without any', async () => {
    expect((await get(t, '/api/tags', undefined, { host: secondSchoolHost })).json()).toEqual({ items: [] });
  });
});

describe('GET /api/courses', () => {
  it('lists published and coming-soon courses of the school, latest first, 20 a page', async () => {
    const rows = await listedCourses(t);
    const body = await list();
    expect(body.total).toBe(rows.length);
    expect(body.total).toBe(42);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(20);
    expect(body.items).toHaveLength(20);
    const statuses = new Set((await list({ pageSize: '50' })).items.map((c) => c.status));
    expect([...statuses].sort()).toEqual(['DRAFT', 'PUBLISHED']);
    const first = body.items[0]!;
    const row = rows.find((r) => r.uid === first.uid)!;
    expect(first).toEqual({
      uid: row.uid,
      title: row.title.en,
      subtitle: row.subtitle.en,
      cover: row.cover,
      price: {
        amount: row.priceCents,
        original:
          row.originalPriceCents !== null && row.originalPriceCents > row.priceCents ? row.originalPriceCents : null,
        currency: 'CNY',
      },
      status: row.status,
      lessonCount: row.lessonCount,
      studentCount: row.studentCount,
      ratingScore: row.ratingCount === 0 ? 0 : Math.round((row.ratingTotal / row.ratingCount) * 10) / 10,
      tags: expect.any(Array),
    });
    expect(body.items.map((c) => c.title)).not.toContain('Express (retired)');
  });

  it('gives each course its tags, in tag order and localized', async () => {
    const body = await list({ pageSize: '50' }, { 'accept-language': 'zh-CN' });
    const tagRows = await t.db
      .select({ uid: courses.uid, name: tags.name, seq: tags.seq, id: tags.id })
      .from(courseTags)
      .innerJoin(tags, eq(tags.id, courseTags.tagId))
      .innerJoin(courses, eq(courses.id, courseTags.courseId))
      .orderBy(asc(tags.seq), asc(tags.id));
    for (const item of body.items) {
      expect(item.tags).toEqual(tagRows.filter((r) => r.uid === item.uid).map((r) => ({ id: r.id, name: r.name.cn })));
    }
    expect(body.items.some((item) => item.tags.length >= 2)).toBe(true);
  });

  it.each(Object.keys(expectedOrders))(
    'sorts by %s in the order of the database values, id breaking ties',
    async (sort) => {
      const rows = await listedCourses(t);
      const expected = [...rows].sort(expectedOrders[sort]).map((r) => r.uid);
      const body = await list({ sort, pageSize: '50' });
      expect(body.items.map((c) => c.uid)).toEqual(expected);
      // Small pages put together give the same order: no course twice, none skipped.
      expect(await allPages({ sort }, 7)).toEqual(expected);
    },
  );

  it('has ties in price that only the id orders (the tie-breaker is exercised)', async () => {
    const rows = await listedCourses(t);
    const free = rows.filter((r) => r.priceCents === 0);
    expect(free.length).toBeGreaterThan(7);
    const body = await list({ sort: 'lowestPrice', pageSize: '50' });
    expect(body.items.slice(0, free.length).map((c) => c.uid)).toEqual(free.sort(byId).map((r) => r.uid));
  });

  it('lists the recommended courses only, in the school order', async () => {
    const rows = (await listedCourses(t))
      .filter((r) => r.recommendedSeq !== null)
      .sort((a, b) => a.recommendedSeq! - b.recommendedSeq! || byId(a, b));
    const body = await list({ recommended: 'true', sort: 'highestPrice' });
    expect(body.items.map((c) => c.uid)).toEqual(rows.map((r) => r.uid));
    expect(body.total).toBe(rows.length);
    expect(body.items[0]?.uid).toBe('react-19-zero-to-production');
    expect((await list({ recommended: 'false' })).total).toBe(42);
  });

  describe('keyword', () => {
    async function expectKeyword(keyword: string, expected: (row: CourseRow) => boolean) {
      const rows = (await listedCourses(t)).filter(expected);
      const body = await list({ keyword, pageSize: '50' });
      expect(body.items.map((c) => c.uid).sort()).toEqual(rows.map((r) => r.uid).sort());
      expect(body.total).toBe(rows.length);
      return rows;
    }

    it('finds a Chinese substring in the Chinese title', async () => {
      const rows = await expectKeyword('入门', (r) => r.title.cn.includes('入门'));
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.map((r) => r.uid)).toContain('python-for-beginners');
    });

    it('finds a Chinese word in the middle of a title', async () => {
      const rows = await expectKeyword('设计', (r) => r.title.cn.includes('设计'));
      expect(rows.length).toBeGreaterThanOrEqual(2);
    });

    it('finds English whatever the case, in either language', async () => {
      const rows = await expectKeyword('REACT', (r) => `${r.title.cn} ${r.title.en}`.toLowerCase().includes('react'));
      expect(rows.length).toBeGreaterThanOrEqual(3);
      const lower = await list({ keyword: 'react', pageSize: '50' });
      expect(lower.total).toBe(rows.length);
    });

    it('trims the keyword, and an empty one is no filter', async () => {
      expect((await list({ keyword: '  python  ' })).total).toBe((await list({ keyword: 'python' })).total);
      expect((await list({ keyword: '   ' })).total).toBe(42);
    });

    it('finds nothing for a keyword no title has', async () => {
      const body = await list({ keyword: '量子纠缠' });
      expect(body).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    });

    it('combines with the other filters', async () => {
      const body = await list({ keyword: 'python', sort: 'lowestPrice' });
      const prices = body.items.map((c) => c.price.amount);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(body.items.every((c) => c.title.toLowerCase().includes('python'))).toBe(true);
    });
  });

  it('lists a category with every category under it', async () => {
    const rows = await listedCourses(t);
    const [programming] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.tenantId, tenantId), eq(categories.level, 0), eq(categories.type, 'COURSE')))
      .orderBy(asc(categories.seq));
    const [frontEnd] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.parentId, programming!.id))
      .orderBy(asc(categories.seq));
    const [javascript] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.parentId, frontEnd!.id))
      .orderBy(asc(categories.seq));
    for (const category of [programming!.id, frontEnd!.id, javascript!.id]) {
      const ids = await descendantsOf(category);
      const expected = rows.filter((r) => r.categoryId !== null && ids.has(r.categoryId)).map((r) => r.uid);
      const body = await list({ categoryId: String(category), pageSize: '50' });
      expect(body.items.map((c) => c.uid).sort()).toEqual(expected.sort());
      expect(body.total).toBe(expected.length);
      expect(expected.length).toBeGreaterThan(0);
    }
    // The root holds strictly more than one of its branches.
    expect((await list({ categoryId: String(programming!.id) })).total).toBeGreaterThan(
      (await list({ categoryId: String(frontEnd!.id) })).total,
    );
    expect((await list({ categoryId: String(javascript!.id) })).items.map((c) => c.uid).sort()).toEqual([
      'advanced-javascript-async-and-modules',
      'javascript-from-zero',
      'typescript-in-practice',
    ]);
  });

  it('lists nothing for an unknown category', async () => {
    expect((await list({ categoryId: '999999' })).total).toBe(0);
  });

  it('lists the courses of a tag', async () => {
    const [beginner] = await t.db
      .select({ id: tags.id })
      .from(tags)
      .where(eq(tags.tenantId, tenantId))
      .orderBy(asc(tags.seq));
    const tagged = new Set(
      (await t.db.select().from(courseTags).where(eq(courseTags.tagId, beginner!.id))).map((r) => r.courseId),
    );
    const expected = (await listedCourses(t)).filter((r) => tagged.has(r.id)).map((r) => r.uid);
    const body = await list({ tagId: String(beginner!.id), pageSize: '50' });
    expect(body.items.map((c) => c.uid).sort()).toEqual(expected.sort());
    expect(body.items.every((c) => c.tags.some((tag) => tag.id === beginner!.id))).toBe(true);
    expect(expected.length).toBeGreaterThan(5);
  });

  it('lists only the free courses with price=free, and refuses another price filter', async () => {
    const free = (await listedCourses(t)).filter((r) => r.priceCents === 0).map((r) => r.uid);
    const body = await list({ price: 'free', pageSize: '50' });
    expect(body.items.map((c) => c.uid).sort()).toEqual(free.sort());
    expect(body.items.every((c) => c.price.amount === 0)).toBe(true);
    expect(free.length).toBeGreaterThan(0);
    expect(free.length).toBeLessThan((await listedCourses(t)).length);
    const odd = await get(t, '/api/courses?price=cheap');
    expect([odd.statusCode, odd.json().code]).toEqual([400, 'validationFailed']);
  });

  describe('pagination', () => {
    it('answers the last, partial page', async () => {
      const body = await list({ page: '3', pageSize: '20' });
      expect(body.items).toHaveLength(2);
      expect(body).toMatchObject({ total: 42, page: 3, pageSize: 20 });
    });

    it('answers an empty page beyond the end, still with the total', async () => {
      expect(await list({ page: '4', pageSize: '20' })).toEqual({ items: [], total: 42, page: 4, pageSize: 20 });
      expect((await list({ page: '10000' })).total).toBe(42);
    });

    it('takes up to 50 a page', async () => {
      const body = await list({ pageSize: '50' });
      expect(body.items).toHaveLength(42);
    });

    it.each([
      ['pageSize', '51'],
      ['pageSize', '0'],
      ['page', '0'],
      ['page', '-1'],
      ['page', '10001'],
      ['page', 'two'],
      ['sort', 'cheapest'],
      ['sort', 'updatedtime'],
      ['categoryId', 'abc'],
      ['categoryId', '0'],
      ['categoryId', '2147483648'],
      ['tagId', '1.5'],
      ['recommended', 'yes'],
      ['keyword', 'x'.repeat(51)],
    ])('refuses %s=%s with 400 validationFailed naming the field', async (field, value) => {
      const res = await get(t, `/api/courses?${field}=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validationFailed', field });
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  it('is cached as a shared read that revalidates', async () => {
    const res = await get(t, '/api/courses');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('localizes titles in Chinese', async () => {
    const zh = await list({ sort: 'lowestPrice', pageSize: '50' }, { 'accept-language': 'zh-CN' });
    expect(zh.items.map((c) => c.title)).toContain('JavaScript 零基础入门');
  });

  it("shows another school its own courses in its currency, never the demo school's", async () => {
    const body = await list({}, { host: secondSchoolHost });
    expect(body.total).toBe(3);
    expect(body.items.every((c) => c.price.currency === 'USD')).toBe(true);
    expect(body.items.map((c) => c.title).sort()).toEqual([
      'Second School: Cooking Class',
      'Second School: Guitar for Beginners',
      'Second School: Photography Basics',
    ]);
    const search = await list({ keyword: 'python' }, { host: secondSchoolHost });
    expect(search.total).toBe(0);
  });

  describe('literal % and _ in a keyword', () => {
    beforeAll(async () => {
      const base = {
        tenantId,
        subtitle: { cn: '', en: '' },
        cover: '/mobile/seed/cover-01.svg',
        about: { cn: '', en: '' },
        status: 'PUBLISHED' as const,
      };
      await t.db.insert(courses).values([
        { ...base, uid: 'percent-course', title: { cn: '省钱 100% 课程', en: 'Save 100% Course' } },
        { ...base, uid: 'underscore-course', title: { cn: 'snake_case 命名', en: 'snake_case names' } },
        { ...base, uid: 'lookalike-course', title: { cn: '蛇形命名', en: 'snakeXcase names' } },
      ]);
    });

    it('matches % as a percent sign, not as "anything"', async () => {
      expect((await list({ keyword: '%' })).items.map((c) => c.uid)).toEqual(['percent-course']);
      expect((await list({ keyword: '100%' })).items.map((c) => c.uid)).toEqual(['percent-course']);
    });

    it('matches _ as an underscore, not as "any one character"', async () => {
      expect((await list({ keyword: 'snake_case' })).items.map((c) => c.uid)).toEqual(['underscore-course']);
      expect((await list({ keyword: 'SNAKE' })).total).toBe(2);
    });

    it('matches a backslash literally', async () => {
      expect((await list({ keyword: '\\' })).total).toBe(0);
    });
  });
});

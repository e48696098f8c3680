import { articleDetailSchema, articleListSchema, type ArticleList } from '@school/contract/articles';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, tenantHosts, tenants } from '../../db/schema.js';
import { secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { demoImage } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let demoTenantId: number;
let secondTenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDefault, true));
  const [second] = await t.db
    .select({ id: tenantHosts.tenantId })
    .from(tenantHosts)
    .where(eq(tenantHosts.host, secondSchoolHost));
  demoTenantId = demo!.id;
  secondTenantId = second!.id;
});
afterAll(async () => {
  await t.close();
});

async function list(query: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<ArticleList> {
  const res = await t.app.inject({ url: `/api/articles?${new URLSearchParams(query)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return articleListSchema.parse(res.json());
}

/**
 * An article the school took down: what an import leaves when the pack drops one (unpublished,
 * never deleted). Made once per file, with the words only it has ("寒假").
 */
async function unpublishedArticle() {
  const uid = 'a-study-plan-for-the-winter-break';
  const [made] = await t.db
    .insert(articles)
    .values({
      tenantId: demoTenantId,
      uid,
      title: { cn: '寒假学习计划推荐', en: 'A Study Plan for the Winter Break' },
      summary: { cn: '四周计划模板。', en: 'A four-week plan template.' },
      author: { cn: '编辑部', en: 'Editorial Team' },
      content: { cn: '<p>四周计划模板。</p>', en: '<p>A four-week plan template.</p>' },
      published: false,
      viewCount: 321,
      publishedAt: new Date(t.clock.now().getTime() - 43 * 24 * 3_600_000),
    })
    .onConflictDoNothing()
    .returning({ id: articles.id, viewCount: articles.viewCount });
  if (made) return made;
  const [row] = await t.db
    .select({ id: articles.id, viewCount: articles.viewCount })
    .from(articles)
    .where(and(eq(articles.tenantId, demoTenantId), eq(articles.uid, uid)));
  return row!;
}

function publishedDemoArticles() {
  return and(eq(articles.tenantId, demoTenantId), eq(articles.published, true));
}

describe('GET /api/articles', () => {
  it('lists published articles newest first, with the total', async () => {
    const expected = await t.db
      .select({ id: articles.id })
      .from(articles)
      .where(publishedDemoArticles())
      .orderBy(desc(articles.publishedAt), desc(articles.id));
    const page = await list({ pageSize: '50' });
    expect(expected).toHaveLength(21);
    expect(page.total).toBe(21);
    expect(page.items.map((a) => a.id)).toEqual(expected.map((r) => r.id));
    const times = page.items.map((a) => Date.parse(a.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.items[0]).toMatchObject({
      title: 'How to Learn Online Effectively',
      summary: 'Three habits that double what you get from study time.',
      author: 'Academic Office',
      cover: demoImage('images/covers/cover-01.svg'),
    });
    expect(page.items.some((a) => a.cover === null)).toBe(true);
    // A list carries no article bodies: the detail does.
    const raw = await t.app.inject({ url: '/api/articles?pageSize=50' });
    expect(raw.json().items.every((a: object) => !('content' in a))).toBe(true);
  });

  it('leaves out the unpublished article on every tab', async () => {
    const hidden = await unpublishedArticle();
    for (const tab of ['latest', 'recommended', 'popular']) {
      const page = await list({ tab, pageSize: '50' });
      expect(page.items.map((a) => a.id)).not.toContain(hidden!.id);
    }
    expect((await list({ keyword: '寒假' })).total).toBe(0);
  });

  it("lists only the school's picks, in the school's order, on the recommended tab", async () => {
    const expected = await t.db
      .select({ id: articles.id, seq: articles.recommendedSeq })
      .from(articles)
      .where(and(publishedDemoArticles(), isNotNull(articles.recommendedSeq)))
      .orderBy(asc(articles.recommendedSeq));
    const page = await list({ tab: 'recommended' });
    expect(page.total).toBe(5);
    expect(page.items.map((a) => a.id)).toEqual(expected.map((r) => r.id));
    expect(page.items.map((a) => a.title)).toEqual([
      'New Term Courses Are Online',
      'How to Learn Online Effectively',
      'Learner Story: From Zero to Front-end Engineer',
      'Getting Around the Platform',
      'Programming Languages Worth Learning in 2026',
    ]);
  });

  it('lists the most read first on the popular tab', async () => {
    const expected = await t.db
      .select({ id: articles.id, viewCount: articles.viewCount })
      .from(articles)
      .where(publishedDemoArticles())
      .orderBy(desc(articles.viewCount), desc(articles.id));
    const page = await list({ tab: 'popular', pageSize: '50' });
    expect(page.items.map((a) => [a.id, a.viewCount])).toEqual(expected.map((r) => [r.id, r.viewCount]));
    const counts = page.items.map((a) => a.viewCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(counts.at(-1)!);
  });

  it('finds articles by a Chinese substring of the title', async () => {
    const page = await list({ keyword: '学习' }, { 'accept-language': 'zh-CN' });
    expect(page.items.map((a) => a.title)).toEqual([
      '如何高效地在线学习',
      '学习笔记怎么记',
      '日语学习路线图',
      '班级学习的好处',
      '如何坚持每天学习',
    ]);
    expect(page.total).toBe(5);
  });

  it('matches English titles whatever the case, and combines the keyword with a tab', async () => {
    const page = await list({ keyword: 'EXCEL' });
    expect(page.items.map((a) => a.title)).toEqual(['Excel Tips for New Starters']);
    const recommended = await list({ tab: 'recommended', keyword: 'online' });
    expect(recommended.items.map((a) => a.title)).toEqual([
      'New Term Courses Are Online',
      'How to Learn Online Effectively',
    ]);
  });

  it('takes % and _ in a keyword literally', async () => {
    expect((await list({ keyword: '%' })).total).toBe(0);
    expect((await list({ keyword: '_' })).total).toBe(0);
    expect((await list({ keyword: ' ' })).total).toBe(21);
  });

  it('pages through the list without repeats, and answers an empty page past the end', async () => {
    const all = await list({ tab: 'popular', pageSize: '50' });
    const pages: number[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const res = await list({ tab: 'popular', page: String(page), pageSize: '5' });
      expect(res).toMatchObject({ total: 21, page, pageSize: 5 });
      pages.push(...res.items.map((a) => a.id));
    }
    expect(pages).toEqual(all.items.map((a) => a.id));
    expect(await list({ page: '6', pageSize: '5' })).toEqual({ items: [], total: 21, page: 6, pageSize: 5 });
    expect(await list({ page: '10000' })).toMatchObject({ items: [], total: 21 });
  });

  it.each([
    [{ pageSize: '51' }, 'pageSize'],
    [{ pageSize: '0' }, 'pageSize'],
    [{ page: '0' }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ tab: 'oldest' }, 'tab'],
    [{ keyword: 'x'.repeat(51) }, 'keyword'],
  ])('refuses %o with validationFailed on %s', async (query, field) => {
    const res = await t.app.inject({ url: `/api/articles?${new URLSearchParams(query)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field });
  });

  it('is a public read: revalidated with an ETag, per language', async () => {
    const res = await t.app.inject({ url: '/api/articles' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Language/i);
    const again = await t.app.inject({ url: '/api/articles', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("lists the other school's articles only on its own host", async () => {
    const [row] = await t.db
      .insert(articles)
      .values({
        tenantId: secondTenantId,
        title: { cn: '第二学校新闻', en: 'Second School News' },
        summary: { cn: '', en: '' },
        author: { cn: '', en: '' },
        content: { cn: '<p>好</p>', en: '<p>Good</p>' },
        publishedAt: new Date(),
      })
      .returning({ id: articles.id });
    expect((await list({ keyword: 'second school' })).total).toBe(0);
    const own = await list({}, { host: secondSchoolHost });
    expect(own.items.map((a) => a.id)).toEqual([row!.id]);
    await t.db.delete(articles).where(eq(articles.id, row!.id));
  });
});

describe('GET /api/articles/{id}', () => {
  async function firstPublished() {
    const [row] = await t.db
      .select({ id: articles.id, viewCount: articles.viewCount })
      .from(articles)
      .where(publishedDemoArticles())
      .orderBy(desc(articles.publishedAt))
      .limit(1);
    return row!;
  }

  it('answers the article with its content and counts the read', async () => {
    const { id, viewCount } = await firstPublished();
    const res = await t.app.inject({ url: `/api/articles/${id}`, headers: { 'accept-language': 'zh' } });
    expect(res.statusCode).toBe(200);
    const article = articleDetailSchema.parse(res.json());
    expect(article).toMatchObject({ id, title: '如何高效地在线学习', author: '教务处', viewCount: viewCount + 1 });
    expect(article.content).toContain('<p>三个习惯让你的学习事半功倍。</p>');
    expect(article.content).toContain('<blockquote>');
    const second = articleDetailSchema.parse((await t.app.inject({ url: `/api/articles/${id}` })).json());
    expect(second.viewCount).toBe(viewCount + 2);
    expect(second.title).toBe('How to Learn Online Effectively');
    const [stored] = await t.db.select({ n: articles.viewCount }).from(articles).where(eq(articles.id, id));
    expect(stored!.n).toBe(viewCount + 2);
  });

  it('is never stored by a cache, since every read counts', async () => {
    const { id } = await firstPublished();
    const res = await t.app.inject({ url: `/api/articles/${id}` });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('loses no read when many arrive at once', async () => {
    const { id, viewCount } = await firstPublished();
    const responses = await Promise.all(Array.from({ length: 8 }, () => t.app.inject({ url: `/api/articles/${id}` })));
    const seen = responses.map((r) => articleDetailSchema.parse(r.json()).viewCount).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 8 }, (_, i) => viewCount + i + 1));
    const [stored] = await t.db.select({ n: articles.viewCount }).from(articles).where(eq(articles.id, id));
    expect(stored!.n).toBe(viewCount + 8);
  });

  it('strips scripts, handlers and javascript: links written straight into the database', async () => {
    const [row] = await t.db
      .insert(articles)
      .values({
        tenantId: demoTenantId,
        title: { cn: '恶意', en: 'Malicious' },
        summary: { cn: '', en: '' },
        author: { cn: '', en: '' },
        content: {
          cn: '<p>中文</p>',
          en:
            '<p onclick="steal()">Hello<script>alert(1)</script></p>' +
            '<img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">click</a>' +
            '<iframe src="https://evil.example"></iframe><a href="https://example.com/ok">ok</a>',
        },
        publishedAt: new Date(Date.now() - 1000 * 86_400_000),
      })
      .returning({ id: articles.id });
    const res = await t.app.inject({ url: `/api/articles/${row!.id}` });
    expect(res.statusCode).toBe(200);
    const { content } = articleDetailSchema.parse(res.json());
    expect(content).not.toMatch(/script|onclick|onerror|javascript:|iframe|alert/i);
    expect(content).toContain('<p>Hello</p>');
    expect(content).toContain('<img src="x.png" loading="lazy" />');
    expect(content).toContain('<a href="https://example.com/ok" rel="noopener noreferrer" target="_blank">ok</a>');
    await t.db.delete(articles).where(eq(articles.id, row!.id));
  });

  it('answers articleNotFound for the unpublished article and does not count it', async () => {
    const hidden = await unpublishedArticle();
    const res = await t.app.inject({ url: `/api/articles/${hidden!.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'articleNotFound', message: expect.any(String) });
    const [after] = await t.db.select({ n: articles.viewCount }).from(articles).where(eq(articles.id, hidden!.id));
    expect(after!.n).toBe(hidden!.viewCount);
  });

  it("answers articleNotFound for another school's article", async () => {
    const { id } = await firstPublished();
    const res = await t.app.inject({ url: `/api/articles/${id}`, headers: { host: secondSchoolHost } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('articleNotFound');
  });

  it.each(['999999', '2147483647', '2147483648', '9007199254740991'])(
    'answers articleNotFound for unknown id %s',
    async (id) => {
      const res = await t.app.inject({ url: `/api/articles/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('articleNotFound');
    },
  );

  it.each(['abc', '0', '-1', '1.5'])('refuses the malformed id %s with validationFailed on field id', async (id) => {
    const res = await t.app.inject({ url: `/api/articles/${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'id' });
  });
});

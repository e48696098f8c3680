import { microPageSchema, tabListSchema } from '@school/contract/shell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microPages } from '../../db/schema.js';
import { secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { demoImage } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function homePageId(host?: string): Promise<number> {
  const res = await t.app.inject({ url: '/api/decorations/tabs/list', headers: host ? { host } : {} });
  const id = tabListSchema.parse(res.json()).items[0]?.microPage?.id;
  if (id === undefined) throw new Error('first tab has no micro page');
  return id;
}

describe('GET /api/decorations/tabs/list', () => {
  it('lists the tab bar in order, with a micro page home first', async () => {
    const res = await t.app.inject({ url: '/api/decorations/tabs/list' });
    expect(res.statusCode).toBe(200);
    const { items } = tabListSchema.parse(res.json());
    expect(items.map((tab) => [tab.type, tab.name])).toEqual([
      ['MICRO_PAGE', 'Home'],
      ['COURSE_LIST', 'Courses'],
      ['LEARNING_CENTER', 'Learning'],
      ['MINE', 'Me'],
    ]);
    expect(items[0]).toMatchObject({
      defaultIconUrl: demoImage('images/home/tab-home.svg'),
      activeIconUrl: demoImage('images/home/tab-home-active.svg'),
      microPage: { id: expect.any(Number) },
    });
    expect(items[1]?.microPage).toBeNull();
  });

  it('names the tabs in Chinese for a zh browser', async () => {
    const res = await t.app.inject({ url: '/api/decorations/tabs/list', headers: { 'accept-language': 'zh-CN' } });
    expect(res.json().items.map((tab: { name: string }) => tab.name)).toEqual(['首页', '课程', '学习', '我的']);
  });

  it('gives the second school its own tab bar', async () => {
    const res = await t.app.inject({ url: '/api/decorations/tabs/list', headers: { host: secondSchoolHost } });
    expect(res.json().items.map((tab: { type: string }) => tab.type)).toEqual(['MICRO_PAGE', 'MINE']);
  });
});

describe('GET /api/decorations/pages/{id}', () => {
  it('answers the home page with every seeded component kind, localized', async () => {
    const id = await homePageId();
    const res = await t.app.inject({ url: `/api/decorations/pages/${id}`, headers: { 'accept-language': 'en-GB' } });
    expect(res.statusCode).toBe(200);
    const page = microPageSchema.parse(res.json());
    expect(page.title).toBe('Home');
    expect(page.components.map((c) => c.kind)).toEqual([
      'searchBar',
      'banner',
      'navGrid',
      'richText',
      'richText',
      'imageAd',
      'courseList',
      'classroomList',
      'courseList',
      'examList',
      'articleList',
    ]);
    const banner = page.components.find((c) => c.kind === 'banner');
    expect(banner).toMatchObject({
      items: [{ image: demoImage('images/home/banner-1.svg'), alt: 'New term courses are here' }, {}, {}],
    });
    // The two notices say who they are for; the client shows the one for its viewer.
    expect(page.components.filter((c) => c.kind === 'richText').map((c) => c.audience)).toEqual([
      'visitors',
      'learners',
    ]);
    const nav = page.components.find((c) => c.kind === 'navGrid');
    expect(nav && 'items' in nav && nav.items.map((i) => 'link' in i && i.link)).toEqual([
      '/courses',
      '/classrooms',
      '/single/exams',
      '/articles',
    ]);
    expect(res.body).not.toMatch(/"cn"|"en"/);
  });

  it('answers the same page in Chinese', async () => {
    const id = await homePageId();
    const res = await t.app.inject({ url: `/api/decorations/pages/${id}`, headers: { 'accept-language': 'zh' } });
    const page = microPageSchema.parse(res.json());
    expect(page.title).toBe('首页');
    expect(page.components[0]).toEqual({ kind: 'searchBar', placeholder: '搜索课程、班级和考试' });
  });

  it('compresses the page JSON for browsers that accept it', async () => {
    const id = await homePageId();
    const res = await t.app.inject({ url: `/api/decorations/pages/${id}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers.vary).toMatch(/Accept-Language/i);
  });

  it("answers pageNotFound for another school's page", async () => {
    const otherSchoolPage = await homePageId(secondSchoolHost);
    const res = await t.app.inject({ url: `/api/decorations/pages/${otherSchoolPage}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'pageNotFound', message: 'Page not found' });
    const own = await t.app.inject({
      url: `/api/decorations/pages/${otherSchoolPage}`,
      headers: { host: secondSchoolHost },
    });
    expect(own.json().title).toBe('Second School home');
  });

  it.each(['999999', '2147483648'])('answers pageNotFound for unknown id %s', async (id) => {
    const res = await t.app.inject({ url: `/api/decorations/pages/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('pageNotFound');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999'])(
    'refuses the malformed id %s with validationFailed on field id',
    async (id) => {
      const res = await t.app.inject({ url: `/api/decorations/pages/${id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'id' });
    },
  );

  it('leaves out a stored component the contract does not know, instead of failing the page', async () => {
    const [tenantRow] = await t.db.select({ tenantId: microPages.tenantId }).from(microPages).limit(1);
    const [row] = await t.db
      .insert(microPages)
      .values({
        tenantId: tenantRow!.tenantId,
        title: { cn: '测试', en: 'Test' },
        components: [
          { kind: 'hologram', beam: 1 },
          { kind: 'richText', html: { cn: '<p>好</p>', en: '<p>Good</p>' } },
        ],
      })
      .returning({ id: microPages.id });
    const res = await t.app.inject({ url: `/api/decorations/pages/${row!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().components).toEqual([{ kind: 'richText', html: '<p>Good</p>' }]);
  });
});

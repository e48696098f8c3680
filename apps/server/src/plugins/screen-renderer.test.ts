import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { apiPaths, firstAnswersElementId, type FirstAnswers } from '@school/contract/paths';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses } from '../db/schema.js';
import { createFakeWebDist, createTestApp, whileAddressBlocked, type TestApp } from '../testing/test-app.js';
import { buildWebRenderer } from '../testing/web-renderer.js';

/*
 * The screens rendered on the server (decision 015), through the web build's own renderer: built
 * here from apps/web's sources (vite build --ssr) beside a stand-in page, so the test needs no full
 * build and checks the renderer as it is in this checkout. A learner's own pages: private-pages.test.ts.
 */

let t: TestApp;
let web: Awaited<ReturnType<typeof createFakeWebDist>>;
// One rule for any page, one the rendered markup uses, one it does not.
const stylesheet = 'body{color:#111}.flex{display:flex}.no-such-class{color:red}';
const usedStyles = 'body{color:#111}.flex{display:flex}';
beforeAll(async () => {
  web = await createFakeWebDist();
  // A stylesheet, as the real build links one from the page and names it in its manifest.
  await writeFile(path.join(web.dir, 'assets', 'app-1.css'), stylesheet);
  await writeFile(
    path.join(web.dir, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/app/main.tsx': { file: 'assets/index-3f9a1c.js', css: ['assets/app-1.css'] } }),
  );
  // Each route's first-screen files, as the build lists them (apps/web/build/screen-files-plugin.ts).
  await writeFile(
    path.join(web.dir, '.vite', 'screens.json'),
    JSON.stringify({
      courseList: {
        cn: ['assets/index-3f9a1c.js', 'assets/app-2.js', 'assets/list-cn.js'],
        en: ['assets/index-3f9a1c.js', 'assets/app-2.js', 'assets/list-en.js'],
      },
      // A screen the browser renders (a course's ratings), and one for learners only (My coupons).
      courseComments: { cn: ['assets/index-3f9a1c.js', 'assets/app-2.js', 'assets/ratings-cn.js'], en: [] },
      myCoupons: { cn: ['assets/index-3f9a1c.js', 'assets/app-2.js', 'assets/coupons-cn.js'], en: [] },
    }),
  );
  const page = await readFile(path.join(web.dir, 'index.html'), 'utf8');
  await writeFile(
    path.join(web.dir, 'index.html'),
    page.replace(
      '</head>',
      // What the real build puts in its page's head.
      '<script type="module" crossorigin src="/mobile/assets/index-3f9a1c.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/mobile/assets/app-2.js">' +
        '<link rel="stylesheet" crossorigin href="/mobile/assets/app-1.css"></head>',
    ),
  );
  await buildWebRenderer(web.dir);
  t = await createTestApp({ webDistDir: web.dir });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await web.remove();
});

interface Paged<T> {
  items: T[];
}
interface Priced {
  uid: string;
  title: string;
  price: { amount: number };
}

const zh = { 'accept-language': 'zh-CN' };
const en = { 'accept-language': 'en' };

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</body>'));
}

function embeddedOf(html: string): FirstAnswers {
  const match = new RegExp(`<script type="application/json" id="${firstAnswersElementId}">(.*?)</script>`).exec(html);
  return JSON.parse(match![1]!) as FirstAnswers;
}

/** The query keys the page carries answers for. */
function carriedKeys(html: string): unknown[] {
  const state = embeddedOf(html).rendered?.state as { queries: { queryKey: unknown[]; state: { status: string } }[] };
  expect(state.queries.every((query) => query.state.status === 'success')).toBe(true);
  return state.queries.map((query) => query.queryKey);
}

async function api<T>(url: string, headers = zh): Promise<T> {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
}

const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

describe('public screens rendered on the server', () => {
  it('renders the course list with its courses, prices and the layout, carrying what it read', async () => {
    const { items } = await api<Paged<Priced>>(`${apiPaths.courses}?page=1&pageSize=20`);
    const res = await t.app.inject({ url: '/mobile/courses', headers: zh });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    const paid = items.find((course) => course.price.amount > 0)!;
    expect(root).toContain(items[0]!.title);
    expect(root).toContain(paid.title);
    expect(root).toContain(yuan(paid.price.amount));
    expect(root).toContain('免费');
    // The tab bar, from the layout load.
    expect(root).toContain('<nav aria-label="主导航"');
    expect(res.body).toContain('<html lang="zh-CN">');
    expect(res.body).toContain('<title>课程</title>');
    const keys = JSON.stringify(carriedKeys(res.body));
    expect(keys).toContain('"shell","tenant"');
    expect(keys).toContain('"shell","tabs"');
    expect(keys).toContain('"courses"');
    // The layout load travels in the rendered state, not twice.
    expect(embeddedOf(res.body).answers).toEqual({});
  });

  it('renders a course detail with its title and price, and preloads its cover first', async () => {
    const { items } = await api<Paged<Priced>>(`${apiPaths.courses}?page=1&pageSize=20`);
    const paid = items.find((course) => course.price.amount > 0)!;
    const res = await t.app.inject({ url: `/mobile/courses/${paid.uid}`, headers: zh });
    const root = rootOf(res.body);
    expect(root).toContain(paid.title);
    expect(root).toContain(yuan(paid.price.amount));
    expect(JSON.stringify(carriedKeys(res.body))).toContain(paid.uid);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchPriority="high"\/>/);
  });

  it.each([
    ['classroom', apiPaths.classrooms, (uid: string) => `/mobile/classroom/${uid}`, '/mobile/classrooms'],
    ['exam', apiPaths.exams, (uid: string) => `/mobile/single/exams/${uid}`, '/mobile/single/exams'],
  ])('renders the %s list and detail with their titles and prices', async (_kind, listPath, detailUrl, listUrl) => {
    const { items } = await api<Paged<Priced>>(`${listPath}?page=1&pageSize=20`);
    const list = rootOf((await t.app.inject({ url: listUrl, headers: zh })).body);
    for (const item of items.slice(0, 3)) expect(list).toContain(item.title);
    const [first] = items;
    const detail = rootOf((await t.app.inject({ url: detailUrl(first!.uid), headers: zh })).body);
    expect(detail).toContain(first!.title);
    expect(detail).toContain(first!.price.amount > 0 ? yuan(first!.price.amount) : '免费');
  });

  it('renders the article list and an article', async () => {
    const { items } = await api<Paged<{ id: number; title: string }>>(`${apiPaths.articles}?page=1&pageSize=5`);
    expect(rootOf((await t.app.inject({ url: '/mobile/articles', headers: zh })).body)).toContain(items[0]!.title);
    const article = await t.app.inject({ url: `/mobile/articles/${items[0]!.id}`, headers: zh });
    expect(rootOf(article.body)).toContain(items[0]!.title);
  });

  it('renders the home (a micro page) and search results', async () => {
    const { items } = await api<Paged<Priced>>(`${apiPaths.courses}?page=1&pageSize=20`);
    const home = await t.app.inject({ url: '/mobile/', headers: zh });
    expect(rootOf(home.body)).toContain('<main');
    expect(JSON.stringify(carriedKeys(home.body))).toContain('micro');
    const keyword = items[0]!.title.slice(0, 4);
    const search = await t.app.inject({ url: `/mobile/search?keyword=${encodeURIComponent(keyword)}`, headers: zh });
    expect(rootOf(search.body)).toContain(items[0]!.title);
  });

  it('renders in English for an English browser', async () => {
    const { items } = await api<Paged<Priced>>(`${apiPaths.courses}?page=1&pageSize=20`, en);
    const res = await t.app.inject({ url: '/mobile/courses', headers: en });
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<title>Courses</title>');
    expect(rootOf(res.body)).toContain(items[0]!.title);
    expect(embeddedOf(res.body).locale).toBe('en');
  });

  it('renders the login and sign-up screens, and leaves an unknown address to the browser', async () => {
    for (const [url, text] of [
      ['/mobile/login?account=1', '用户名或手机号'],
      ['/mobile/register', '手机号'],
    ] as const) {
      const res = await t.app.inject({ url, headers: zh });
      expect(rootOf(res.body)).toContain(text);
      expect(embeddedOf(res.body).rendered?.learner).toBeNull();
    }
    const unknown = await t.app.inject({ url: '/mobile/no-such-screen', headers: zh });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<div id="root"></div>');
    expect(embeddedOf(unknown.body).rendered).toBeUndefined();
  });

  it('leaves a screen that sends the visitor on to the browser, without a router warning', async () => {
    // A micro page that is no tab of the school: the shell sends the visitor to the first tab.
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    try {
      const res = await t.app.inject({ url: '/mobile/home/999', headers: zh });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(embeddedOf(res.body).rendered).toBeUndefined();
      expect([...warn.mock.calls, ...error.mock.calls]).toEqual([]);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('leaves a screen whose reads fail to the browser: a course that is not there, a blocked address', async () => {
    const missing = await t.app.inject({ url: '/mobile/courses/no-such-course', headers: zh });
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('<div id="root"></div>');
    expect(embeddedOf(missing.body).rendered).toBeUndefined();

    await whileAddressBlocked(t, async () => {
      const blocked = await t.app.inject({ url: '/mobile/courses', headers: zh });
      expect(blocked.body).toContain('<div id="root"></div>');
      // The layout answers the API gives a blocked address, for the browser to show why.
      expect(embeddedOf(blocked.body).rendered).toBeUndefined();
      expect(Object.keys(embeddedOf(blocked.body).answers)).toContain(apiPaths.tenantCurrent);
    });
  });

  it('answers any address of a public screen with a page, rendered or not', async () => {
    const segment = fc.oneof(
      fc.constantFrom('%E0%A4%A', '%00', '..', '%2e%2e', '<script>', 'x'.repeat(600), '🙂', ''),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
    );
    const query = fc.string({ maxLength: 30 }).map((text) => `keyword=${encodeURIComponent(text)}&page=${text}`);
    await fc.assert(
      fc.asyncProperty(
        // The last two the browser renders: the server only names their files.
        fc.constantFrom(
          'courses',
          'classroom',
          'single/exams',
          'articles',
          'search',
          'micro/page',
          'home',
          'me/agreement',
          'me/coupons',
        ),
        segment,
        query,
        async (screen, id, search) => {
          const res = await t.app.inject({ url: `/mobile/${screen}/${id}?${search}`, headers: zh });
          // 400: an address that cannot be decoded; 404: a dot segment (static-web.ts).
          expect([200, 400, 404]).toContain(res.statusCode);
          if (res.statusCode === 200) expect(res.body).toContain('<div id="root">');
          expect(res.body).not.toContain('<script>alert');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('writes a hostile title as text', async () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const [course] = await t.db
      .update(courses)
      .set({ title: { cn: hostile, en: hostile } })
      .where(eq(courses.uid, 'javascript-from-zero'))
      .returning({ uid: courses.uid });
    expect(course).toBeDefined();
    const res = await t.app.inject({ url: '/mobile/courses/javascript-from-zero', headers: zh });
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img src=x');
    expect(rootOf(res.body)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
  });
});

describe('the rendered page', () => {
  it('carries the styles its markup uses inline, let in by their hash, and the stylesheets switched off', async () => {
    const rendered = await t.app.inject({ url: '/mobile/courses', headers: zh });
    expect(rendered.body).toContain(`<style>${usedStyles}</style>`);
    expect(rendered.body).not.toContain('.no-such-class');
    expect(rendered.body).toContain(
      '<link rel="stylesheet" media="print" data-deferred crossorigin href="/mobile/assets/app-1.css">',
    );
    const hash = createHash('sha256').update(usedStyles).digest('base64');
    expect(rendered.headers['content-security-policy']).toContain(`style-src-elem 'self' 'sha256-${hash}'`);

    // A page the browser renders links the stylesheets as they are and lets in no <style>.
    const login = await t.app.inject({ url: '/mobile/no-such-screen', headers: zh });
    expect(login.body).toContain('<link rel="stylesheet" crossorigin href="/mobile/assets/app-1.css">');
    expect(login.body).not.toContain('<style>');
    expect(login.headers['content-security-policy']).not.toContain('style-src-elem');
    expect(login.headers['content-security-policy']).toContain("style-src 'self'");
  });

  it("starts a rendered page's code after its first paint, and a browser-rendered page's at once", async () => {
    const rendered = await t.app.inject({ url: '/mobile/courses', headers: zh });
    // With the files of the screen's code in the page's language, for the script to ask for at once (decision 031).
    expect(rendered.body).toContain(
      '<script defer src="/mobile/start-after-paint.js" data-entry="/mobile/assets/index-3f9a1c.js" ' +
        'data-files="/mobile/assets/index-3f9a1c.js /mobile/assets/app-2.js /mobile/assets/list-cn.js"></script>',
    );
    expect(rendered.body).not.toContain('type="module"');
    expect(rendered.body).not.toContain('modulepreload');
    const english = await t.app.inject({ url: '/mobile/courses', headers: { 'accept-language': 'en-US' } });
    expect(english.body).toContain(
      'data-files="/mobile/assets/index-3f9a1c.js /mobile/assets/app-2.js /mobile/assets/list-en.js"',
    );
    // A route the build lists no files for starts with its entry alone.
    const article = await t.app.inject({ url: '/mobile/articles', headers: zh });
    expect(article.body).not.toContain('<div id="root"></div>');
    expect(article.body).toContain(
      '<script defer src="/mobile/start-after-paint.js" data-entry="/mobile/assets/index-3f9a1c.js"></script>',
    );

    const login = await t.app.inject({ url: '/mobile/no-such-screen', headers: zh });
    expect(login.body).toContain('<script type="module" crossorigin src="/mobile/assets/index-3f9a1c.js">');
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/mobile/assets/app-2.js">');
    expect(login.body).not.toContain('start-after-paint');
    expect(login.body.match(/modulepreload/g)).toHaveLength(1);
  });

  it("preloads the files of a browser-rendered screen's code, but not a learners' screen's for a visitor", async () => {
    const ratings = await t.app.inject({ url: '/mobile/courses/javascript-from-zero/comments', headers: zh });
    expect(ratings.body).toContain('<div id="root"></div>');
    // Once each: the entry and the first chunk are in the page already.
    expect(ratings.body.match(/modulepreload/g)).toHaveLength(2);
    expect(ratings.body).toContain('<link rel="modulepreload" crossorigin href="/mobile/assets/ratings-cn.js">');
    // A visitor asking for a learner's screen is sent to log in: nothing of that screen is fetched.
    const coupons = await t.app.inject({ url: '/mobile/me/coupons', headers: zh });
    expect(coupons.body).not.toContain('coupons-cn.js');
  });

  it('never serves the renderer as a file', async () => {
    const res = await t.app.inject({ url: '/mobile/server/entry-server.js' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('createScreenRenderer');
  });
});

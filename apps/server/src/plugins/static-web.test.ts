import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { apiPaths, firstAnswersElementId, type FirstAnswers } from '@school/contract/paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../db/schema.js';
import { createFakeWebDist, createTestApp, whileAddressBlocked, type TestApp } from '../testing/test-app.js';
import { inlineScriptHashesOf, readPageStyles } from './static-web.js';

let t: TestApp;
let web: Awaited<ReturnType<typeof createFakeWebDist>>;
beforeAll(async () => {
  web = await createFakeWebDist();
  t = await createTestApp({ webDistDir: web.dir });
});
afterAll(async () => {
  await t.close();
  await web.remove();
});

const immutable = 'public, max-age=31536000, immutable';

describe('the web app at /mobile/', () => {
  it.each(['/', '/mobile'])('redirects %s to /mobile/', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/mobile/');
  });

  it.each(['/mobile/', '/mobile/index.html'])('serves %s as HTML that is always revalidated', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('fake app shell');
  });

  it('serves a hashed asset for a year, pre-compressed with brotli', async () => {
    const res = await t.app.inject({ url: web.assetPath, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(immutable);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(web.assetBody);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await t.app.inject({ url: web.assetPath, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(web.assetBody);
    const plain = await t.app.inject({ url: web.assetPath, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.assetBody);
    expect(plain.headers['cache-control']).toBe(immutable);
  });

  it('revalidates files outside assets/', async () => {
    const res = await t.app.inject({ url: '/mobile/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/mobile/courses', '/mobile/courses/abc123?pathFrom=tab', '/mobile/me/profile/nickname'])(
    'answers the client route %s with the app shell (no-cache)',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('fake app shell');
    },
  );

  it('answers HEAD for a client route like GET', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/mobile/learning' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers a missing hashed asset with a real 404, not the app shell', async () => {
    const res = await t.app.inject({ url: '/mobile/assets/index-0ld0ld.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('notFound');
  });

  it('does not serve files outside the build', async () => {
    const res = await t.app.inject({ url: '/mobile/..%2f..%2f..%2fpackage.json' });
    expect(res.body).not.toContain('"dependencies"');
  });

  it('keeps the API working beside the web app', async () => {
    const res = await t.app.inject({ url: '/api/tenants/current' });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/nope' })).json().code).toBe('notFound');
  });
});

describe("the page's first answers", () => {
  /** The JSON the page carries, as the browser's JSON.parse reads it from the element. */
  function firstAnswersOf(html: string): FirstAnswers {
    const match = new RegExp(`<script type="application/json" id="${firstAnswersElementId}">(.*?)</script>`).exec(html);
    if (!match) throw new Error('no first answers in the page');
    return JSON.parse(match[1]!) as FirstAnswers;
  }

  it('carries the layout load (tenant, config, tabs) as the API answers it, in the page language', async () => {
    const res = await t.app.inject({ url: '/mobile/courses', headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(res.headers.vary).toBe('Accept-Language, Cookie');
    const embedded = firstAnswersOf(res.body);
    expect(embedded.locale).toBe('cn');
    for (const path of [apiPaths.tenantCurrent, apiPaths.systemConfig, apiPaths.tabs]) {
      const api = await t.app.inject({ url: path, headers: { 'accept-language': 'zh-CN' } });
      expect(embedded.answers[path], path).toEqual(api.json());
    }
    expect(firstAnswersOf((await t.app.inject({ url: '/mobile/' })).body).locale).toBe('en');
  });

  it("keeps a school's text from ending the script element", async () => {
    const hostile = '</script><script>alert(1)</script><!-- $& \u2028';
    const [row] = await t.db.select().from(tenants).where(eq(tenants.isDefault, true));
    await t.db
      .update(tenants)
      .set({ name: { cn: hostile, en: hostile } })
      .where(eq(tenants.id, row!.id));
    try {
      t.clock.advance(6_000);
      const res = await t.app.inject({ url: '/mobile/' });
      expect(res.body).not.toContain('<script>alert');
      // The page's own head script's end, and the answers' own.
      expect(res.body.match(/<\/script>/g)).toHaveLength(2);
      expect((firstAnswersOf(res.body).answers[apiPaths.tenantCurrent] as { name: string }).name).toBe(hostile);
    } finally {
      await t.db.update(tenants).set({ name: row!.name }).where(eq(tenants.id, row!.id));
      t.clock.advance(6_000);
    }
  });

  it("follows the school's rules for the address: a blocked learner's page has no tabs (the API refuses them)", async () => {
    await whileAddressBlocked(t, async () => {
      const { answers } = firstAnswersOf((await t.app.inject({ url: '/mobile/' })).body);
      // The tenant and config answer a blocked address too (the client shows why); the tabs do not.
      expect(Object.keys(answers).sort()).toEqual([apiPaths.systemConfig, apiPaths.tenantCurrent].sort());
    });
  });

  it('answers 304 to a browser that has this page', async () => {
    const first = await t.app.inject({ url: '/mobile/learning' });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: '/mobile/learning', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const chinese = await t.app.inject({
      url: '/mobile/learning',
      headers: { 'if-none-match': etag, 'accept-language': 'zh-CN' },
    });
    expect(chinese.statusCode).toBe(200);
  });
});

describe("a rendered page's styles", () => {
  async function distWithStylesheet(css: string) {
    const dir = await mkdtemp(path.join(tmpdir(), 'school-web-styles-'));
    await mkdir(path.join(dir, '.vite'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'app.css'), css);
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ main: { css: ['assets/app.css'] } }));
    return dir;
  }

  it('are the rules its markup uses; a sheet that cannot be parsed or could end the element gives none', async () => {
    for (const [css, expected] of [
      ['.used{color:red}.unused{color:blue}', '.used{color:red}'],
      ['.used{color:red', null],
      ['.used::after{content:"</style>"}', null],
    ] as const) {
      const dir = await distWithStylesheet(css);
      try {
        expect(readPageStyles(dir)?.forMarkup('<p class="used"></p>') ?? null).toBe(expected);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  });
});

describe("the page's inline scripts", () => {
  it('are hashed for the policy: classic and module scripts with a body, not files or data blocks', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'school-web-scripts-'));
    try {
      await writeFile(
        path.join(dir, 'index.html'),
        [
          '<script>one()</script>',
          '<script type="module">two()</script>',
          '<script type="module" crossorigin src="/mobile/assets/a.js"></script>',
          '<script type="application/json">{"a":1}</script>',
          '<script></script>',
        ].join(''),
      );
      const sha = (text: string) => createHash('sha256').update(text).digest('base64');
      expect(inlineScriptHashesOf(dir)).toEqual([sha('one()'), sha('two()')]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(inlineScriptHashesOf(path.join(tmpdir(), 'no-such-build'))).toEqual([]);
  });
});

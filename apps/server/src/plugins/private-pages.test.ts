import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { firstAnswersElementId, type FirstAnswers } from '@school/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../demo-data/demo-accounts.js';
import { freePort, nginxBinary } from '../testing/nginx.js';
import { createFakeWebDist, createTestApp, type TestApp } from '../testing/test-app.js';
import { buildWebRenderer } from '../testing/web-renderer.js';

/*
 * Issue 28: a learner's own screens are rendered on the server with their data, and such a page
 * never reaches anyone else: not another learner after them through the same server, nor
 * through a cache in front of it, nor the same browser once its learner has signed out. The
 * cache is nginx with a shared page cache whose key leaves cookies out and which ignores Vary, as
 * some CDNs do (Debian's nginx, installed by .ci/run; without it that part is skipped). Everything goes
 * over HTTP, as a browser's requests would.
 */

const deployDir = fileURLToPath(new URL('../../../../deploy/nginx/', import.meta.url));

let t: TestApp;
let web: Awaited<ReturnType<typeof createFakeWebDist>>;
let serverOrigin = '';
let cacheOrigin = '';
let nginxDir = '';
let nginx: ChildProcess | null = null;

/** nginx in front of the server, keeping any answer it may for ten minutes under the address alone. */
async function startCachingProxy(upstream: string): Promise<string> {
  nginxDir = await mkdtemp(path.join(os.tmpdir(), 'school-page-cache-'));
  // nginx's workers run as an unprivileged user when it is started as root: they must reach the cache.
  const cacheDir = path.join(nginxDir, 'cache');
  await mkdir(cacheDir);
  await Promise.all([chmod(nginxDir, 0o755), chmod(cacheDir, 0o777)]);
  const port = await freePort();
  const site = [
    `proxy_cache_path ${cacheDir} keys_zone=pages:1m use_temp_path=off;`,
    'server {',
    `  listen 127.0.0.1:${port};`,
    '  location / {',
    `    proxy_pass ${upstream};`,
    '    proxy_set_header Host $http_host;',
    '    proxy_cache pages;',
    '    proxy_cache_key $scheme$http_host$request_uri;',
    // Some CDNs ignore Vary on pages: only Cache-Control may keep a learner's page out.
    '    proxy_ignore_headers Vary;',
    '    proxy_cache_valid 200 10m;',
    '    add_header X-Cache-Status $upstream_cache_status always;',
    '  }',
    '}',
  ].join('\n');
  const { nginxMainConfig } = (await import(pathToFileURL(path.join(deployDir, 'render.mjs')).href)) as {
    nginxMainConfig(dir: string, site: string): string;
  };
  await writeFile(path.join(nginxDir, 'site.conf'), site);
  await writeFile(path.join(nginxDir, 'nginx.conf'), nginxMainConfig(nginxDir, path.join(nginxDir, 'site.conf')));
  nginx = spawn(nginxBinary!, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], { stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${origin}/api/health`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return origin;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not start: ${await readFile(path.join(nginxDir, 'error.log'), 'utf8').catch(() => '')}`);
}

beforeAll(async () => {
  web = await createFakeWebDist();
  await buildWebRenderer(web.dir);
  t = await createTestApp({ webDistDir: web.dir });
  serverOrigin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  if (nginxBinary) cacheOrigin = await startCachingProxy(serverOrigin);
}, 180_000);
afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await t?.close();
  await web?.remove();
  if (nginxDir) await rm(nginxDir, { recursive: true, force: true });
});

const zh = { 'accept-language': 'zh-CN' };

async function signIn(origin: string, account: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { ...zh, 'content-type': 'application/json', origin },
    body: JSON.stringify(account),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const sid = res.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  return sid!.split(';')[0]!;
}

async function signOut(origin: string, cookie: string): Promise<void> {
  const res = await fetch(`${origin}/api/logout`, { method: 'POST', headers: { ...zh, cookie, origin } });
  expect(res.status).toBeLessThan(300);
}

async function myCourseTitles(cookie: string): Promise<string[]> {
  const res = await fetch(`${serverOrigin}/api/learning/courses?page=1&pageSize=10`, { headers: { ...zh, cookie } });
  return ((await res.json()) as { items: { title: string }[] }).items.map((course) => course.title);
}

interface Page {
  status: number;
  headers: Headers;
  /** Whom the screen was rendered for: a learner's id, null for a visitor, undefined if not rendered. */
  learner: number | null | undefined;
  /** The API addresses the render read, for the browser's offline worker to keep. */
  reads: string[];
  /** The time the render wrote its "5 min ago"s against (ms), for the browser to hydrate them. */
  at: number | undefined;
  body: string;
}

async function open(origin: string, url: string, cookie?: string): Promise<Page> {
  const res = await fetch(`${origin}${url}`, { headers: { ...zh, ...(cookie ? { cookie } : {}) } });
  const body = await res.text();
  const embedded = new RegExp(`<script type="application/json" id="${firstAnswersElementId}">(.*?)</script>`).exec(
    body,
  );
  const answers = embedded ? (JSON.parse(embedded[1]!) as FirstAnswers) : null;
  return {
    status: res.status,
    headers: res.headers,
    learner: answers?.rendered?.learner,
    reads: answers?.rendered?.reads ?? [],
    at: answers?.rendered?.at,
    body,
  };
}

/** Through the server alone, and through the cache in front of it when nginx is there. */
const ways = () => [
  { name: 'the server', origin: serverOrigin },
  ...(cacheOrigin ? [{ name: 'a shared cache in front', origin: cacheOrigin }] : []),
];

describe("a learner's own pages", () => {
  it('are rendered with their data, private and never kept', async () => {
    const cookie = await signIn(serverOrigin, demoAccounts.learner);
    const titles = await myCourseTitles(cookie);
    expect(titles.length).toBeGreaterThan(0);
    const asked = Date.now();
    const page = await open(serverOrigin, '/mobile/learning/courses', cookie);
    expect(page.status).toBe(200);
    expect(page.learner).toEqual(expect.any(Number));
    // "Last studied 5 min ago" was written at the time the page carries: the browser hydrates it against that.
    expect(page.at).toBeGreaterThanOrEqual(asked);
    expect(page.at).toBeLessThanOrEqual(Date.now());
    for (const title of titles) expect(page.body).toContain(title);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('vary')).toContain('Cookie');
    expect(page.headers.get('etag')).toBeNull();
    expect(page.reads).toEqual(
      expect.arrayContaining(['/api/users/current', '/api/learning/courses?page=1&pageSize=10']),
    );
    // A public screen opened by a learner is theirs too (it says what they own).
    const course = await open(serverOrigin, '/mobile/courses', cookie);
    expect(course.learner).toBe(page.learner);
    expect(course.headers.get('cache-control')).toBe('private, no-store');
  });

  it('reach no other learner after them, through the server or a cache in front', async () => {
    for (const { name, origin } of ways()) {
      const learner = await signIn(origin, demoAccounts.learner);
      const theirs = await open(origin, '/mobile/learning/courses', learner);
      const titles = await myCourseTitles(learner);
      const newbie = await signIn(origin, demoAccounts.newbie);
      const next = await open(origin, '/mobile/learning/courses', newbie);
      expect(next.learner, name).toEqual(expect.any(Number));
      expect(next.learner, name).not.toBe(theirs.learner);
      for (const title of titles) expect(next.body, name).not.toContain(title);
      // At the same time too: renders take turns, and each sets its own learner first.
      const [mine, other] = await Promise.all(
        [learner, newbie, learner, newbie].map((cookie) => open(origin, '/mobile/learning/courses', cookie)),
      );
      expect([mine!.learner, other!.learner], name).toEqual([theirs.learner, next.learner]);
      for (const title of titles) expect(other!.body, name).not.toContain(title);
      // And no visitor gets either page: the learning centre is left to the browser's login flow.
      const visitor = await open(origin, '/mobile/learning/courses');
      expect(visitor.learner, name).toBeUndefined();
      for (const title of titles) expect(visitor.body, name).not.toContain(title);
    }
  });

  it('are not served again once their learner has signed out', async () => {
    for (const { name, origin } of ways()) {
      const cookie = await signIn(origin, demoAccounts.learner);
      const titles = await myCourseTitles(cookie);
      expect((await open(origin, '/mobile/learning/courses', cookie)).learner, name).toEqual(expect.any(Number));
      await signOut(origin, cookie);
      // The browser still sends the old cookie (a back button, a second tab): the session is
      // gone, so the page is left to the browser, whose first call signs it out.
      const after = await open(origin, '/mobile/learning/courses', cookie);
      expect(after.status, name).toBe(200);
      expect(after.learner, name).toBeUndefined();
      for (const title of titles) expect(after.body, name).not.toContain(title);
    }
  });

  it.runIf(nginxBinary !== null)(
    'go through a cache that does keep what it may (so the cases above could fail)',
    async () => {
      // The app's hashed files are public and immutable: the cache answers the second ask itself.
      const asset = web.assetPath;
      await fetch(`${cacheOrigin}${asset}`).then((res) => res.text());
      const again = await fetch(`${cacheOrigin}${asset}`);
      await again.text();
      expect(again.headers.get('x-cache-status')).toBe('HIT');
      // A learner's page never even enters it.
      const cookie = await signIn(cacheOrigin, demoAccounts.learner);
      for (let i = 0; i < 2; i++) {
        const page = await open(cacheOrigin, '/mobile/learning/courses', cookie);
        expect(page.headers.get('x-cache-status')).not.toBe('HIT');
      }
    },
  );
});

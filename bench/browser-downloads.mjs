// What a real browser downloads until each first screen is interactive, to check that
// bench/bundle.mjs counts the same files: a fresh Chromium profile (375×812) opens the home, the
// course list, a course detail, the login and the sign-up, and, signed in as the demo learner
// (`learner`), the learning centre, Me, an exam's detail and its taking, an order's confirmation,
// the orders and an order, and a video lesson, in cn and in en, waits until React has taken the screen's
// content over (rendered or hydrated it), and lists every JavaScript and CSS file requested until
// then with its gzip -9 size (as bench/bundle.mjs counts it) and the bytes the browser received. Files requested later (idle-time loads, which start
// after the load event) are listed apart with their start time. Also reports layout shifts.
// Usage: npm run build && PORT=8099 DATA_DIR=$(mktemp -d) node apps/server/dist/server.js, then
// node bench/browser-downloads.mjs [base URL, default http://127.0.0.1:8099] [--files] [--only=name,name]
// (a fresh data folder: the demo learner joins an open exam for the exam-taking screen).
/* global window, document */ // page.evaluate and init scripts run in the page.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

const base = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:8099';
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (path) => gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;

const firstCourse = await fetch(`${base}/api/courses?page=1&pageSize=1`).then((r) => r.json());
const uid = firstCourse.items[0].uid;

// The demo learner's own things, asked of the API with their session cookie.
const learner = { username: 'learner', password: 'learner123' };
const signIn = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(learner),
});
if (!signIn.ok) throw new Error(`the demo learner cannot sign in: ${signIn.status}`);
const { user } = await signIn.json();
const cookies = signIn.headers.getSetCookie().map((cookie) => {
  const [pair] = cookie.split(';');
  const at = pair.indexOf('=');
  return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
});
const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const asLearner = (path, init = {}) =>
  fetch(base + path, { ...init, headers: { cookie: cookieHeader, ...init.headers } }).then((r) => r.json());
const myCourse = (await asLearner('/api/learning/courses?page=1&pageSize=1')).items[0].uid;
const lessons = (await asLearner(`/api/courses/${myCourse}`)).chapters.flatMap((chapter) => chapter.lessons);
const video = lessons.find((lesson) => lesson.mediaType === 'VIDEO');
const myExam = (await asLearner('/api/learning/exams?page=1&pageSize=1')).items[0].uid;
// An exam open now (the demo's first exam of the learner may not have started).
const openExam = 'node-basics-test';
await fetch(`${base}/api/exams/${openExam}/join`, { method: 'POST', headers: { cookie: cookieHeader } });
const order = (await asLearner('/api/orders?status=ALL&page=1&pageSize=1')).items[0];

const screens = [
  { name: 'home', path: '/mobile/', ready: 'main section[aria-label] img', later: '.adm-swiper' },
  {
    name: 'course list',
    path: '/mobile/courses',
    ready: '[data-testid="course-list"] li',
    later: '.adm-pull-to-refresh',
  },
  { name: 'course detail', path: `/mobile/courses/${uid}`, ready: '[role="tabpanel"]', later: null },
  { name: 'login', path: '/mobile/login', ready: '[role="tabpanel"] form input', later: null },
  { name: 'sign-up', path: '/mobile/register', ready: 'form input', later: null },
  {
    name: 'learning centre',
    path: '/mobile/learning',
    ready: '[data-testid="my-course-continue"]',
    later: null,
    signedIn: true,
  },
  { name: 'Me', path: '/mobile/me', ready: 'main section[aria-label] a', later: null, signedIn: true },
  {
    name: 'exam detail',
    path: `/mobile/exam/${myExam}`,
    ready: '[data-testid="exam-summary"]',
    later: null,
    signedIn: true,
  },
  {
    name: 'exam-taking',
    path: `/mobile/exam/${openExam}/test`,
    ready: '[data-testid="question"]',
    later: null,
    signedIn: true,
  },
  {
    name: 'order confirmation',
    path: `/mobile/orders/confirm?type=${order.product.type}&uid=${order.product.uid}`,
    ready: 'main button[type="submit"], main [data-testid="confirm-validity"]',
    later: null,
    signedIn: true,
  },
  { name: 'order list', path: '/mobile/orders', ready: '[data-testid="order-card"]', later: null, signedIn: true },
  {
    name: 'order detail',
    path: `/mobile/orders/${order.tradeNo}`,
    ready: 'main section dl, main section dd',
    later: null,
    signedIn: true,
  },
  { name: 'lesson, video', path: `/mobile/lessons/${video.id}`, ready: 'video', later: null, signedIn: true },
];
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const languages = { cn: 'zh-CN', en: 'en-US' };

const rows = [];
for (const screen of screens.filter(
  (candidate) => !only || only.some((name) => candidate.name.startsWith(name.trim())),
)) {
  for (const [language, locale] of Object.entries(languages)) {
    const profile = mkdtempSync(join(tmpdir(), 'browser-downloads-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumFlags,
      viewport: { width: 375, height: 812 },
      locale,
    });
    if (screen.signedIn) {
      // Signed in as the login screen leaves a learner: the session cookie, and the user the app
      // keeps in the browser's storage (docs/product.md#local-storage), remembered.
      await context.addCookies(cookies);
      await context.addInitScript((signedIn) => {
        window.localStorage.setItem('user', JSON.stringify(signedIn));
        window.localStorage.setItem('remember_me', 'true');
      }, user);
    }
    const page = context.pages()[0] ?? (await context.newPage());
    const refused = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.addInitScript((ready) => {
      window.__shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      // The moment the screen is interactive: its content is in the page and React has taken it
      // over (a node React rendered or hydrated carries its fiber). A server-rendered screen is in
      // the page from the first byte, but a tap does nothing until its code has hydrated it.
      const taken = (node) => node && Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
      const watch = setInterval(() => {
        if (taken(document.querySelector(ready))) {
          window.__readyAt = performance.now();
          clearInterval(watch);
        }
      }, 10);
    }, screen.ready);
    await page.goto(base + screen.path);
    await page.locator(screen.ready).first().waitFor({ state: 'visible' });
    await page.waitForFunction(() => window.__readyAt !== undefined);
    const readyAt = await page.evaluate(() => window.__readyAt);
    // Leave time for idle-time loads, to show when they start.
    if (screen.later) await page.locator(screen.later).first().waitFor({ state: 'attached', timeout: 10_000 });
    await page.waitForTimeout(1500);
    const { entries, loadEnd, shifts } = await page.evaluate(() => ({
      entries: performance
        .getEntriesByType('resource')
        .map((e) => ({ url: e.name, start: e.startTime, transfer: e.transferSize, body: e.encodedBodySize })),
      loadEnd: performance.getEntriesByType('navigation')[0].loadEventEnd,
      shifts: window.__shifts,
    }));
    await context.close();
    rmSync(profile, { recursive: true, force: true });

    const assets = entries.filter((e) => /\/mobile\/assets\/.*\.(js|css)$/.test(new URL(e.url).pathname));
    const fileOf = (e) => new URL(e.url).pathname.replace('/mobile/', '');
    const before = assets.filter((e) => e.start <= readyAt);
    const after = assets.filter((e) => e.start > readyAt).sort((a, b) => a.start - b.start);
    const js = before.filter((e) => e.url.endsWith('.js'));
    const css = before.filter((e) => e.url.endsWith('.css'));
    rows.push({
      screen: `${screen.name} ${language}`,
      files: `${js.length} JS + ${css.length} CSS`,
      'JS gzip -9': kb(js.reduce((t, e) => t + gz(fileOf(e)), 0)),
      'JS received': kb(js.reduce((t, e) => t + e.transfer, 0)),
      'CSS gzip -9': kb(css.reduce((t, e) => t + gz(fileOf(e)), 0)),
      'ready at': `${Math.round(readyAt)} ms`,
      'load event': `${Math.round(loadEnd)} ms`,
      'later (idle)': after.length ? `${after.length} files from ${Math.round(after[0].start)} ms` : '',
      CLS: shifts.toFixed(3),
      'CSP refusals': refused.length,
    });
    if (process.argv.includes('--files')) {
      console.log(`${screen.name} ${language}:`, before.map(fileOf).sort().join(' '));
      console.log(`  later:`, after.map((e) => `${fileOf(e)} @${Math.round(e.start)} ms`).join(' '));
    }
  }
}
console.table(rows);

// Lighthouse mobile (its default throttling: slow 4G, 4x CPU slowdown) on the screens
// docs/architecture.md#quality-bars names, against the built server with a fresh demo database. Prints one row per page:
// the public screens and the login as a visitor, then a learner's screens signed in as the demo
// `learner` (issue 28). Lighthouse clears the browser's caches, service workers and cache storage
// before each run but keeps cookies and local storage: the session and the app's stored learner.
// Usage: npm run build && node bench/lighthouse.mjs [--runs 3] [--only <name part>]   (CHROMIUM_PATH picks the browser)
// Not a CI gate: scores move with machine load. The median of the runs is printed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
import { spawnBuiltServer, waitUntilHealthy } from './built-server.mjs';

const args = process.argv.slice(2);
const runsIndex = args.indexOf('--runs');
const runs = runsIndex >= 0 ? Math.max(1, Number(args[runsIndex + 1])) : 3;
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : null;
const port = 8391;
const dataDir = mkdtempSync(join(tmpdir(), 'school-lighthouse-'));
const origin = `http://127.0.0.1:${port}`;

const visitorPages = [
  ['home', '/mobile/'],
  ['course list', '/mobile/courses'],
  ['course detail', '/mobile/courses/react-19-zero-to-production'],
  ['classroom detail', '/mobile/classroom/frontend-bootcamp'],
  // The demo school's first article (imported first: id 1 on a fresh database).
  ['article detail', '/mobile/articles/1'],
  ['login', '/mobile/login'],
];

const learner = { username: 'learner', password: 'learner123' };
// The demo's scenarios (apps/server/src/demo-data): a free course with an mp4 lesson (1) and a
// 4-page PDF (3), which the learner joins here; an open exam with no attempt yet, whose attempt
// is started here (a server render only reads: it renders an attempt that exists); a paid
// course the learner does not own.
const freeCourse = 'the-complete-css-layout-guide';
const openExam = 'node-basics-test';
const paidCourse = 'typescript-in-practice';

/** The learner's screens, after preparing through the API what they show. */
async function learnerPages() {
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(learner),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    .split(';')[0];
  const api = async (method, path) => {
    const res = await fetch(`${origin}${path}`, { method, headers: { cookie, origin } });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  await api('POST', `/api/courses/${freeCourse}/join`);
  await api('POST', `/api/exams/${openExam}/attempts`);
  const course = await api('GET', `/api/courses/${freeCourse}`);
  const [mp4, , pdf] = course.chapters.flatMap((chapter) => chapter.lessons);
  const orders = await api('GET', '/api/orders?page=1&pageSize=1');
  return [
    ['learning centre', '/mobile/learning/courses'],
    ['video lesson', `/mobile/lessons/${mp4.id}`],
    ['PDF lesson', `/mobile/lessons/${pdf.id}`],
    ['exam detail', `/mobile/exam/${openExam}`],
    ['exam taking', `/mobile/exam/${openExam}/test`],
    ['order confirmation', `/mobile/orders/confirm?type=COURSE&uid=${paidCourse}`],
    ['order detail', `/mobile/orders/${orders.items[0].tradeNo}`],
  ];
}

/** Signs the browser in through the login screen, as a learner would: the cookie and the stored learner stay. */
async function signInBrowser(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/mobile/login`);
    await page.waitForFunction(() => globalThis.document.documentElement.hasAttribute('data-interactive'));
    await page.getByLabel(/^(username or phone number|用户名或手机号)$/i).fill(learner.username);
    await page.getByLabel(/^(password|密码)$/i).fill(learner.password);
    await page.getByRole('checkbox', { name: /I have read and agree|我已阅读并同意/ }).check();
    await page.getByRole('button', { name: /^(log in|登录)$/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/mobile/login'));
    await page.close();
  } finally {
    await browser.close();
  }
}

const server = spawnBuiltServer({ port, dataDir });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

let chrome;
const profile = mkdtempSync(join(tmpdir(), 'school-lighthouse-chrome-'));
try {
  await waitUntilHealthy(origin);
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    userDataDir: profile,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  const rows = [];
  const benchmarks = [];
  const pages = [...visitorPages, 'sign in', ...(await learnerPages())];
  for (const entry of pages) {
    if (entry === 'sign in') {
      await signInBrowser(chrome.port);
      continue;
    }
    const [name, path] = entry;
    if (only && !name.includes(only)) continue;
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const { categories, audits, runtimeError, environment } = result.lhr;
      benchmarks.push(environment.benchmarkIndex);
      // A run Lighthouse could not finish (the page never painted, the browser hung) counts as
      // no sample rather than as a fast one; the row shows how many runs it is the median of.
      if (runtimeError) {
        console.error(`${name}: run ${run + 1} failed: ${runtimeError.code} ${runtimeError.message}`);
        continue;
      }
      samples.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      });
    }
    const pick = (key) => median(samples.map((s) => s[key]));
    rows.push({
      page: name,
      path,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      'FCP s': (pick('fcp') / 1000).toFixed(2),
      'LCP s': (pick('lcp') / 1000).toFixed(2),
      'TBT ms': Math.round(pick('tbt')),
      CLS: pick('cls').toFixed(3),
      runs: samples.length,
    });
  }
  // Lighthouse's CPU benchmark of this machine (its 4x slowdown assumes a desktop of about 1000
  // or more): a slower machine blocks longer, so compare numbers taken on the same one.
  console.log(
    `lighthouse mobile, default throttling, median of ${runs} run(s); ` +
      `this machine's benchmark index ${Math.round(median(benchmarks))}`,
  );
  console.table(rows);
} finally {
  await chrome?.kill();
  rmSync(profile, { recursive: true, force: true });
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

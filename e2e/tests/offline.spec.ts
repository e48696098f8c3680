import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { webAppPaths } from '@school/contract/web-app';
import { expect, navigationsUntilInteractive, test as base } from './fixtures.js';
import { cardTitles, learningText } from './learning-center-support.js';
import { courseLesson, expectVideoReady, joinedLearner, playUntil, scenarios } from './lessons-support.js';
import { accounts, expectAccessible, logIn, screenHeading } from './support.js';

// Issue 27, "Installable and offline" (decision 026), in the browser: the app installable on the
// home (Chromium's own check), the offline worker taking the page, the learning centre and a
// course seen before still there offline with the banner, and nothing of the learner left after
// signing out. A profile on disk rather than Playwright's usual one: Chromium calls no app
// installable in an incognito-like profile.

const test = base.extend<{ context: BrowserContext; page: Page }>({
  // Playwright reads what a fixture needs from this pattern: this one needs no other fixture.
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use, testInfo) => {
    const profile = mkdtempSync(join(tmpdir(), 'school-e2e-profile-'));
    const { launchOptions, baseURL, locale, viewport } = testInfo.project.use;
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL,
      locale: testInfo.title.startsWith('Chinese') ? 'zh-CN' : locale,
      viewport,
      serviceWorkers: 'allow',
    });
    await use(context);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  },
  // Its navigations wait for the app as every journey's do (fixtures.ts): a tap on a screen the
  // server rendered, before the app has taken it over, would do nothing (Sign out opened no dialog).
  page: async ({ context }, use) => {
    await use(navigationsUntilInteractive(context.pages()[0] ?? (await context.newPage())));
  },
});

const offlineText = {
  en: {
    download: 'Download for offline',
    downloaded: /^Downloaded · [\d.]+ (KB|MB)$/,
    downloadsStorage: /^Downloads use [\d.]+ (KB|MB) · [\d.]+ (MB|GB|TB) free on this phone$/,
    offlineAt: /^Offline — showing what you saw last at \d{1,2}:\d{2}/,
    retry: 'Retry',
    signOut: 'Sign out',
    signOutConfirm: 'Sign out',
  },
  cn: {
    download: '下载离线学习',
    downloaded: /^已下载 · [\d.]+ (KB|MB)$/,
    downloadsStorage: /^下载占用 [\d.]+ (KB|MB) · 本机剩余 [\d.]+ (MB|GB|TB)$/,
    offlineAt: /^当前离线，显示的是你 \d{2}:\d{2} 看到的内容。/,
    retry: '重试',
    signOut: '退出登录',
    signOutConfirm: '退出',
  },
};

/** The offline worker has taken the page (it registers a few seconds after the app starts). */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 25_000 });
}

/** The names of the caches the app made on this phone. */
function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await caches.keys()).sort());
}

function banner(page: Page, pattern: RegExp) {
  return page.getByRole('status').filter({ hasText: pattern });
}

async function signOut(page: Page, t: (typeof offlineText)['en']) {
  await page.goto('/mobile/me');
  await page.getByRole('button', { name: t.signOut }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.signOutConfirm, exact: true }).click();
  await expect(page.getByRole('button', { name: t.signOut })).toHaveCount(0);
}

test('English: installable on the home; the learning centre and a course seen before show offline with the banner; signing out leaves nothing', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const t = offlineText.en;
  const l = learningText.en;
  await page.goto('/mobile/');
  await workerInControl(page);

  // Chromium's own installability check, and the manifest it read: the school's.
  const devtools = await context.newCDPSession(page);
  expect((await devtools.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  const manifest = await devtools.send('Page.getAppManifest');
  expect(manifest.url).toMatch(new RegExp(`${webAppPaths.manifest.replace(/\./g, '\\.')}$`));
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data!)).toMatchObject({
    name: 'Demo School',
    start_url: '/mobile/',
    display: 'standalone',
  });

  await logIn(page, accounts.learner);
  await page.goto('/mobile/learning/courses');
  const firstCourse = page.getByTestId('my-course-card').first();
  await expect(firstCourse).toBeVisible();
  const courseTitle = (await cardTitles(firstCourse).textContent())!;
  // The server rendered the course with its answers in the page: the phone keeps them once its
  // worker has asked for them again (decision 028), a moment after the page has started.
  const courseKept = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/courses/python-for-beginners' && response.ok(),
  );
  await page.goto('/mobile/courses/python-for-beginners');
  const courseHeading = page.getByRole('heading', { name: 'Python for Beginners' }).first();
  await expect(courseHeading).toBeVisible();
  await courseKept;

  // The phone loses the network: a fresh visit still opens the learning centre, as last seen.
  await context.setOffline(true);
  await page.goto('/mobile/learning/courses');
  await expect(screenHeading(page)).toHaveText(l.heading);
  await expect(page.getByTestId('my-course-card').first()).toContainText(courseTitle);
  await expect(banner(page, t.offlineAt)).toBeVisible();
  await expectAccessible(page);
  await page.goto('/mobile/courses/python-for-beginners');
  await expect(courseHeading).toBeVisible();
  await expect(banner(page, t.offlineAt)).toBeVisible();

  // Back online, the banner goes: by itself once anything reaches the server, or with Retry,
  // which asks the server again (whichever comes first: either may, on this page).
  await context.setOffline(false);
  await page
    .getByRole('button', { name: t.retry })
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  await expect(banner(page, t.offlineAt)).toHaveCount(0);

  // Signing out leaves no answer of the learner's on the phone.
  const learnersCaches = (names: string[]) =>
    names.filter((name) => name.startsWith('personal-') && name !== 'personal-visitor');
  expect(learnersCaches(await cacheNames(page))).toHaveLength(1);
  await signOut(page, t);
  expect(learnersCaches(await cacheNames(page))).toEqual([]);
  await context.setOffline(true);
  await page.goto('/mobile/learning/courses');
  // A visitor offline: the learning centre asks to sign in, showing nothing of the learner's.
  await expect(page).toHaveURL(/\/mobile\/login/);
  await expect(page.getByText(courseTitle)).toHaveCount(0);
});

test('Chinese: the banner says when the kept page was seen; another learner on the phone never sees the first one’s', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const t = offlineText.cn;
  await page.goto('/mobile/');
  await workerInControl(page);
  await logIn(page, accounts.learner);
  // Rendered on the server with its answers in the page: the phone keeps them once its worker
  // has asked for them again (decision 028).
  const listKept = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/learning/courses' && response.ok(),
  );
  await page.goto('/mobile/learning/courses');
  await expect(page.getByTestId('my-course-card').first()).toBeVisible();
  await listKept;
  const firstLearners = (await cacheNames(page)).filter((name) => name.startsWith('personal-'));
  expect(firstLearners).toHaveLength(1);

  await context.setOffline(true);
  await page.reload();
  await expect(banner(page, t.offlineAt)).toBeVisible();
  await expect(page.getByTestId('my-course-card').first()).toBeVisible();
  await expectAccessible(page);
  await context.setOffline(false);

  // Another learner signs in on the same phone (the first never signed out here: their session
  // simply ended on the server): what the first one saw is gone before anything is shown.
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await logIn(page, accounts.newbie);
  await page.goto('/mobile/learning/courses');
  await expect(page.getByTestId('my-course-card')).toHaveCount(0);
  expect(await cacheNames(page)).not.toContain(firstLearners[0]);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('my-course-card')).toHaveCount(0);
});

test('English: a downloaded video lesson plays with no connection, and its progress reaches the server once back online', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const t = offlineText.en;
  const { courseUid, mp4Lesson } = scenarios.newbieJourney;
  const account = await joinedLearner(page, request, 47, courseUid);
  const lesson = await courseLesson(request, courseUid, mp4Lesson);
  await workerInControl(page);

  // Download it, with the progress shown until it is kept.
  await page.goto(`/mobile/lessons/${lesson.id}`);
  await page.getByRole('button', { name: t.download }).click();
  await expect(page.getByTestId('lesson-downloaded').getByText(t.downloaded)).toBeVisible();
  await expectAccessible(page);

  // The connection gone at once: the lesson's own address still opens, from the phone.
  await context.setOffline(true);
  await page.reload();
  await expect(screenHeading(page)).toHaveText(lesson.title);
  await expectVideoReady(page.getByTestId('lesson-video'));
  await context.setOffline(false);

  // The learning centre lists it, with what it takes and what the phone has left.
  await page.goto('/mobile/learning/courses');
  await page.getByTestId('downloads-link').click();
  await expect(screenHeading(page)).toHaveText('Downloads');
  await expect(page.getByTestId('downloads-storage')).toHaveText(t.downloadsStorage);
  await expect(page.getByTestId('download-row')).toHaveCount(1);
  await expect(page.getByTestId('download-row')).toContainText(lesson.title);
  await expectAccessible(page);

  // No connection at all: the lesson opens and its video plays from the phone.
  await context.setOffline(true);
  await page.getByRole('link', { name: `Open ${lesson.title}` }).click();
  await expect(screenHeading(page)).toHaveText(lesson.title);
  const video = page.getByTestId('lesson-video');
  await expectVideoReady(video);
  const stoppedAt = Math.floor(await playUntil(video, 6));
  expect(stoppedAt).toBeGreaterThanOrEqual(6);

  // Back online: the progress kept on the phone reaches the server on the next visit.
  await context.setOffline(false);
  const reported = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname === `/api/lessons/${lesson.id}/progress` &&
      response.status() === 200,
  );
  await page.reload();
  await reported;

  // Another device sees where the learner stopped.
  const device = await browser.newContext();
  const phone = navigationsUntilInteractive(await device.newPage());
  await logIn(phone, account);
  const seen = await phone.request.get(`/api/lessons/${lesson.id}`);
  const progress = ((await seen.json()) as { progress: { position: number } | null }).progress;
  expect(progress?.position).toBeGreaterThanOrEqual(stoppedAt);
  await device.close();

  // Signing out takes the download with it: nothing of the learner's stays in the phone's caches.
  await signOut(page, t);
  expect(
    (await cacheNames(page)).filter((name) => name.startsWith('personal-') && name !== 'personal-visitor'),
  ).toEqual([]);
});

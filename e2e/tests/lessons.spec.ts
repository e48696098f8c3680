import { expect, navigationsUntilInteractive, test } from './fixtures.js';
import { newLearner, noticesGone } from './catalogue-support.js';
import {
  courseLesson,
  courseLessons,
  expectVideoReady,
  joinedLearner,
  lessonText,
  playToEnd,
  playUntil,
  progressSaved,
  scenarios,
  seedVideo,
  videoTime,
  watchContentSecurityPolicy,
} from './lessons-support.js';
import {
  accounts,
  expectAccessible,
  expectPopupsSettled,
  logIn,
  loginWithPassword,
  pathOf,
  screenHeading,
  toast,
} from './support.js';

// Decision 011 in the browser: the lesson player's journeys in both languages, on the
// demo's learning scenarios. Each journey that studies uses a learner of its own (`newLearner`
// 40–69), joined through the API after logging in through the login screen; the demo `learner`
// only opens refusals, which record nothing, so the demo stays as other specs expect it.

/** The short journeys, run in each language's describe. */
function previewAndRefusalJourneys(lang: 'en' | 'cn') {
  const l = lessonText[lang];

  test('try-play without logging in: a free preview plays to its call to action, another lesson offers the course', async ({
    page,
    request,
  }) => {
    const { courseUid, mp4Lesson, noTrialLesson } = scenarios.newbieJourney;
    const trial = await courseLesson(request, courseUid, mp4Lesson, lang);
    const other = await courseLesson(request, courseUid, noTrialLesson, lang);
    expect(trial.freeTrial && !other.freeTrial).toBe(true);
    const reports: string[] = [];
    page.on('request', (sent) => {
      if (/^\/api\/lessons\/\d+\/progress$/.test(new URL(sent.url()).pathname)) reports.push(sent.url());
    });

    await page.goto(`/mobile/lessons/${trial.id}/try/play`);
    await expect(screenHeading(page)).toHaveText(trial.title);
    await expect(page.getByTestId('trial-notice')).toContainText(l.trialNotice);
    await expect(page.getByTestId('trial-notice').getByRole('link', { name: l.join })).toBeVisible();
    const video = page.getByTestId('lesson-video');
    await expectVideoReady(video);
    if (lang === 'en') await expectAccessible(page);
    await playToEnd(video, 18);
    const ended = page.getByTestId('trial-ended');
    await expect(ended.getByRole('heading', { name: l.trialEnded })).toBeVisible();
    await expect(ended.getByRole('link', { name: l.join })).toHaveAttribute('href', `/mobile/courses/${courseUid}`);
    if (lang === 'cn') await expectAccessible(page);
    // A preview records nothing.
    expect(reports).toEqual([]);

    await page.goto(`/mobile/lessons/${other.id}/try/play`);
    const refusal = page.getByTestId('lesson-refusal');
    await expect(refusal.getByRole('heading', { name: l.notTrial })).toBeVisible();
    await expect(refusal).toContainText(l.notTrialWhy);
    await expect(refusal.getByRole('button', { name: l.haveAccount })).toBeVisible();
    if (lang === 'en') await expectAccessible(page);
    await refusal.getByRole('link', { name: l.join }).click();
    await expect.poll(() => pathOf(page)).toBe(`/mobile/courses/${courseUid}`);
    await expect(page.getByTestId('course-title')).toBeVisible();
  });

  test('a converting video and an expired membership explain themselves', async ({ page, request }) => {
    const converting = await courseLesson(
      request,
      scenarios.conversionRunning.courseUid,
      scenarios.conversionRunning.lesson,
      lang,
    );
    const expired = await courseLesson(
      request,
      scenarios.expiredMembership.courseUid,
      scenarios.expiredMembership.lesson,
      lang,
    );
    await logIn(page, accounts.learner);

    await page.goto(`/mobile/lessons/${converting.id}`);
    const refusal = page.getByTestId('lesson-refusal');
    await expect(refusal).toHaveAttribute('data-code', 'conversionNotCompleted');
    await expect(refusal.getByRole('heading', { name: l.preparing })).toBeVisible();
    await expect(refusal).toContainText(l.preparingRunning);
    if (lang === 'en') await expectAccessible(page);
    // Checking again asks the server again: still converting, still explained.
    const checked = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `/api/lessons/${converting.id}`,
    );
    await refusal.getByRole('button', { name: l.checkAgain }).click();
    expect(((await (await checked).json()) as { refusal: { code: string } }).refusal.code).toBe(
      'conversionNotCompleted',
    );
    await expect(refusal).toHaveAttribute('data-code', 'conversionNotCompleted');

    await page.goto(`/mobile/lessons/${expired.id}`);
    await expect(refusal).toHaveAttribute('data-code', 'memberExpired');
    await expect(refusal.getByRole('heading', { name: l.expired })).toBeVisible();
    await expect(refusal.getByText(l.expiredWhen)).toBeVisible();
    await expect(refusal.getByRole('link', { name: l.renew })).toHaveAttribute(
      'href',
      `/mobile/courses/${scenarios.expiredMembership.courseUid}`,
    );
    if (lang === 'cn') await expectAccessible(page);
  });
}

test.describe('English', () => {
  const l = lessonText.en;
  previewAndRefusalJourneys('en');

  test('join → start learning → leave at 0:07 → another device resumes there → watch to the end → progress moves', async ({
    page,
    browser,
    request,
  }) => {
    // Two devices and a 20 s video played to its end, then the course and the learning centre:
    // more than the 30 s the other journeys are given.
    test.setTimeout(60_000);
    const { courseUid } = scenarios.newbieJourney;
    const lessons = await courseLessons(request, courseUid);
    const lesson = lessons.find((candidate) => candidate.number === scenarios.newbieJourney.mp4Lesson)!;
    const courseTitle = 'The Complete CSS Layout Guide';
    const account = await joinedLearner(page, request, 40, courseUid);

    await page.goto(`/mobile/courses/${courseUid}`);
    await page.getByRole('link', { name: 'Start learning' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/mobile/lessons/${lesson.id}`);
    await expect(screenHeading(page)).toHaveText(lesson.title);
    const video = page.getByTestId('lesson-video');
    // Debian's Chromium has the proprietary codecs: the demo film's H.264 plays (through hls.js).
    expect(
      await video.evaluate((element: HTMLVideoElement, type) => element.canPlayType(type), seedVideo.type),
    ).not.toBe('');
    await expectVideoReady(video);
    await expect(page.getByTestId('course-progress')).toHaveText('0%');
    await expectAccessible(page);

    // Twice the speed (remembered for the learner), then play and leave at about 0:07.
    const speed = page.getByRole('group', { name: l.speed });
    const rateSaved = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/learning/preferences' && response.ok(),
    );
    await speed.getByRole('button', { name: '2×' }).click();
    await rateSaved;
    const left = progressSaved(page, lesson.id, 7);
    const stoppedAt = await playUntil(video, 7);
    expect(stoppedAt).toBeLessThan(8);
    await left;
    await page.close();

    // Another device: a fresh browser, logged in again, continues from the home's card where
    // the learner left off.
    const device = await browser.newContext();
    const checkPolicy = watchContentSecurityPolicy(device);
    const phone = navigationsUntilInteractive(await device.newPage());
    await logIn(phone, account);
    await phone.goto('/mobile/');
    const resume = phone.getByTestId('continue-learning');
    await expect(resume.getByTestId('continue-lesson')).toContainText(lesson.title);
    await expect(resume.getByTestId('continue-lesson')).toContainText(courseTitle);
    await expect(resume.getByTestId('continue-place')).toHaveText('Continue at 0:07');
    // The school's notice for learners, not the one asking visitors to log in.
    await expect(phone.getByRole('main').getByText('The ones you joined are under Learning')).toBeVisible();
    await expect(phone.getByRole('main')).not.toContainText('Log in to start learning');
    await expectAccessible(phone);
    await resume.getByTestId('continue-lesson').click();
    await expect.poll(() => pathOf(phone)).toBe(`/mobile/lessons/${lesson.id}`);
    const resumed = phone.getByTestId('lesson-video');
    await expectVideoReady(resumed);
    await expect.poll(() => videoTime(resumed)).toBeGreaterThanOrEqual(5);
    expect(Math.abs((await videoTime(resumed)) - 7)).toBeLessThanOrEqual(2);
    await expect(phone.getByRole('group', { name: l.speed }).getByRole('button', { name: '2×' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Watch to the end: the lesson completes (≥ 90 % watched) and the course moves.
    const completed = progressSaved(phone, lesson.id, seedVideo.seconds);
    await playToEnd(resumed, 17);
    expect(((await (await completed).json()) as { status: string }).status).toBe('COMPLETED');
    const percent = Math.floor(100 / lessons.length);
    await expect(phone.getByTestId('course-progress')).toHaveText(`${percent}%`);
    await phone.getByRole('button', { name: l.outlineOpen }).click();
    const outline = phone.getByRole('dialog', { name: l.outlineTitle });
    const current = outline.locator('a[aria-current="page"]');
    await expect(current).toContainText(lesson.title);
    await expect(current.getByRole('img', { name: l.completed })).toBeVisible();
    await expectPopupsSettled(phone);
    await expectAccessible(phone);
    await outline.getByRole('button', { name: l.outlineClose }).click();
    await expect(outline).toBeHidden();

    // The course page and the learning centre follow.
    await phone.getByRole('link', { name: l.courseLink(courseTitle) }).click();
    await expect(phone.getByTestId('course-membership')).toContainText(l.courseProgress(percent));
    await expect(phone.getByRole('link', { name: l.continue })).toBeVisible();

    await phone.goto('/mobile/learning/courses');
    await expect(
      phone.getByRole('navigation', { name: l.learningSections }).getByRole('link', { name: l.myCourses }),
    ).toHaveAttribute('aria-current', 'page');
    const card = phone.getByTestId('my-course-card').filter({ hasText: courseTitle });
    await expect(card.getByRole('progressbar', { name: l.progressOf(courseTitle) })).toHaveAttribute(
      'aria-valuenow',
      String(percent),
    );
    await expect(card).toContainText(l.lessonsLearned(1, lessons.length));
    await expect(card.getByTestId('my-course-continue')).toHaveText(l.continue);
    await expectAccessible(phone);
    await device.close();
    checkPolicy();
  });

  test('a locked lesson names the lesson to finish first and links to it', async ({ page, request }) => {
    const { courseUid, completedLesson, blockingLesson, lockedLesson } = scenarios.learnInOrder;
    const first = await courseLesson(request, courseUid, completedLesson);
    const blocking = await courseLesson(request, courseUid, blockingLesson);
    const locked = await courseLesson(request, courseUid, lockedLesson);
    await joinedLearner(page, request, 42, courseUid);
    // As the demo learner has: lesson 1 watched to the end, nothing after it.
    const done = await page.request.put(`/api/lessons/${first.id}/progress`, {
      data: { position: seedVideo.seconds, at: new Date().toISOString() },
    });
    expect(done.status(), await done.text()).toBe(200);

    await page.goto(`/mobile/lessons/${locked.id}`);
    const refusal = page.getByTestId('lesson-refusal');
    await expect(refusal).toHaveAttribute('data-code', 'lessonLocked');
    await expect(refusal.getByRole('heading', { name: l.locked })).toBeVisible();
    await expect(refusal).toContainText(l.lockedWhy(blocking.title));
    await expectAccessible(page);

    await refusal.getByRole('link', { name: l.goToBlocking(blocking.title) }).click();
    await expect.poll(() => pathOf(page)).toBe(`/mobile/lessons/${blocking.id}`);
    await expect(screenHeading(page)).toHaveText(blocking.title);
    await expect(page.getByTestId('lesson-viewer')).toHaveAttribute('data-kind', 'VIDEO');
    await expectVideoReady(page.getByTestId('lesson-video'));
  });

  test('an anonymous learner opening a lesson logs in and comes back to it', async ({ page, request }) => {
    const { courseUid, noTrialLesson } = scenarios.newbieJourney;
    // Registering signs the API context in: it joins the course for the learner.
    const account = await newLearner(request, 43);
    const joined = await request.post(`/api/courses/${courseUid}/join`);
    expect(joined.status(), await joined.text()).toBe(201);
    const lesson = await courseLesson(request, courseUid, noTrialLesson);

    await page.goto(`/mobile/lessons/${lesson.id}`);
    await expect(page).toHaveURL(/\/mobile\/login/);
    await loginWithPassword(page, account);
    await expect.poll(() => pathOf(page)).toBe(`/mobile/lessons/${lesson.id}`);
    await expect(screenHeading(page)).toHaveText(lesson.title);
    await expectVideoReady(page.getByTestId('lesson-video'));
  });
});

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });
  const l = lessonText.cn;
  previewAndRefusalJourneys('cn');

  test('a PDF lesson resumes at the page the learner left', async ({ page, request }) => {
    const { courseUid, pdfLesson } = scenarios.newbieJourney;
    const lesson = await courseLesson(request, courseUid, pdfLesson, 'cn');
    await joinedLearner(page, request, 41, courseUid);

    await page.goto(`/mobile/lessons/${lesson.id}`);
    await expect(screenHeading(page)).toHaveText(lesson.title);
    const pager = page.getByTestId('pager-position');
    await expect(pager).toContainText(l.pdfPager(1, 4));
    // Its pages were drawn as images at import (decision 029): the page is a picture, not pdf.js's canvas.
    const firstPage = page.getByRole('img', { name: l.pdfPage(1, 4) });
    await expect(firstPage).toHaveJSProperty('complete', true);
    expect(await firstPage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1080);
    await expect(page.getByTestId('pdf-viewer').locator('canvas')).toHaveCount(0);
    await expectAccessible(page);
    const saved = progressSaved(page, lesson.id, 3);
    await page.getByRole('button', { name: l.nextPage }).click();
    await expect(pager).toContainText(l.pdfPager(2, 4));
    await page.getByRole('button', { name: l.nextPage }).click();
    await expect(pager).toContainText(l.pdfPager(3, 4));
    await saved;

    await page.reload();
    await expect(page.getByTestId('pager-position')).toContainText(l.pdfPager(3, 4));
    await expect(page.getByRole('img', { name: l.pdfPage(3, 4) })).toHaveJSProperty('complete', true);
  });

  test('a note at 0:05 is listed on the course and opens the lesson there', async ({ page, request }) => {
    const { courseUid, mp4Lesson } = scenarios.newbieJourney;
    const lesson = await courseLesson(request, courseUid, mp4Lesson, 'cn');
    const account = await joinedLearner(page, request, 44, courseUid);

    await page.goto(`/mobile/lessons/${lesson.id}`);
    const video = page.getByTestId('lesson-video');
    await expectVideoReady(video);
    await page.getByRole('group', { name: l.speed }).getByRole('button', { name: '2×' }).click();
    expect(await playUntil(video, 5)).toBeLessThan(6);
    await page.getByRole('button', { name: l.noteWrite }).click();
    const sheet = page.getByRole('dialog', { name: l.noteTitle });
    await expect(sheet.getByTestId('note-anchor')).toHaveText(l.noteAt('0:05'));
    const content = `第五秒的要点 ${account.username}`;
    await sheet.getByLabel(l.noteContent).fill(content);
    await expectPopupsSettled(page);
    await expectAccessible(page);
    await sheet.getByRole('button', { name: l.noteSave }).click();
    await expect(toast(page, l.noteSaved)).toBeVisible();
    await expect(sheet).toBeHidden();
    // The learner watches on: the note, not where they stopped, decides where it opens.
    const movedOn = progressSaved(page, lesson.id, 12);
    await video.evaluate((element: HTMLVideoElement) => (element.currentTime = 12));
    await movedOn;

    await page.goto(`/mobile/courses/${courseUid}?tab=notes`);
    const note = page.getByTestId('course-note').filter({ hasText: content });
    await expect(note).toContainText(l.noteListAt('0:05'));
    await noticesGone(page);
    await expectAccessible(page);
    await note.getByRole('link').filter({ hasText: content }).click();
    await expect.poll(() => pathOf(page)).toBe(`/mobile/lessons/${lesson.id}?position=5`);
    const reopened = page.getByTestId('lesson-video');
    await expectVideoReady(reopened);
    await expect.poll(() => videoTime(reopened)).toBeGreaterThanOrEqual(4);
    expect(Math.abs((await videoTime(reopened)) - 5)).toBeLessThanOrEqual(1);
  });
});

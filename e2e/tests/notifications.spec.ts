import { examTakingPaths } from '@school/contract/exam-taking-paths';
import type { Attempt } from '@school/contract/exam-taking';
import { apiPaths, backOfficePaths } from '@school/contract/paths';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { newLearner } from './catalogue-support.js';
import { joinExamByApi, type Lang } from './exams-support.js';
import { expectAccessible, logIn, screenHeading, tapSize } from './support.js';

/*
 * A graded exam raises a notification that the Me tab's badge counts (docs/product.md#notifications):
 * a new learner's open answer waits for the reviewing teacher (the demo's `teacher`, through the
 * review API), the badge then says 1, the Notifications screen (from Me) shows it, and tapping it
 * reads it and opens the result.
 */

const exam = 'database-query-test';

/** The texts the journey reads (apps/web/src/features/notifications, me and app messages; the exam's title from the demo pack). */
const notificationText = {
  en: {
    meTab: /^Me\b/,
    badgeName: /Me.*1 unread notification/,
    notificationsRow: 'Notifications',
    heading: 'Notifications',
    kind: 'Exam graded',
    examTitle: 'Database Query Practice Test',
    markAllRead: 'Mark all read',
    back: 'Back',
    meHeading: 'Me',
  },
  cn: {
    meTab: /^我的/,
    badgeName: /我的.*1 条未读通知/,
    notificationsRow: '消息通知',
    heading: '消息通知',
    kind: '考试已批阅',
    examTitle: '数据库查询实战测验',
    markAllRead: '全部已读',
    back: '返回',
    meHeading: '我的',
  },
} as const;

for (const lang of ['en', 'cn'] as const) {
  test.describe(lang === 'en' ? 'English' : 'Chinese', () => {
    test.use({ locale: lang === 'en' ? 'en-US' : 'zh-CN' });
    test('a graded exam raises a notification that the badge counts', async ({ page, request }) => {
      await notificationJourney(page, request, lang, lang === 'en' ? 61 : 62);
    });
  });
}

async function notificationJourney(page: Page, request: APIRequestContext, lang: Lang, n: number): Promise<void> {
  // Two accounts, an exam taken and reviewed, four screens and two widths: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const t = notificationText[lang];
  const account = await newLearner(request, n);
  await logIn(page, account);
  await joinExamByApi(page, exam);
  const started = await page.request.post(examTakingPaths.examAttempts(exam));
  expect(started.status(), await started.text()).toBe(201);
  const attempt = (await started.json()) as Attempt;
  const open = attempt.questions.find((q) => q.type === 'ASK_AND_ANSWER')!;
  const saved = await page.request.post(examTakingPaths.attemptAnswers(attempt.id), {
    data: { saves: [{ questionId: open.id, answer: { kind: 'TEXT', text: 'SELECT 1', images: [] }, seq: 1 }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await page.request.post(examTakingPaths.attemptSubmit(attempt.id), { data: { giveUp: false } });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // Nothing to tell yet: the Me tab carries no count.
  await page.goto('/mobile/');
  const meTab = page.getByRole('navigation').getByRole('link', { name: t.meTab });
  await expect(meTab).toBeVisible();
  await expect(meTab.getByTestId('unread-badge')).toHaveCount(0);

  // The teacher scores the open answer.
  const teacher = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await teacher.post(apiPaths.login, { data: { username: 'teacher', password: 'teacher123' } });
    expect(login.status(), await login.text()).toBe(200);
    const reviewed = await teacher.post(backOfficePaths.attemptReview(attempt.id), {
      data: { scores: [{ questionId: open.id, score: open.score, comment: 'Good' }] },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
  } finally {
    await teacher.dispose();
  }

  // The badge counts it (asked again when the learner comes back to the app).
  await page.reload();
  await expect(meTab.getByTestId('unread-badge')).toHaveText(/^1/);
  await expect(meTab).toHaveAccessibleName(t.badgeName);

  await meTab.click();
  await page.getByRole('link', { name: t.notificationsRow }).click();
  await expect(screenHeading(page)).toHaveText(t.heading);
  const item = page.getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item).toContainText(t.kind);
  await expect(item).toContainText(t.examTitle);
  expect((await tapSize(item)).height).toBeGreaterThanOrEqual(44);
  const markAll = page.getByRole('button', { name: t.markAllRead });
  await expect(markAll).toBeVisible();
  expect((await tapSize(markAll)).height).toBeGreaterThanOrEqual(44);
  // A page, not a tab: a way back.
  await expect(page.getByRole('button', { name: t.back })).toBeVisible();
  await expectAccessible(page);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 812 });
    const overflow = await item.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(overflow, `the notification fits at ${width} px`).toBe(false);
  }

  // Tapping it reads it and opens the result.
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/mobile/exam/${exam}/test/result\\?attempt=${attempt.id}$`));
  const back = page.getByRole('button', { name: t.back });
  await back.click();
  await expect(screenHeading(page)).toHaveText(t.heading);
  await expect(item).toHaveAttribute('data-unread', 'false');
  await expect(markAll).toHaveCount(0);
  await back.click();
  await expect(screenHeading(page)).toHaveText(t.meHeading);
  await expect(
    page.getByRole('navigation').getByRole('link', { name: t.meTab }).getByTestId('unread-badge'),
  ).toHaveCount(0);
}

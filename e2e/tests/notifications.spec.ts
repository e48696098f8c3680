import type { Attempt } from '@school/contract/exam-taking';
import { apiPaths, backOfficePaths } from '@school/contract/paths';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { newLearner } from './catalogue-support.js';
import { joinExamByApi } from './exams-support.js';
import { expectAccessible, logIn, screenHeading, tapSize } from './support.js';

/*
 * A graded exam raises a notification that the Me tab's badge counts (docs/product.md#notifications):
 * a new learner's open answer waits for the reviewing teacher (the demo's `teacher`, through the
 * review API), the badge then says 1, the Notifications screen (from Me) shows it, and tapping it
 * reads it and opens the result.
 */

const exam = 'database-query-test';

test('a graded exam raises a notification that the badge counts', async ({ page, request }) => {
  // Two accounts, an exam taken and reviewed, four screens and two widths: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const account = await newLearner(request, 61);
  await logIn(page, account);
  await joinExamByApi(page, exam);
  const started = await page.request.post(apiPaths.examAttempts(exam));
  expect(started.status(), await started.text()).toBe(201);
  const attempt = (await started.json()) as Attempt;
  const open = attempt.questions.find((q) => q.type === 'ASK_AND_ANSWER')!;
  const saved = await page.request.post(apiPaths.attemptAnswers(attempt.id), {
    data: { saves: [{ questionId: open.id, answer: { kind: 'TEXT', text: 'SELECT 1', images: [] }, seq: 1 }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await page.request.post(apiPaths.attemptSubmit(attempt.id), { data: { giveUp: false } });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // Nothing to tell yet: the Me tab carries no count.
  await page.goto('/mobile/');
  const meTab = page.getByRole('navigation').getByRole('link', { name: /^Me\b/ });
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
  await expect(meTab).toHaveAccessibleName(/Me.*1 unread notification/);

  await meTab.click();
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(screenHeading(page)).toHaveText('Notifications');
  const item = page.getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item).toContainText('Exam graded');
  await expect(item).toContainText('Database Query Practice Test');
  expect((await tapSize(item)).height).toBeGreaterThanOrEqual(44);
  const markAll = page.getByRole('button', { name: 'Mark all read' });
  await expect(markAll).toBeVisible();
  expect((await tapSize(markAll)).height).toBeGreaterThanOrEqual(44);
  // A page, not a tab: a way back.
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await expectAccessible(page);
  for (const width of [320, 375]) {
    await page.setViewportSize({ width, height: 812 });
    const overflow = await item.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(overflow, `the notification fits at ${width} px`).toBe(false);
  }

  // Tapping it reads it and opens the result.
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/mobile/exam/${exam}/test/result\\?attempt=${attempt.id}$`));
  const back = page.getByRole('button', { name: 'Back' });
  await back.click();
  await expect(screenHeading(page)).toHaveText('Notifications');
  await expect(item).toHaveAttribute('data-unread', 'false');
  await expect(markAll).toHaveCount(0);
  await back.click();
  await expect(screenHeading(page)).toHaveText('Me');
  await expect(
    page.getByRole('navigation').getByRole('link', { name: /^Me\b/ }).getByTestId('unread-badge'),
  ).toHaveCount(0);
});

import { expect, test } from './fixtures.js';
import { newLearner, noticesGone } from './catalogue-support.js';
import { examText, option } from './exams-support.js';
import { expectAccessible, logIn, pathOf, screenHeading, tapSize, toast } from './support.js';

// Decision record 022 in the browser: a wrong answer in a graded exam appears in the exam's
// attempt history, in the wrong-answer book (reached from Me) and in a practice round, which
// checks each answer on the server and records nothing. Kana Check (examples/demo-school/exams/
// kana-check) shows its answers after each attempt, has no time limit and any number of tries:
// 1 single choice (10, right "a"), 2 true or false (10, right True), 3 multiple choice (10,
// right か and さ). The journey answers 1 wrong, so 20 of 30 passes (18) and one question enters
// the book. axe runs on the detail with its history, the book and the practice round.

const uid = 'kana-check';
const t = examText.en;

test('a wrong answer appears in the book and in a practice round', async ({ page, request }) => {
  test.setTimeout(60_000);
  await logIn(page, await newLearner(request, 95));

  // Take the exam, answering the first question wrong.
  await page.goto(`/mobile/exam/${uid}`);
  await page.getByRole('button', { name: t.enroll }).click();
  await expect(toast(page, t.enrolled)).toBeVisible();
  await page.getByRole('link', { name: t.start }).click();
  await expect.poll(() => pathOf(page)).toBe(`/mobile/exam/${uid}/test`);
  await option(page, 'radio', 'i').check();
  await page.getByRole('button', { name: t.next }).click();
  await option(page, 'radio', 'True').check();
  await page.getByRole('button', { name: t.next }).click();
  await option(page, 'checkbox', 'か').check();
  await option(page, 'checkbox', 'さ').check();
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  await page
    .getByRole('dialog', { name: t.confirmTitle })
    .getByRole('button', { name: t.confirmOk, exact: true })
    .click();
  await expect(screenHeading(page)).toHaveText(t.resultHeading);
  await expect(page.getByTestId('result-score')).toHaveText('20 / 30');

  // The exam's attempt history: the attempt, its score and outcome, opening its result.
  await page.goto(`/mobile/exam/${uid}`);
  const history = page.getByTestId('exam-history');
  await expect(history.getByRole('heading', { name: 'Your attempts' })).toBeVisible();
  const attempt = history.getByTestId('exam-history-attempt');
  await expect(attempt).toHaveCount(1);
  await expect(attempt).toContainText('Attempt 1');
  await expect(attempt).toContainText('20 points');
  await expect(attempt).toContainText(t.verdict.passed);
  await attempt.evaluate((row) => row.scrollIntoView({ block: 'center' }));
  expect((await tapSize(attempt)).height).toBeGreaterThanOrEqual(44);
  await noticesGone(page);
  await expectAccessible(page);

  // Me → Wrong-answer book: only the wrong question, with both answers and the explanation.
  await page.goto('/mobile/me');
  const entry = page.getByRole('link', { name: 'Wrong-answer book' });
  expect((await tapSize(entry)).height).toBeGreaterThanOrEqual(44);
  await entry.click();
  await expect(screenHeading(page)).toHaveText('Wrong-answer book');
  const items = page.getByTestId('book-item');
  await expect(items).toHaveCount(1);
  await expect(items.getByTestId('analysis-verdict')).toHaveText('Wrong');
  await expect(items.getByTestId('analysis-given')).toHaveText('B. i');
  await expect(items.getByTestId('analysis-right')).toHaveText('A. a');
  await expect(items).toContainText('「あ」 is read a: the first kana of the table.');
  await expect(items.getByTestId('book-item-exam')).toContainText('Kana Check');
  await expectAccessible(page);
  // Nothing runs past the edge of a small phone.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 375, height: 812 });

  // Practise: the question without its answer, checked by the server, then the round's summary.
  await page.getByTestId('book-practise').click();
  await expect(screenHeading(page)).toHaveText('Practise my mistakes');
  const question = page.getByTestId('practice-question');
  await expect(question.getByRole('heading', { name: 'Question 1 of 1' })).toBeVisible();
  await expect(page.getByTestId('practice-feedback')).toHaveCount(0);
  await expectAccessible(page);
  await question.getByRole('radio', { name: /(^|\s|\.)a$/ }).check();
  await page.getByTestId('practice-check').click();
  await expect(page.getByTestId('practice-verdict')).toHaveText('Right');
  await expect(page.getByTestId('practice-right-answer')).toHaveText('A. a');
  await expectAccessible(page);
  await page.getByTestId('practice-next').click();
  await expect(page.getByTestId('practice-summary')).toContainText('You got 1 of 1 question right.');

  // A practice answer records nothing: the question is still in the book, the exam has one attempt.
  await page.getByRole('link', { name: 'Back to the wrong-answer book' }).click();
  await expect(page.getByTestId('book-item')).toHaveCount(1);
  const detail = await page.request.get(`/api/exams/${uid}`);
  expect(((await detail.json()) as { membership: { attemptsUsed: number } }).membership.attemptsUsed).toBe(1);
});

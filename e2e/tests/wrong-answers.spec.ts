import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { newLearner, noticesGone } from './catalogue-support.js';
import { examText, option, type Lang } from './exams-support.js';
import { expectAccessible, logIn, pathOf, screenHeading, tapSize, toast } from './support.js';

// Decision record 022 in the browser: a wrong answer in a graded exam appears in the exam's
// attempt history, in the wrong-answer book (reached from Me) and in a practice round, which
// checks each answer on the server and records nothing. Kana Check (examples/demo-school/exams/
// kana-check) shows its answers after each attempt, has no time limit and any number of tries:
// 1 single choice (10, right "a"), 2 true or false (10, right True), 3 multiple choice (10,
// right か and さ). The journey answers 1 wrong, so 20 of 30 passes (18) and one question enters
// the book. axe runs on the detail with its history, the book and the practice round, in
// English and in Chinese, each with a learner of its own.

const uid = 'kana-check';

/** Kana Check's texts as its exam.yaml (examples/demo-school) gives them in each language. */
const kanaCheck = {
  en: { title: 'Kana Check', true: 'True', explanation1: '「あ」 is read a: the first kana of the table.' },
  cn: { title: '五十音小测验', true: '对', explanation1: '「あ」读作 a，是五十音的第一个假名。' },
} as const;

for (const lang of ['en', 'cn'] as const) {
  test.describe(lang === 'en' ? 'English' : 'Chinese', () => {
    test.use({ locale: lang === 'en' ? 'en-US' : 'zh-CN' });
    test('a wrong answer appears in the book and in a practice round', async ({ page, request }) => {
      await wrongAnswerJourney(page, request, lang, lang === 'en' ? 95 : 94);
    });
  });
}

async function wrongAnswerJourney(page: Page, request: APIRequestContext, lang: Lang, n: number): Promise<void> {
  test.setTimeout(60_000);
  const t = examText[lang];
  const paper = kanaCheck[lang];
  await logIn(page, await newLearner(request, n));

  // Take the exam, answering the first question wrong.
  await page.goto(`/mobile/exam/${uid}`);
  await page.getByRole('button', { name: t.enroll }).click();
  await expect(toast(page, t.enrolled)).toBeVisible();
  await page.getByRole('link', { name: t.start }).click();
  await expect.poll(() => pathOf(page)).toBe(`/mobile/exam/${uid}/test`);
  await option(page, 'radio', 'i').check();
  await page.getByRole('button', { name: t.next }).click();
  await option(page, 'radio', paper.true).check();
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
  await expect(history.getByRole('heading', { name: t.historyHeading })).toBeVisible();
  const attempt = history.getByTestId('exam-history-attempt');
  await expect(attempt).toHaveCount(1);
  await expect(attempt).toContainText(t.historyAttempt(1));
  await expect(attempt).toContainText(t.points(20));
  await expect(attempt).toContainText(t.verdict.passed);
  await attempt.evaluate((row) => row.scrollIntoView({ block: 'center' }));
  expect((await tapSize(attempt)).height).toBeGreaterThanOrEqual(44);
  await noticesGone(page);
  await expectAccessible(page);

  // Me → Wrong-answer book: only the wrong question, with both answers and the explanation.
  await page.goto('/mobile/me');
  const entry = page.getByRole('link', { name: t.wrongAnswerBook });
  expect((await tapSize(entry)).height).toBeGreaterThanOrEqual(44);
  await entry.click();
  await expect(screenHeading(page)).toHaveText(t.wrongAnswerBook);
  const items = page.getByTestId('book-item');
  await expect(items).toHaveCount(1);
  await expect(items.getByTestId('analysis-verdict')).toHaveText(t.answerVerdict.WRONG);
  await expect(items.getByTestId('analysis-given')).toHaveText('B. i');
  await expect(items.getByTestId('analysis-right')).toHaveText('A. a');
  await expect(items).toContainText(paper.explanation1);
  await expect(items.getByTestId('book-item-exam')).toContainText(paper.title);
  await expectAccessible(page);
  // Nothing runs past the edge of a small phone.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 375, height: 812 });

  // Practise: the question without its answer, checked by the server, then the round's summary.
  await page.getByTestId('book-practise').click();
  await expect(screenHeading(page)).toHaveText(t.practiseHeading);
  const question = page.getByTestId('practice-question');
  await expect(question.getByRole('heading', { name: t.questionOf(1, 1) })).toBeVisible();
  await expect(page.getByTestId('practice-feedback')).toHaveCount(0);
  await expectAccessible(page);
  await question.getByRole('radio', { name: /(^|\s|\.)a$/ }).check();
  await page.getByTestId('practice-check').click();
  await expect(page.getByTestId('practice-verdict')).toHaveText(t.verdictRight);
  await expect(page.getByTestId('practice-right-answer')).toHaveText('A. a');
  await expectAccessible(page);
  await page.getByTestId('practice-next').click();
  await expect(page.getByTestId('practice-summary')).toContainText(t.practiceScore(1, 1));

  // A practice answer records nothing: the question is still in the book, the exam has one attempt.
  await page.getByRole('link', { name: t.backToBook }).click();
  await expect(page.getByTestId('book-item')).toHaveCount(1);
  const detail = await page.request.get(`/api/exams/${uid}`);
  expect(((await detail.json()) as { membership: { attemptsUsed: number } }).membership.attemptsUsed).toBe(1);
}

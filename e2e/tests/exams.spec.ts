import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { expect, test } from './fixtures.js';
import { newLearner, noticesGone } from './catalogue-support.js';
import {
  acceptLanguage,
  answersSaved,
  answerWhateverIsShown,
  attemptResult,
  blankAttemptByApi,
  dateMinutesInPage,
  durationText,
  examDetail,
  examScenarios,
  examText,
  expectRefusal,
  homeworkAnswers,
  joinExamByApi,
  nodeBasicsAnswers,
  nodeBasicsPaper,
  openAttempt,
  option,
  type Lang,
} from './exams-support.js';
import { courseLesson, joinedLearner } from './lessons-support.js';
import {
  accounts,
  expectAccessible,
  expectPopupsSettled,
  lineCount,
  logIn,
  pathOf,
  screenHeading,
  toast,
} from './support.js';

// Decision 012 in the browser: exams and homework, in both languages, on the demo's
// exam scenarios. Covered: enrolling on the exam detail; starting; answering the five quiz types
// one question at a time with Next and the answer card (its items say answered / unanswered /
// marked for review); the statistics line and the save status; submitting with the confirmation
// that lists unanswered questions; the result (score or pending review, pass / fail, correct
// percentage, used and submit time, the report by quiz type, the analysis with answer, right
// answer, points and explanation once no try is left, and until then when it will show) checked
// against the rules of decision record 012;
// test again, continue and give up from the detail, the attempts used up (screen and API);
// time running out with the learner on the screen (Chinese) and away (English); homework opened
// from the lesson player, kept across a reload, submitted and then read-only (screen and API).
// axe runs on the detail, the answering screen, the answer card, the submit confirmation and the
// result in English. Every journey uses a learner of its own (`newLearner` 70–89), logged in
// through the login screen; the demo learners are left alone, but for the gated exam (both
// languages), which the demo learner only looks at.

/** The journeys run in both languages. */
function examJourneys(lang: Lang, n: { take: number; giveUp: number; homework: number }) {
  const t = examText[lang];
  const exam = examScenarios.openTimed;
  const uid = exam.examUid;
  const a = nodeBasicsAnswers;
  const paper = nodeBasicsPaper[lang];

  test('enroll → start → answer the five quiz types with Next and the answer card → submit → the result by the rules', async ({
    page,
    request,
  }) => {
    // A whole exam with five axe checks: 25–33 s on CI's two cores, at the 30 s default.
    test.setTimeout(60_000);
    const startedAt = Date.now();
    const account = await newLearner(request, n.take);
    await logIn(page, account);

    // The detail: facts, then Enroll.
    await page.goto(`/mobile/exam/${uid}`);
    await expect(screenHeading(page)).toHaveText(t.detailHeading);
    await expect(page.getByTestId('exam-title')).toHaveText(exam.title[lang]);
    const facts = page.getByTestId('exam-facts');
    await expect(facts.getByTestId('fact-duration').locator('dd')).toHaveText(t.duration(exam.minutes));
    await expect(facts.getByTestId('fact-score').locator('dd')).toHaveText(
      t.scoreValue(exam.totalScore, exam.passScore),
    );
    await expect(facts.getByTestId('fact-quizzes').locator('dd')).toHaveText(String(exam.questions));
    await expect(facts.getByTestId('fact-times').locator('dd')).toHaveText(t.tries(exam.tries));
    await expect(facts.getByTestId('fact-used')).toHaveCount(0);
    await page.getByRole('button', { name: t.enroll }).click();
    await expect(toast(page, t.enrolled)).toBeVisible();
    await expect(facts.getByTestId('fact-used').locator('dd')).toHaveText(t.attemptsUsed(0, exam.tries));
    if (lang === 'en') {
      await noticesGone(page);
      await expectAccessible(page);
    }
    await page.getByRole('link', { name: t.start }).click();

    // The answering screen: one question at a time.
    await expect.poll(() => pathOf(page)).toBe(`/mobile/exam/${uid}/test`);
    await expect(screenHeading(page)).toHaveText(exam.title[lang]);
    const stats = page.getByTestId('answer-stats');
    const question = page.getByTestId('question');
    const questionHeading = question.getByRole('heading', { level: 2 });
    const saveStatus = page.getByTestId('save-status');
    await expect(stats).toHaveText(t.stats(0, exam.questions));
    await expect(page.getByTestId('exam-timer')).toHaveText(/(30:00|29:[0-5]\d)$/);
    await expect(questionHeading).toHaveText(`${t.questionOf(1, exam.questions)}${t.type.SINGLE_SELECT}`);
    await expect(page.getByRole('button', { name: t.previous })).toBeDisabled();
    const attempt = await openAttempt(page, uid);
    expect(attempt.questions.map((q) => q.type)).toEqual([
      'SINGLE_SELECT',
      'SINGLE_SELECT',
      'MULTI_SELECT',
      'TRUE_OR_FALSE',
      'FILL_BLANK',
      'FILL_BLANK',
      'ASK_AND_ANSWER',
    ]);
    if (lang === 'en') await expectAccessible(page);

    // 1 single choice, right.
    await option(page, 'radio', a.single).check();
    await expect(stats).toHaveText(t.stats(1, exam.questions));
    await page.getByRole('button', { name: t.next }).click();
    // 2 single choice, wrong.
    await expect(questionHeading).toContainText(t.questionOf(2, exam.questions));
    await option(page, 'radio', a.singleWrong).check();
    await page.getByRole('button', { name: t.next }).click();
    // 3 multiple choice, two of the three right keys; marked for review.
    await expect(questionHeading).toHaveText(`${t.questionOf(3, exam.questions)}${t.type.MULTI_SELECT}`);
    for (const text of a.multi) await option(page, 'checkbox', text).check();
    const flag = question.getByRole('button', { name: t.flag });
    await flag.click();
    await expect(flag).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: t.next }).click();
    // 4 true or false.
    await expect(questionHeading).toHaveText(`${t.questionOf(4, exam.questions)}${t.type.TRUE_OR_FALSE}`);
    await option(page, 'radio', paper.true).check();
    await expect(stats).toHaveText(t.stats(4, exam.questions));
    // The saves reach the server within moments.
    await expect(saveStatus).toHaveAttribute('data-status', 'saved');
    await expect(saveStatus).toHaveText(t.saved);

    // The answer card: each item's name says its state; a tap goes to that question.
    await page.getByRole('button', { name: t.cardOpen }).click();
    const card = page.getByRole('dialog', { name: t.cardTitle });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: t.cardItem.answered(1), exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: t.cardItem.answeredFlagged(3), exact: true })).toHaveAttribute(
      'data-flagged',
      'true',
    );
    await expect(card.getByRole('button', { name: t.cardItem.answered(4), exact: true })).toHaveAttribute(
      'aria-current',
      'step',
    );
    for (const number of [5, 6, 7]) {
      await expect(card.getByRole('button', { name: t.cardItem.unanswered(number), exact: true })).toBeVisible();
    }
    await expectPopupsSettled(page);
    if (lang === 'en') await expectAccessible(page);
    await card.getByRole('button', { name: t.cardItem.unanswered(5), exact: true }).click();
    await expect(card).toBeHidden();

    // 5 fill in the blanks: other case and spaces than the accepted texts.
    await expect(questionHeading).toHaveText(`${t.questionOf(5, exam.questions)}${t.type.FILL_BLANK}`);
    await question.getByLabel(t.blank(1), { exact: true }).fill(a.blanks[0]);
    await question.getByLabel(t.blank(2), { exact: true }).fill(a.blanks[1]);
    // 6 left empty; 7 short answer.
    await page.getByRole('button', { name: t.next }).click();
    await expect(questionHeading).toContainText(t.questionOf(6, exam.questions));
    await page.getByRole('button', { name: t.next }).click();
    await expect(questionHeading).toHaveText(`${t.questionOf(7, exam.questions)}${t.type.ASK_AND_ANSWER}`);
    await expect(page.getByRole('button', { name: t.next })).toBeDisabled();
    await question.getByLabel(t.yourAnswer, { exact: true }).fill(a.essay[lang]);
    await expect(stats).toHaveText(t.stats(6, exam.questions));
    // Previous goes back, and the answer given there is still shown.
    await page.getByRole('button', { name: t.previous }).click();
    await page.getByRole('button', { name: t.previous }).click();
    await expect(question.getByLabel(t.blank(1), { exact: true })).toHaveValue(a.blanks[0]);

    // Submit: the confirmation names the unanswered question.
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t.confirmTitle });
    await expect(confirm).toContainText(t.confirmUnanswered('6'));
    await expectPopupsSettled(page);
    if (lang === 'en') await expectAccessible(page);
    await confirm.getByRole('button', { name: t.confirmOk, exact: true }).click();

    // The result: the short answer waits for a reviewer, so the score does too.
    await expect.poll(() => pathOf(page)).toBe(`/mobile/exam/${uid}/test/result?attempt=${attempt.id}`);
    await expect(screenHeading(page)).toHaveText(t.resultHeading);
    const result = await attemptResult(page.request, attempt.id, lang);
    expect(result).toMatchObject({
      status: 'PENDING_REVIEW',
      score: null,
      passed: null,
      totalScore: exam.totalScore,
      passScore: exam.passScore,
      correctPercent: a.correctPercent,
      submittedBy: 'LEARNER',
    });
    const submittedAt = Date.parse(result.submittedAt);
    expect(submittedAt).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(submittedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(result.usedSeconds).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 1000));
    const summary = page.getByTestId('result-summary');
    await expect(summary.getByTestId('result-score')).toHaveText(t.scorePending);
    await expect(summary.getByTestId('result-verdict')).toHaveText(t.verdict.reviewing);
    await expect(summary.getByTestId('result-submitted-by')).toHaveCount(0);
    await expect(summary.getByTestId('result-correct').locator('dd')).toHaveText(`${a.correctPercent}%`);
    await expect(summary.getByTestId('result-pass').locator('dd')).toHaveText(String(exam.passScore));
    await expect(summary.getByTestId('result-used').locator('dd')).toHaveText(durationText(result.usedSeconds, lang));
    await expect(summary.getByTestId('result-submitted').locator('dd')).toHaveText(
      await dateMinutesInPage(page, result.submittedAt),
    );

    // The report by quiz type: a partly right answer counts as partly right, its points count.
    const report = page.getByTestId('result-report');
    await expect(report.getByRole('heading', { name: t.reportHeading })).toBeVisible();
    for (const row of a.report) {
      const block = report.getByTestId(`report-${row.type}`);
      await expect(block.getByTestId('report-type')).toHaveText(t.type[row.type]);
      await expect(block.locator('dd')).toHaveText(row.cells.map(String));
      await expect(block.getByTestId('report-score')).toHaveText(
        `${t.scoreLabel}: ${row.score === null ? t.pendingOf(row.total) : `${row.score} / ${row.total}`}`,
      );
    }
    // The API's report says the same; what the rules gave adds up to 45 of the 70 objective points.
    expect(result.report).toEqual(
      a.report.map(({ type, questions, cells: [right, partlyRight, wrong, unanswered], score, total }) => ({
        type,
        questions,
        right,
        partlyRight,
        wrong,
        unanswered,
        score,
        totalScore: total,
      })),
    );
    expect(result.report.reduce((sum, row) => sum + (row.score ?? 0), 0)).toBe(45);

    // One of the two tries used: the right answers wait for the last one (a second try could
    // use them, decision record 012), and the screen says so.
    expect(result).toMatchObject({ analysis: null, analysisHiddenUntil: 'LAST_ATTEMPT' });
    const analysis = page.getByTestId('result-analysis');
    await expect(analysis.getByRole('heading', { name: t.analysisHeading })).toBeVisible();
    await expect(analysis.getByTestId('analysis-hidden')).toHaveText(t.analysisAfterLastAttempt);
    await expect(analysis.getByTestId('analysis-1')).toHaveCount(0);

    // Back on the detail: one of two tries used, the latest waits for review, test again is offered.
    // (Reloaded: the detail shows its cached copy from before the attempt for up to 30 s, see
    // the stale-detail test.)
    await page.getByRole('link', { name: t.backToExam }).click();
    await expect.poll(() => pathOf(page)).toBe(`/mobile/exam/${uid}`);
    await page.reload();
    await expect(facts.getByTestId('fact-used').locator('dd')).toHaveText(t.attemptsUsed(1, 1));
    await expect(facts.getByTestId('fact-latest').locator('dd')).toHaveText(t.reviewing);
    await expect(page.getByTestId('exam-reviewing')).toHaveText(t.reviewingNote);
    await expect(page.getByRole('link', { name: t.retake })).toHaveAttribute('href', `/mobile/exam/${uid}/test`);
    await expect(page.getByRole('link', { name: t.viewReviewing })).toHaveAttribute(
      'href',
      `/mobile/exam/${uid}/test/result?attempt=${attempt.id}`,
    );

    // The second try handed in blank: none is left, so the first try's result shows the
    // analysis: the learner's answer, the right one, the points and the explanation.
    await blankAttemptByApi(page, uid);
    await page.goto(`/mobile/exam/${uid}/test/result?attempt=${attempt.id}`);
    await expect(analysis.getByTestId('analysis-hidden')).toHaveCount(0);
    const item = (number: number) => analysis.getByTestId(`analysis-${number}`);
    const expectItem = async (
      number: number,
      expected: { verdict: keyof typeof t.answerVerdict; given: string[]; right: string[] | RegExp; points: string },
    ) => {
      const type = attempt.questions[number - 1]!.type;
      await expect(item(number).getByRole('heading', { level: 3 })).toHaveText(t.questionHeading(number, t.type[type]));
      await expect(item(number).getByTestId('analysis-verdict')).toHaveText(t.answerVerdict[expected.verdict]);
      await expect(item(number).getByTestId('analysis-given').locator('span')).toHaveText(expected.given);
      if (expected.right instanceof RegExp) {
        await expect(item(number).getByTestId('analysis-right')).toHaveText(expected.right);
      } else {
        await expect(item(number).getByTestId('analysis-right').locator('span')).toHaveText(expected.right);
      }
      await expect(item(number).getByTestId('analysis-points')).toHaveText(expected.points);
    };
    await expectItem(1, {
      verdict: 'RIGHT',
      given: [`A. ${a.single}`],
      right: [`A. ${a.single}`],
      points: t.pointsOf(10, 10),
    });
    await expect(item(1)).toContainText(paper.explanation1);
    await expectItem(2, {
      verdict: 'WRONG',
      given: [`B. ${a.singleWrong}`],
      right: [`A. ${a.singleRight}`],
      points: t.pointsOf(0, 10),
    });
    await expectItem(3, {
      verdict: 'PARTIAL',
      given: [`A. ${a.multi[0]}`, `B. ${a.multi[1]}`],
      right: [`A. ${a.multiRight[0]}`, `B. ${a.multiRight[1]}`, `D. ${a.multiRight[2]}`],
      points: t.pointsOf(10, 15),
    });
    await expect(item(3)).toContainText(paper.explanation3);
    await expectItem(4, { verdict: 'RIGHT', given: [paper.true], right: [paper.true], points: t.pointsOf(10, 10) });
    await expectItem(5, {
      verdict: 'RIGHT',
      given: [`(1) ${a.blanks[0].trim()}`, `(2) ${a.blanks[1]}`],
      right: [`(1) ${a.blanksAccepted[0]}`, `(2) ${a.blanksAccepted[1]}`],
      points: t.pointsOf(15, 15),
    });
    await expect(item(5)).toContainText(paper.explanation5);
    await expect(item(6).getByTestId('analysis-verdict')).toHaveText(t.answerVerdict.UNANSWERED);
    await expect(item(6).getByTestId('analysis-given')).toHaveText(t.noAnswer);
    await expect(item(6).getByTestId('analysis-right')).toHaveText(`(1) ${a.blankRight}`);
    await expect(item(6).getByTestId('analysis-points')).toHaveText(t.pointsOf(0, 10));
    await expectItem(7, {
      verdict: 'PENDING_REVIEW',
      given: [a.essay[lang]],
      right: paper.reference7,
      points: t.pointsPending,
    });
    await expect(item(7)).toContainText(paper.explanation7);
    if (lang === 'en') await expectAccessible(page);
  });

  test('test again → leave the exam open → give up on the detail → the result says so, and no attempts are left', async ({
    page,
    request,
  }) => {
    const account = await newLearner(request, n.giveUp);
    await logIn(page, account);
    // Setting up: enrolled, and the first of the two tries handed in blank (0 points).
    await joinExamByApi(page, uid);
    const first = await blankAttemptByApi(page, uid);

    await page.goto(`/mobile/exam/${uid}`);
    const facts = page.getByTestId('exam-facts');
    await expect(facts.getByTestId('fact-used').locator('dd')).toHaveText(t.attemptsUsed(1, 1));
    await expect(facts.getByTestId('fact-latest').locator('dd')).toHaveText(t.points(0));
    await expect(page.getByRole('link', { name: t.viewGrades })).toHaveAttribute(
      'href',
      `/mobile/exam/${uid}/test/result?attempt=${first}`,
    );
    await page.getByRole('link', { name: t.retake }).click();

    // The second try: one answer, saved, then back to the detail with the attempt still open.
    await expect.poll(() => pathOf(page)).toBe(`/mobile/exam/${uid}/test`);
    const saved = answersSaved(page);
    await option(page, 'radio', a.single).check();
    await saved;
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    const second = await openAttempt(page, uid);
    // The detail opened afresh (Back would show its cached copy: see the stale-detail test).
    await page.goto(`/mobile/exam/${uid}`);
    await expect(page.getByRole('link', { name: t.continue })).toHaveAttribute('href', `/mobile/exam/${uid}/test`);

    // Give up asks first; keeping on answering changes nothing.
    const giveUp = page.getByRole('button', { name: t.giveUp, exact: true });
    await giveUp.click();
    const dialog = page.getByRole('dialog', { name: t.giveUpTitle });
    await expect(dialog).toContainText(t.giveUpContent);
    await expectPopupsSettled(page);
    if (lang === 'en') await expectAccessible(page);
    await dialog.getByRole('button', { name: t.giveUp, exact: true }).click();

    // The result of the given-up try: the one answer counted, 10 of 100, not passed.
    await expect.poll(() => pathOf(page)).toBe(`/mobile/exam/${uid}/test/result?attempt=${second.id}`);
    const summary = page.getByTestId('result-summary');
    await expect(summary.getByTestId('result-submitted-by')).toHaveText(t.gaveUp);
    await expect(summary.getByTestId('result-score')).toHaveText(`10 / ${exam.totalScore}`);
    await expect(summary.getByTestId('result-verdict')).toHaveText(t.verdict.failed);
    await expect(summary.getByTestId('result-correct').locator('dd')).toHaveText('14%');
    const analysis = page.getByTestId('result-analysis');
    await expect(analysis.getByTestId('analysis-1').getByTestId('analysis-given')).toHaveText(`A. ${a.single}`);
    await expect(analysis.getByTestId('analysis-7').getByTestId('analysis-given')).toHaveText(t.noAnswer);
    expect(await attemptResult(page.request, second.id, lang)).toMatchObject({
      status: 'COMPLETED',
      score: 10,
      passed: false,
      submittedBy: 'GIVE_UP',
    });

    // Both tries used: no more attempts, on the detail and through the API (Give up refreshed it).
    await page.getByRole('link', { name: t.backToExam }).click();
    await expect.poll(() => pathOf(page)).toBe(`/mobile/exam/${uid}`);
    await expect(page.getByRole('button', { name: t.noAttemptsLeft })).toBeDisabled();
    await expect(page.getByRole('link', { name: t.retake })).toHaveCount(0);
    await expect(facts.getByTestId('fact-used').locator('dd')).toHaveText(t.attemptsUsed(2, 0));
    await expect(facts.getByTestId('fact-best').locator('dd')).toHaveText(t.points(10));
    await expect(page.getByRole('link', { name: t.viewGrades })).toHaveAttribute(
      'href',
      `/mobile/exam/${uid}/test/result?attempt=${second.id}`,
    );
    expect((await examDetail(page, uid)).membership).toMatchObject({ attemptsUsed: 2, openAttemptId: null });
    await expectRefusal(
      await page.request.post(examTakingPaths.examAttempts(uid), { headers: acceptLanguage(lang) }),
      409,
      'examAnsweringRepeatOver',
      t.attemptsUsedUp,
    );
  });

  test('homework from the lesson: answers kept across a reload, submitted with confirmation, then read-only', async ({
    page,
    request,
  }) => {
    const hw = examScenarios.homework;
    const h = homeworkAnswers;
    const lesson = await courseLesson(request, hw.courseUid, hw.lesson, lang);
    await joinedLearner(page, request, n.homework, hw.courseUid);

    // The lesson player lists the homework, not started yet, and links it.
    await page.goto(`/mobile/lessons/${lesson.id}`);
    const section = page.getByTestId('lesson-homework');
    await expect(section.getByRole('heading', { name: t.homeworkHeading })).toBeVisible();
    const link = section.getByRole('link', { name: new RegExp(hw.title[lang]) });
    await expect(link).toContainText(t.homeworkNew);
    await link.click();
    await expect.poll(() => pathOf(page)).toMatch(new RegExp(`^/mobile/lessons/${lesson.id}/homework/\\d+$`));
    const homeworkPath = pathOf(page);
    const homeworkId = Number(homeworkPath.split('/').pop());
    await expect(screenHeading(page)).toHaveText(hw.title[lang]);
    await expect(page.getByTestId('exam-timer')).toHaveCount(0);
    const stats = page.getByTestId('answer-stats');
    const question = page.getByTestId('question');
    const questionHeading = question.getByRole('heading', { level: 2 });
    const next = page.getByRole('button', { name: t.next });
    await expect(stats).toHaveText(t.stats(0, hw.questions));
    if (lang === 'en') await expectAccessible(page);

    // Two answers, saved; then a reload.
    await option(page, 'radio', h.single).check();
    await next.click();
    await expect(questionHeading).toHaveText(`${t.questionOf(2, hw.questions)}${t.type.FILL_BLANK}`);
    const saved = answersSaved(page);
    await question.getByLabel(t.blank(1), { exact: true }).fill(h.blanks[0]);
    await question.getByLabel(t.blank(2), { exact: true }).fill(h.blanks[1]);
    await saved;
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
    await page.reload();
    await expect(stats).toHaveText(t.stats(2, hw.questions));
    await expect(questionHeading).toContainText(t.questionOf(1, hw.questions));
    await expect(option(page, 'radio', h.single)).toBeChecked();
    await next.click();
    await expect(question.getByLabel(t.blank(1), { exact: true })).toHaveValue(h.blanks[0]);
    await expect(question.getByLabel(t.blank(2), { exact: true })).toHaveValue(h.blanks[1]);

    // The other two, then submit: every question answered.
    await next.click();
    await option(page, 'radio', h.trueText[lang]).check();
    await next.click();
    await expect(questionHeading).toHaveText(`${t.questionOf(4, hw.questions)}${t.type.ASK_AND_ANSWER}`);
    await question.getByLabel(t.yourAnswer, { exact: true }).fill(h.essay);
    await expect(stats).toHaveText(t.stats(4, hw.questions));
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: t.confirmTitle });
    await expect(confirm).toContainText(t.confirmAllAnswered);
    await confirm.getByRole('button', { name: t.confirmOk, exact: true }).click();

    // Read-only, with the teacher's part to come; the same after a reload.
    const expectReadOnly = async () => {
      await expect(page.getByText(t.readOnly, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t.submit, exact: true })).toHaveCount(0);
      await expect(page.getByTestId('save-status')).toHaveCount(0);
      await expect(page.getByTestId('homework-score')).toHaveText(t.feedbackReviewing);
      await expect(stats).toHaveText(t.stats(4, hw.questions));
      await expect(questionHeading).toContainText(t.questionOf(1, hw.questions));
      await expect(option(page, 'radio', h.single)).toBeChecked();
      await expect(option(page, 'radio', h.single)).toBeDisabled();
      await expect(page.getByTestId('feedback-points')).toHaveText(t.feedbackPoints(10, 10));
      // Handed in: the verdict and the right answer under the learner's own.
      await expect(page.getByTestId('feedback-verdict')).toHaveText(t.verdictRight);
      await expect(page.getByTestId('feedback-right')).toContainText(h.single);
      await next.click();
      for (const [i, text] of h.blanks.entries()) {
        const blank = question.getByLabel(t.blank(i + 1), { exact: true });
        await expect(blank).toHaveValue(text);
        await expect(blank).toBeDisabled();
      }
      await expect(page.getByTestId('feedback-points')).toHaveText(t.feedbackPoints(10, 10));
      await next.click();
      await expect(option(page, 'radio', h.trueText[lang])).toBeChecked();
      await expect(option(page, 'radio', h.trueText[lang])).toBeDisabled();
      await next.click();
      const essay = question.getByLabel(t.yourAnswer, { exact: true });
      await expect(essay).toHaveValue(h.essay);
      await expect(essay).not.toBeEditable();
      await expect(page.getByTestId('feedback-points')).toHaveText(t.feedbackPending);
      await expect(question.getByRole('button', { name: t.flag })).toHaveCount(0);
    };
    await expectReadOnly();
    if (lang === 'en') await expectAccessible(page);
    await page.reload();
    await expectReadOnly();

    // The server takes no further save; the lesson now says the homework is with the teacher.
    const homework = await page.request.get(examTakingPaths.homework(lesson.id, homeworkId));
    expect(homework.status(), await homework.text()).toBe(200);
    const attempt = (await homework.json()) as { id: number; status: string; questions: Array<{ id: number }> };
    expect(attempt.status).toBe('PENDING_REVIEW');
    await expectRefusal(
      await page.request.post(examTakingPaths.attemptAnswers(attempt.id), {
        headers: acceptLanguage(lang),
        data: { saves: [{ questionId: attempt.questions[0]!.id, answer: { kind: 'CHOICE', keys: ['B'] }, seq: 1000 }] },
      }),
      403,
      'examHasEnded',
      t.examHasEnded,
    );
    await page.goto(`/mobile/lessons/${lesson.id}`);
    await expect(section.getByRole('link', { name: new RegExp(hw.title[lang]) })).toContainText(t.homeworkReviewing);
  });
}

/** The demo learner (under 60 % of React Performance) on the exam gated by it, in either language. */
function gatedExamJourney(lang: Lang) {
  test('a gated exam tells the course to study first with the numbers, Start disabled, the course one tap away', async ({
    page,
  }) => {
    const t = examText[lang];
    const gated = examScenarios.progressRequired;
    await logIn(page, accounts.learner);
    await page.goto(`/mobile/exam/${gated.examUid}`);
    const note = page.getByTestId('exam-requirement');
    await expect(note).toContainText(t.requirement(gated.progress, gated.course[lang]));
    await expect(note).toContainText(t.studied);
    const start = page.getByRole('button', { name: t.start, exact: true });
    await expect(start).toBeDisabled();
    await expect(page.getByRole('link', { name: t.start })).toHaveCount(0);
    await expectAccessible(page);
    await note.getByRole('link', { name: t.continueCourse }).click();
    await expect.poll(() => pathOf(page)).toBe(`/mobile/courses/${gated.courseUid}`);
  });
}

test.describe('English', () => {
  examJourneys('en', { take: 70, giveUp: 71, homework: 76 });

  test('back on the detail from an attempt, the detail shows where the attempts stand at once', async ({
    page,
    request,
  }) => {
    const t = examText.en;
    const uid = examScenarios.openTimed.examUid;
    const account = await newLearner(request, 78);
    await logIn(page, account);
    await joinExamByApi(page, uid);
    await page.goto(`/mobile/exam/${uid}`);
    await page.getByRole('link', { name: t.start }).click();
    await expect(page.getByTestId('answer-stats')).toBeVisible();
    await page.getByRole('button', { name: t.back, exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(`/mobile/exam/${uid}`);
    await expect(page.getByRole('link', { name: t.continue })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('button', { name: t.giveUp, exact: true })).toBeVisible({ timeout: 1_000 });

    await page.getByRole('link', { name: t.continue }).click();
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await page
      .getByRole('dialog', { name: t.confirmTitle })
      .getByRole('button', { name: t.confirmOk, exact: true })
      .click();
    await page.getByRole('link', { name: t.backToExam }).click();
    await expect(page.getByRole('link', { name: t.retake })).toBeVisible({ timeout: 5_000 });
    await expect(page.getByTestId('fact-used').locator('dd')).toHaveText(t.attemptsUsed(1, 1), { timeout: 1_000 });
  });

  gatedExamJourney('en');
});

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });
  examJourneys('cn', { take: 72, giveUp: 73, homework: 77 });
  gatedExamJourney('cn');

  test('a timed exam left open: the countdown reaches 00:00, the screen says time is up and the result opens, submitted by time-up', async ({
    page,
    request,
  }) => {
    // The drill lasts a minute; the screen submits a second after its countdown reaches zero.
    test.setTimeout(120_000);
    const t = examText.cn;
    const drill = examScenarios.timedDrill;
    const account = await newLearner(request, 74);
    await logIn(page, account);

    await page.goto(`/mobile/exam/${drill.examUid}`);
    await expect(page.getByTestId('fact-times').locator('dd')).toHaveText(t.unlimitedTries);
    await page.getByRole('button', { name: t.enroll }).click();
    await expect(toast(page, t.enrolled)).toBeVisible();
    await page.getByRole('link', { name: t.start }).click();
    await expect.poll(() => pathOf(page)).toBe(`/mobile/exam/${drill.examUid}/test`);
    const timer = page.getByTestId('exam-timer');
    await expect(timer).toHaveText(/(01:00|00:[0-5]\d)$/);
    // On the narrowest phone, in the last five minutes (all of this drill's), the header keeps
    // its one row: 已答 0/4 题, the clock and 交卷 each on one line, the warning below them.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(page.getByTestId('timer-announcement')).toHaveText(t.timeWarning);
    for (const single of [page.getByTestId('answer-stats'), timer, page.getByRole('button', { name: t.submit })]) {
      expect(await lineCount(single)).toBe(1);
    }
    await page.setViewportSize({ width: 375, height: 812 });
    const saved = answersSaved(page);
    await answerWhateverIsShown(page);
    await saved;
    await expect(page.getByTestId('save-status')).toHaveText(t.saved);
    const attempt = await openAttempt(page, drill.examUid);

    // The page stays open: the countdown reaches zero, the screen says so and submits.
    await expect(timer).toHaveText(/00:00$/, { timeout: 75_000 });
    await expect(page.getByTestId('exam-notice')).toHaveText(t.timeUp);
    await expect
      .poll(() => pathOf(page), { timeout: 15_000 })
      .toBe(`/mobile/exam/${drill.examUid}/test/result?attempt=${attempt.id}`);
    const summary = page.getByTestId('result-summary');
    await expect(summary.getByTestId('result-submitted-by')).toHaveText(t.timeRanOut);
    await expect(summary.getByTestId('result-used').locator('dd')).toHaveText(durationText(60, 'cn'));
    const analysis = page.getByTestId('result-analysis');
    await expect(analysis.getByTestId('analysis-1').getByTestId('analysis-given')).not.toHaveText(t.noAnswer);
    for (const number of [2, 3, 4]) {
      await expect(analysis.getByTestId(`analysis-${number}`).getByTestId('analysis-given')).toHaveText(t.noAnswer);
    }
    const result = await attemptResult(page.request, attempt.id, 'cn');
    expect(result).toMatchObject({ submittedBy: 'TIME_UP', submittedAt: attempt.deadline, usedSeconds: 60 });

    // The report fits a 320-px phone: nothing wider than the screen, each score on one line.
    await page.setViewportSize({ width: 320, height: 640 });
    const report = page.getByTestId('result-report');
    await expect(report.getByTestId('report-score').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    for (const score of await report.getByTestId('report-score').all()) expect(await lineCount(score)).toBe(1);
  });
});

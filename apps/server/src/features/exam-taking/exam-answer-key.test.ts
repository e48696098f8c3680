import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { attemptResultSchema, attemptSchema, type AnalysisHiddenUntil } from '@school/contract/exam-taking';
import { backOfficePaths } from '@school/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { runJobOnce } from '../../lib/background-jobs.js';
import { newAccount, type TestAccount } from '../../testing/accounts.js';
import { examScenarios } from '../../testing/exam-scenarios.js';
import { get, hour, login, post } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { addReviewer, arrangeExam, arrangeHomework, learnerIn, started } from './exam-taking-testing.js';
import { examSubmitJob } from './exam-taking.service.js';

/*
 * The answer key (right answers, explanations, verdicts, points, comments) of a result through
 * every path that answers one (answer-key.ts has the rule): shown only once no further attempt
 * can change a score, or when the school chose to show it after each attempt.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const minute = 60_000;

/** Every question answered right, the essay with a text (so it waits for a reviewer). */
async function answerRight(attemptId: number, account: TestAccount, ids: Record<string, number>) {
  const res = await post(t, examTakingPaths.attemptAnswers(attemptId), account.cookie, {
    saves: [
      { questionId: ids.SINGLE_SELECT, answer: { kind: 'CHOICE', keys: ['B'] }, seq: 1 },
      { questionId: ids.MULTI_SELECT, answer: { kind: 'CHOICE', keys: ['A', 'C'] }, seq: 1 },
      { questionId: ids.TRUE_OR_FALSE, answer: { kind: 'CHOICE', keys: ['true'] }, seq: 1 },
      { questionId: ids.FILL_BLANK, answer: { kind: 'BLANKS', texts: ['404', '200'] }, seq: 1 },
      { questionId: ids.ASK_AND_ANSWER, answer: { kind: 'TEXT', text: 'Keep copies near.', images: [] }, seq: 1 },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
}

function submit(attemptId: number, account: TestAccount, giveUp = false) {
  return post(t, examTakingPaths.attemptSubmit(attemptId), account.cookie, { giveUp });
}

function result(attemptId: number, account: { cookie: string }) {
  return get(t, examTakingPaths.attemptResult(attemptId), account.cookie);
}

/** A result without a trace of the key, saying what the learner waits for. */
function expectKeyHidden(res: { statusCode: number; body: string }, until: AnalysisHiddenUntil) {
  expect(res.statusCode, res.body).toBe(200);
  const parsed = attemptResultSchema.parse(JSON.parse(res.body));
  expect(parsed).toMatchObject({ analysis: null, analysisHiddenUntil: until });
  // No right answer, explanation, reference, verdict or per-question points, in any field.
  expect(res.body).not.toMatch(/rightAnswer|explanation|Because|Explain caching|verdict|earned|"keys"/);
  return parsed;
}

/** A result with the whole analysis: the right answers and the explanations. */
function expectKeyShown(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
  const parsed = attemptResultSchema.parse(JSON.parse(res.body));
  expect(parsed.analysisHiddenUntil).toBeNull();
  expect(parsed.analysis!.find((q) => q.type === 'SINGLE_SELECT')).toMatchObject({
    rightAnswer: { kind: 'CHOICE', keys: ['B'] },
    explanation: 'Because 1.',
  });
  expect(parsed.analysis!.find((q) => q.type === 'ASK_AND_ANSWER')!.rightAnswer).toEqual({
    kind: 'REFERENCE',
    text: 'Explain caching.',
  });
  return parsed;
}

describe('the answer key of a result', () => {
  it('give up: attempt 1 of 2 carries no right answer (the reported attack); after the last attempt both show the key', async () => {
    const { uid, account, questionIds } = await learnerIn(t, { examTimes: 2, answersVisible: 'AFTER_SUBMIT' });
    const first = await started(t, uid, account);
    await post(t, examTakingPaths.attemptAnswers(first.id), account.cookie, {
      saves: [{ questionId: questionIds.SINGLE_SELECT, answer: { kind: 'CHOICE', keys: ['A'] }, seq: 1 }],
    });
    const gaveUp = expectKeyHidden(await submit(first.id, account, true), 'LAST_ATTEMPT');
    expect(gaveUp).toMatchObject({ submittedBy: 'GIVE_UP', status: 'COMPLETED', score: 0 });
    expectKeyHidden(await result(first.id, account), 'LAST_ATTEMPT');
    // A retried submit answers the same, still without the key.
    expectKeyHidden(await submit(first.id, account, true), 'LAST_ATTEMPT');

    // The second and last attempt: no score can change any more, so both results show the key.
    const second = await started(t, uid, account);
    await answerRight(second.id, account, questionIds);
    expectKeyShown(await submit(second.id, account, true));
    expect(expectKeyShown(await result(first.id, account)).analysis!.map((q) => q.verdict)).toEqual([
      'WRONG',
      'UNANSWERED',
      'UNANSWERED',
      'UNANSWERED',
      'UNANSWERED',
    ]);
  });

  it('submit: no key while attempts are left, the key when none are left', async () => {
    const left = await learnerIn(t, { examTimes: 3 });
    const attempt = await started(t, left.uid, left.account);
    await answerRight(attempt.id, left.account, left.questionIds);
    const hidden = expectKeyHidden(await submit(attempt.id, left.account), 'LAST_ATTEMPT');
    // The score and the report by quiz type are the learner's to see.
    expect(hidden).toMatchObject({ submittedBy: 'LEARNER', status: 'PENDING_REVIEW', correctPercent: 80 });
    expect(hidden.report).toHaveLength(5);

    const last = await learnerIn(t, { examTimes: 1 });
    const only = await started(t, last.uid, last.account);
    await answerRight(only.id, last.account, last.questionIds);
    expectKeyShown(await submit(only.id, last.account));
    expectKeyShown(await result(only.id, last.account));
  });

  it('time up: submitted by the job, or late by the learner, no key while attempts are left, the key when none are left', async () => {
    const { uid, account, questionIds } = await learnerIn(t, { examTimes: 2, duration: 10 });
    const first = await started(t, uid, account);
    await answerRight(first.id, account, questionIds);
    t.clock.advance(10 * minute + 31_000);
    expect((await runJobOnce(t.db, examSubmitJob(t.clock)))!.submitted).toBeGreaterThanOrEqual(1);
    expect(expectKeyHidden(await result(first.id, account), 'LAST_ATTEMPT').submittedBy).toBe('TIME_UP');

    // The last attempt, handed in by the learner after its deadline: dated at it, key shown.
    const second = await started(t, uid, account);
    t.clock.advance(10 * minute + 5_000);
    expect(expectKeyShown(await submit(second.id, account)).submittedBy).toBe('TIME_UP');
    expectKeyShown(await result(first.id, account));

    const once = await learnerIn(t, { examTimes: 1, duration: 10 });
    const only = await started(t, once.uid, once.account);
    t.clock.advance(10 * minute + 31_000);
    await runJobOnce(t.db, examSubmitJob(t.clock));
    expect(expectKeyShown(await result(only.id, once.account)).submittedBy).toBe('TIME_UP');
  });

  it('reviewed: no key while attempts are left, the key with the comment when none are left', async () => {
    const teacher = await newAccount(t);
    const reviewed = async (examTimes: number) => {
      const arranged = await learnerIn(t, { examTimes });
      await addReviewer(t, arranged.exam, teacher.id);
      const attempt = await started(t, arranged.uid, arranged.account);
      await answerRight(attempt.id, arranged.account, arranged.questionIds);
      const submitted = await submit(attempt.id, arranged.account);
      const review = await post(t, backOfficePaths.attemptReview(attempt.id), teacher.cookie, {
        scores: [{ questionId: arranged.questionIds.ASK_AND_ANSWER, score: 8, comment: 'Name the headers.' }],
      });
      // The reviewer is told the outcome, nothing of the learner's key.
      expect(review.json()).toEqual({ id: attempt.id, status: 'COMPLETED', score: 20 });
      return { submitted, after: await result(attempt.id, arranged.account) };
    };

    const left = await reviewed(2);
    expectKeyHidden(left.submitted, 'LAST_ATTEMPT');
    expect(expectKeyHidden(left.after, 'LAST_ATTEMPT')).toMatchObject({ status: 'COMPLETED', score: 20 });
    expect(left.after.body).not.toContain('Name the headers.');

    const none = await reviewed(1);
    expect(expectKeyShown(none.submitted).analysis!.at(-1)).toMatchObject({ verdict: 'PENDING_REVIEW', earned: null });
    expect(expectKeyShown(none.after).analysis!.at(-1)).toMatchObject({
      verdict: 'RIGHT',
      earned: 8,
      reviewComment: 'Name the headers.',
    });
  });

  it('shows every attempt its key once the exam has ended, and an AFTER_END key only then', async () => {
    // Sooner than the sessions' 2 h idle timeout.
    const endTime = new Date(t.clock.now().getTime() + hour);
    const afterSubmit = await learnerIn(t, { examTimes: 3, endTime, answersVisible: 'AFTER_SUBMIT' });
    const afterEnd = await learnerIn(t, { examTimes: 1, endTime, answersVisible: 'AFTER_END' });
    const a = await started(t, afterSubmit.uid, afterSubmit.account);
    const b = await started(t, afterEnd.uid, afterEnd.account);
    expectKeyHidden(await submit(a.id, afterSubmit.account), 'LAST_ATTEMPT');
    // The last attempt is not enough for AFTER_END: others may still be answering.
    expectKeyHidden(await submit(b.id, afterEnd.account), 'EXAM_END');
    t.clock.advance(hour);
    expectKeyShown(await result(a.id, afterSubmit.account));
    expectKeyShown(await result(b.id, afterEnd.account));
  });

  it('shows the key after each attempt when the school chose AFTER_EACH_ATTEMPT', async () => {
    const { uid, account, questionIds } = await learnerIn(t, { examTimes: 2, answersVisible: 'AFTER_EACH_ATTEMPT' });
    const first = await started(t, uid, account);
    await answerRight(first.id, account, questionIds);
    expectKeyShown(await submit(first.id, account, true));
    expectKeyShown(await result(first.id, account));
  });

  it('never shows the key of a NEVER exam, nor of unlimited attempts at an exam without an end', async () => {
    const endTime = new Date(t.clock.now().getTime() + hour);
    const never = await learnerIn(t, { examTimes: 1, endTime, answersVisible: 'NEVER' });
    const unlimited = await learnerIn(t, { examTimes: null, answersVisible: 'AFTER_SUBMIT' });
    const unlimitedEnding = await learnerIn(t, { examTimes: null, endTime, answersVisible: 'AFTER_SUBMIT' });
    const n = await started(t, never.uid, never.account);
    const u = await started(t, unlimited.uid, unlimited.account);
    const e = await started(t, unlimitedEnding.uid, unlimitedEnding.account);
    expectKeyHidden(await submit(n.id, never.account), 'NEVER');
    expectKeyHidden(await submit(u.id, unlimited.account), 'NEVER');
    expectKeyHidden(await submit(e.id, unlimitedEnding.account), 'EXAM_END');
    t.clock.advance(hour);
    expectKeyHidden(await result(n.id, never.account), 'NEVER');
    expectKeyShown(await result(e.id, unlimitedEnding.account));
  });

  it('shows homework its analysis once handed in (one attempt per learner), and once reviewed with the comment', async () => {
    const { paperId, questionIds } = await arrangeExam(t);
    const { lesson, homework, enrol } = await arrangeHomework(t, paperId);
    const account = await newAccount(t);
    await enrol(account.id);
    const attempt = attemptSchema.parse(
      (await get(t, examTakingPaths.homework(lesson.id, homework.id), account.cookie)).json(),
    );
    await answerRight(attempt.id, account, questionIds);
    expectKeyShown(await submit(attempt.id, account));
    expectKeyShown(await result(attempt.id, account));

    // The seed's reviewed homework of the demo learner.
    const s = await examScenarios(t.db);
    const learner = await login(t, demoAccounts.learner);
    const reviewed = attemptResultSchema.parse(
      (await result(s.homeworkSubmitted.attemptId, { cookie: learner })).json(),
    );
    expect(reviewed.analysisHiddenUntil).toBeNull();
    expect(reviewed.analysis!.some((q) => q.reviewComment !== null)).toBe(true);
  });
});

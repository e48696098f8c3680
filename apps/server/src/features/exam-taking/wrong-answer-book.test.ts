import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { apiPaths, backOfficePaths } from '@school/contract/paths';
import { examDetailSchema } from '@school/contract/exams';
import {
  practiceCheckResultSchema,
  practiceRoundSchema,
  wrongAnswerBookSchema,
  wrongAnswerPaths,
} from '@school/contract/wrong-answers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../testing/accounts.js';
import { newAccount } from '../../testing/accounts.js';
import { get, post } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { addReviewer, joinExam, learnerIn, started, type ExamPlan } from './exam-taking-testing.js';

/*
 * The wrong-answer book and practice rounds (decision record 022): what enters the book, what
 * takes a question out, when its key may be shown, that nobody reads another learner's book,
 * and that practising records nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Ids = Record<'SINGLE_SELECT' | 'MULTI_SELECT' | 'TRUE_OR_FALSE' | 'FILL_BLANK' | 'ASK_AND_ANSWER', number>;

/** One attempt: the single select wrong, the multiple select partly right, true/false right, the blanks left empty. */
async function takeWithMistakes(uid: string, account: TestAccount, ids: Ids, essay?: string) {
  const attempt = await started(t, uid, account);
  const saves = [
    { questionId: ids.SINGLE_SELECT, answer: { kind: 'CHOICE', keys: ['A'] }, seq: 1 },
    { questionId: ids.MULTI_SELECT, answer: { kind: 'CHOICE', keys: ['A'] }, seq: 1 },
    { questionId: ids.TRUE_OR_FALSE, answer: { kind: 'CHOICE', keys: ['true'] }, seq: 1 },
    { questionId: ids.FILL_BLANK, answer: { kind: 'BLANKS', texts: ['', ' '] }, seq: 1 },
    ...(essay === undefined
      ? []
      : [{ questionId: ids.ASK_AND_ANSWER, answer: { kind: 'TEXT', text: essay, images: [] }, seq: 1 }]),
  ];
  const saved = await post(t, examTakingPaths.attemptAnswers(attempt.id), account.cookie, { saves });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await post(t, examTakingPaths.attemptSubmit(attempt.id), account.cookie, {});
  expect(submitted.statusCode, submitted.body).toBe(200);
  return attempt.id;
}

async function book(account: { cookie: string }, query = '') {
  const res = await get(t, `${wrongAnswerPaths.book}${query}`, account.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, book: wrongAnswerBookSchema.parse(res.json()) };
}

function check(account: { cookie: string }, payload: object) {
  return post(t, wrongAnswerPaths.practiceCheck, account.cookie, payload);
}

async function learnerWithMistakes(plan: ExamPlan = {}) {
  const arranged = await learnerIn(t, { examTimes: 1, ...plan });
  const attemptId = await takeWithMistakes(arranged.uid, arranged.account, arranged.questionIds);
  return { ...arranged, attemptId };
}

describe('the wrong-answer book', () => {
  it('lists the wrong and the partly right answers of a graded attempt with the key, not the right or empty ones', async () => {
    const { uid, account, questionIds, attemptId } = await learnerWithMistakes();
    const { book: found } = await book(account);
    expect(found.exams).toEqual([{ uid, title: expect.any(String), count: 2, hiddenUntil: null }]);
    expect(found.total).toBe(2);
    const byType = new Map(found.items.map((item) => [item.type, item]));
    expect([...byType.keys()].sort()).toEqual(['MULTI_SELECT', 'SINGLE_SELECT']);
    expect(byType.get('SINGLE_SELECT')).toMatchObject({
      id: questionIds.SINGLE_SELECT,
      verdict: 'WRONG',
      given: { kind: 'CHOICE', keys: ['A'] },
      rightAnswer: { kind: 'CHOICE', keys: ['B'] },
      explanation: 'Because 1.',
      earned: 0,
      score: 2,
      exam: { uid },
      attemptId,
    });
    expect(byType.get('MULTI_SELECT')).toMatchObject({ verdict: 'PARTIAL', earned: 2, score: 4 });
  });

  it('holds back the mistakes of an exam whose key is hidden, and says until when', async () => {
    const left = await learnerWithMistakes({ examTimes: 2 });
    const hidden = await book(left.account);
    expect(hidden.book).toMatchObject({
      items: [],
      total: 0,
      exams: [{ uid: left.uid, count: 2, hiddenUntil: 'LAST_ATTEMPT' }],
    });
    expect(hidden.body).not.toMatch(/rightAnswer|Because|"keys"/);
    const round = practiceRoundSchema.parse((await get(t, wrongAnswerPaths.practice, left.account.cookie)).json());
    expect(round.questions).toEqual([]);
    const refused = await check(left.account, {
      questionId: left.questionIds.SINGLE_SELECT,
      answer: { kind: 'CHOICE', keys: ['A'] },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'questionNotFound' });
    expect(refused.body).not.toContain('Because');

    const never = await learnerWithMistakes({ answersVisible: 'NEVER' });
    expect((await book(never.account)).book.exams).toMatchObject([{ uid: never.uid, hiddenUntil: 'NEVER' }]);
  });

  it('leaves out an attempt waiting for review, and lists the essay once a reviewer gave part of its points', async () => {
    const arranged = await learnerIn(t, { examTimes: 1 });
    const teacher = await newAccount(t);
    await addReviewer(t, arranged.exam, teacher.id);
    const attemptId = await takeWithMistakes(arranged.uid, arranged.account, arranged.questionIds, 'Keep copies.');
    expect((await book(arranged.account)).book).toMatchObject({ exams: [], items: [] });
    const review = await post(t, backOfficePaths.attemptReview(attemptId), teacher.cookie, {
      scores: [{ questionId: arranged.questionIds.ASK_AND_ANSWER, score: 3, comment: 'Say where.' }],
    });
    expect(review.statusCode, review.body).toBe(200);
    const { book: found } = await book(arranged.account);
    expect(found.items.find((item) => item.type === 'ASK_AND_ANSWER')).toMatchObject({
      verdict: 'PARTIAL',
      earned: 3,
      reviewComment: 'Say where.',
      rightAnswer: { kind: 'REFERENCE', text: 'Explain caching.' },
    });
  });

  it('takes a question out once a later graded attempt answers it right; a question left empty later stays', async () => {
    const { uid, account, questionIds } = await learnerWithMistakes({
      examTimes: 2,
      answersVisible: 'AFTER_EACH_ATTEMPT',
    });
    expect((await book(account)).book.total).toBe(2);
    const second = await started(t, uid, account);
    await post(t, examTakingPaths.attemptAnswers(second.id), account.cookie, {
      saves: [{ questionId: questionIds.SINGLE_SELECT, answer: { kind: 'CHOICE', keys: ['B'] }, seq: 1 }],
    });
    await post(t, examTakingPaths.attemptSubmit(second.id), account.cookie, {});
    const { book: after } = await book(account);
    expect(after.items.map((item) => item.type)).toEqual(['MULTI_SELECT']);
    expect(after.exams).toMatchObject([{ uid, count: 1 }]);
  });

  it('filters by exam and pages, newest mistakes first', async () => {
    const first = await learnerWithMistakes();
    const other = await learnerIn(t, { examTimes: 1 });
    await joinExam(t, other.exam, first.account.id);
    t.clock.advance(60_000);
    await takeWithMistakes(other.uid, first.account, other.questionIds);
    const all = await book(first.account, '?pageSize=3');
    expect(all.book.exams.map((e) => e.uid)).toEqual([other.uid, first.uid]);
    expect(all.book).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(all.book.items.slice(0, 2).every((item) => item.exam.uid === other.uid)).toBe(true);
    expect((await book(first.account, '?pageSize=3&page=2')).book.items).toHaveLength(1);
    const one = await book(first.account, `?exam=${first.uid}`);
    expect(one.book.items.map((item) => item.exam.uid)).toEqual([first.uid, first.uid]);
    expect((await book(first.account, '?exam=no-such-exam')).book.items).toEqual([]);
  });

  it("never shows one learner another's mistakes, nor checks another's question", async () => {
    const owner = await learnerWithMistakes();
    const stranger = await newAccount(t);
    expect((await book(stranger)).book).toMatchObject({ exams: [], items: [], total: 0 });
    expect((await book(stranger, `?exam=${owner.uid}`)).book.items).toEqual([]);
    const refused = await check(stranger, {
      questionId: owner.questionIds.SINGLE_SELECT,
      answer: { kind: 'CHOICE', keys: ['A'] },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Because');
    // Even a member of the same exam who answered it right.
    await joinExam(t, owner.exam, stranger.id);
    expect(
      (await check(stranger, { questionId: owner.questionIds.SINGLE_SELECT, answer: { kind: 'CHOICE', keys: ['B'] } }))
        .statusCode,
    ).toBe(404);
  });

  it('asks to sign in', async () => {
    expect((await get(t, wrongAnswerPaths.book)).statusCode).toBe(401);
    expect((await get(t, wrongAnswerPaths.practice)).statusCode).toBe(401);
    expect(
      (
        await post(t, wrongAnswerPaths.practiceCheck, undefined, {
          questionId: 1,
          answer: { kind: 'CHOICE', keys: [] },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('a practice round', () => {
  it('asks the book questions without their key, checks each answer on the server and records nothing', async () => {
    const { uid, account, questionIds } = await learnerWithMistakes();
    const res = await get(t, `${wrongAnswerPaths.practice}?exam=${uid}`, account.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/rightAnswer|explanation|Because|verdict/);
    const round = practiceRoundSchema.parse(res.json());
    expect(round.questions.map((q) => q.id).sort()).toEqual(
      [questionIds.SINGLE_SELECT, questionIds.MULTI_SELECT].sort(),
    );
    expect(round.questions.map((q) => q.number)).toEqual([1, 2]);

    const wrong = await check(account, {
      questionId: questionIds.SINGLE_SELECT,
      answer: { kind: 'CHOICE', keys: ['C'] },
    });
    expect(practiceCheckResultSchema.parse(wrong.json())).toMatchObject({
      verdict: 'WRONG',
      earned: 0,
      score: 2,
      rightAnswer: { kind: 'CHOICE', keys: ['B'] },
      explanation: 'Because 1.',
    });
    const right = await check(account, {
      questionId: questionIds.MULTI_SELECT,
      answer: { kind: 'CHOICE', keys: ['C', 'A'] },
    });
    expect(right.json()).toMatchObject({ verdict: 'RIGHT', earned: 4 });

    // Nothing recorded: the book, the attempts and the exam's standing are as they were.
    expect((await book(account)).book.total).toBe(2);
    const detail = examDetailSchema.parse((await get(t, apiPaths.exam(uid), account.cookie)).json());
    expect(detail.membership).toMatchObject({ attemptsUsed: 1, bestScore: 4 });
    expect(detail.membership!.attempts).toHaveLength(1);
  });

  it('refuses an answer that does not fit the question, naming the field', async () => {
    const { account, questionIds } = await learnerWithMistakes();
    const res = await check(account, {
      questionId: questionIds.SINGLE_SELECT,
      answer: { kind: 'CHOICE', keys: ['A', 'B'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'answer' });
    const blanks = await check(account, {
      questionId: questionIds.SINGLE_SELECT,
      answer: { kind: 'BLANKS', texts: ['B'] },
    });
    expect(blanks.statusCode).toBe(400);
  });
});

describe('the attempt history of an exam', () => {
  it("lists the caller's submitted attempts newest first, with score, pass, time taken and how it ended", async () => {
    const { uid, account, questionIds } = await learnerIn(t, { examTimes: 3, passScore: 2 });
    const first = await takeWithMistakes(uid, account, questionIds);
    const second = await started(t, uid, account);
    t.clock.advance(90_000);
    await post(t, examTakingPaths.attemptSubmit(second.id), account.cookie, { giveUp: true });
    // An open attempt is not history.
    await started(t, uid, account);
    const detail = examDetailSchema.parse((await get(t, apiPaths.exam(uid), account.cookie)).json());
    expect(detail.membership!.attempts).toEqual([
      {
        id: second.id,
        status: 'COMPLETED',
        submittedAt: expect.any(String),
        score: 0,
        passed: false,
        usedSeconds: 90,
        submittedBy: 'GIVE_UP',
      },
      expect.objectContaining({ id: first, score: 4, passed: true, submittedBy: 'LEARNER' }),
    ]);
    expect(detail.membership!.latestAttempt).toMatchObject({ id: second.id });

    // Another learner of the exam sees only their own (none).
    const other = await newAccount(t);
    const theirs = examDetailSchema.parse((await get(t, apiPaths.exam(uid), other.cookie)).json());
    expect(theirs.membership).toBeNull();
  });

  it('marks an attempt waiting for review as reviewing, with no score and no pass yet', async () => {
    const { uid, account, questionIds } = await learnerIn(t, { examTimes: 2 });
    await takeWithMistakes(uid, account, questionIds, 'An essay.');
    const detail = examDetailSchema.parse((await get(t, apiPaths.exam(uid), account.cookie)).json());
    expect(detail.membership!.attempts).toMatchObject([{ status: 'PENDING_REVIEW', score: null, passed: null }]);
  });
});

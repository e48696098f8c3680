import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { attemptResultSchema, attemptSchema, type GivenAnswer } from '@school/contract/exam-taking';
import { uploadResultSchema } from '@school/contract/uploads';
import { apiPaths, backOfficePaths } from '@school/contract/paths';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptAnswers, attempts, examMembers } from '../../db/schema.js';
import { runJobOnce } from '../../lib/background-jobs.js';
import { newAccount, type TestAccount } from '../../testing/accounts.js';
import { get, hour, post, secondSite } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  addReviewer,
  arrangeExam,
  arrangeHomework,
  joinExam,
  learnerIn,
  started,
  totalPoints,
  type ExamPlan,
} from './exam-taking-testing.js';
import { examSubmitJob } from './exam-taking.service.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  // Uploaded answer images land here, and go with it.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'school-exam-taking-test-'));
  t = await createTestApp({ dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const minute = 60_000;

function start(uid: string, account?: { cookie: string }) {
  return post(t, examTakingPaths.examAttempts(uid), account?.cookie);
}

function save(attemptId: number, account: { cookie: string }, saves: object[]) {
  return post(t, examTakingPaths.attemptAnswers(attemptId), account.cookie, { saves });
}

const choice = (...keys: string[]): GivenAnswer => ({ kind: 'CHOICE', keys });

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a PNG as the player does (POST /api/files), or as an avatar; answers its URL. */
async function uploadPng(account: { cookie: string }, url: string = apiPaths.files) {
  const boundary = `----exam-test-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sketch.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: account.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return uploadResultSchema.parse(res.json()).url;
}

async function storedAnswers(attemptId: number) {
  return t.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId));
}

describe('POST /api/exams/{uid}/attempts', () => {
  it('starts an attempt with the questions and no right answers, and a deadline from the server clock', async () => {
    const { uid, account, questionIds } = await learnerIn(t, { duration: 30 });
    const res = await start(uid, account);
    expect(res.statusCode, res.body).toBe(201);
    const attempt = attemptSchema.parse(res.json());
    expect(attempt).toMatchObject({
      status: 'NOT_SUBMITTED',
      startedAt: t.clock.now().toISOString(),
      deadline: new Date(t.clock.now().getTime() + 30 * minute).toISOString(),
      totalScore: totalPoints,
      answers: [],
    });
    expect(attempt.questions.map((q) => [q.type, q.number])).toEqual([
      ['SINGLE_SELECT', 1],
      ['MULTI_SELECT', 2],
      ['TRUE_OR_FALSE', 3],
      ['FILL_BLANK', 4],
      ['ASK_AND_ANSWER', 5],
    ]);
    expect(attempt.questions.find((q) => q.id === questionIds.FILL_BLANK)!.blankCount).toBe(2);
    // Nothing of the right answers or explanations leaves the server before submission.
    expect(res.body).not.toMatch(/"answer"\s*:\s*\{|accepted|Because|REFERENCE|keys/);
  });

  it('refuses with the catalogue code for each reason', async () => {
    const now = t.clock.now().getTime();
    const cases: Array<[ExamPlan, string, number]> = [
      [{ startTime: new Date(now + hour) }, 'examNotStarted', 403],
      [{ startTime: new Date(now - 2 * hour), endTime: new Date(now - hour) }, 'examHasEnded', 403],
      [{ closedExam: true, lateLimit: 10, startTime: new Date(now - 11 * minute) }, 'examExpired', 403],
      [{ noPaper: true }, 'testpaperNotFound', 404],
    ];
    for (const [plan, code, status] of cases) {
      const { uid, account } = await learnerIn(t, plan);
      const res = await start(uid, account);
      expect([res.statusCode, res.json().code], code).toEqual([status, code]);
    }
    const draft = await learnerIn(t, { status: 'DRAFT' });
    expect((await start(draft.uid, draft.account)).json().code).toBe('examNotPublished');
    const stranger = await newAccount(t);
    const open = await arrangeExam(t);
    expect((await start(open.uid, stranger)).json().code).toBe('notExamMember');
    expect((await start(open.uid)).statusCode).toBe(401);
    const otherSchool = await arrangeExam(t, { tenant: 'second' });
    expect((await start(otherSchool.uid, stranger)).json().code).toBe('examNotFound');
  });

  it('keeps one attempt open at a time and stops when the attempts are used', async () => {
    const { uid, account } = await learnerIn(t, { examTimes: 1 });
    const [a, b] = await Promise.all([start(uid, account), start(uid, account)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('examAnswerNotSubmitExisted');
    const open = attemptSchema.parse((await get(t, examTakingPaths.examCurrentAttempt(uid), account.cookie)).json());
    expect((await post(t, examTakingPaths.attemptSubmit(open.id), account.cookie, {})).statusCode).toBe(200);
    const again = await start(uid, account);
    expect([again.statusCode, again.json().code]).toEqual([409, 'examAnsweringRepeatOver']);
    expect((await get(t, examTakingPaths.examCurrentAttempt(uid), account.cookie)).json().code).toBe(
      'examAnswerNotFound',
    );
  });

  it('asks for the course progress an exam requires first', async () => {
    const course = await t.db.query.courses.findFirst();
    const { uid, account } = await learnerIn(t, { requiredCourseId: course!.id, requiredProgress: 50 });
    expect((await start(uid, account)).json().code).toBe('progressNotAchieve');
  });
});

describe('POST /api/attempts/{id}/answers', () => {
  it('keeps the newest save of each question by sequence, whatever order the saves arrive in', async () => {
    const { uid, account, questionIds } = await learnerIn(t);
    const attempt = await started(t, uid, account);
    const single = questionIds.SINGLE_SELECT;
    const first = await save(attempt.id, account, [{ questionId: single, answer: choice('A'), seq: 2 }]);
    expect(first.json()).toEqual({ saved: [{ questionId: single, seq: 2 }] });
    // An older save arriving late, and the same save again: nothing changes.
    expect((await save(attempt.id, account, [{ questionId: single, answer: choice('C'), seq: 1 }])).json()).toEqual({
      saved: [{ questionId: single, seq: 2 }],
    });
    await save(attempt.id, account, [{ questionId: single, answer: choice('A'), seq: 2 }]);
    expect((await storedAnswers(attempt.id))[0]).toMatchObject({ answer: choice('A'), seq: 2 });

    // Many saves at once from a replayed journal and a live screen: the highest seq wins.
    await Promise.all(
      [5, 3, 9, 4, 7].map((seq) =>
        save(attempt.id, account, [{ questionId: single, answer: choice(seq === 9 ? 'B' : 'D'), seq }]),
      ),
    );
    expect((await storedAnswers(attempt.id))[0]).toMatchObject({ answer: choice('B'), seq: 9 });
    const reloaded = attemptSchema.parse((await get(t, examTakingPaths.attempt(attempt.id), account.cookie)).json());
    expect(reloaded.answers).toEqual([{ questionId: single, answer: choice('B'), seq: 9, flagged: false }]);
  });

  it('refuses an answer that does not fit its question, naming the field', async () => {
    const { uid, account, questionIds } = await learnerIn(t);
    const attempt = await started(t, uid, account);
    const other = await arrangeExam(t);
    const bad: Array<[object, string]> = [
      [{ questionId: questionIds.SINGLE_SELECT, answer: choice('E'), seq: 1 }, 'saves.0.answer'],
      [{ questionId: questionIds.SINGLE_SELECT, answer: choice('A', 'B'), seq: 1 }, 'saves.0.answer'],
      [{ questionId: questionIds.MULTI_SELECT, answer: choice('A', 'A'), seq: 1 }, 'saves.0.answer'],
      [
        { questionId: questionIds.FILL_BLANK, answer: { kind: 'BLANKS', texts: ['1', '2', '3'] }, seq: 1 },
        'saves.0.answer',
      ],
      [{ questionId: questionIds.FILL_BLANK, answer: choice('A'), seq: 1 }, 'saves.0.answer'],
      [
        {
          questionId: questionIds.ASK_AND_ANSWER,
          answer: { kind: 'TEXT', text: 'x', images: ['https://evil.example/x.png'] },
          seq: 1,
        },
        'saves.0.answer.images.0',
      ],
      [{ questionId: other.questionIds.SINGLE_SELECT, answer: choice('A'), seq: 1 }, 'saves.0.questionId'],
    ];
    for (const [entry, field] of bad) {
      const res = await save(attempt.id, account, [entry]);
      expect([res.statusCode, res.json().code, res.json().field], JSON.stringify(entry)).toEqual([
        400,
        'validationFailed',
        field,
      ]);
    }
    const tooMany = await save(
      attempt.id,
      account,
      Array.from({ length: 101 }, (_, i) => ({ questionId: questionIds.SINGLE_SELECT, answer: choice('A'), seq: i })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(await storedAnswers(attempt.id)).toEqual([]);
  });

  it('takes in a written answer only images the learner uploaded, by the exact URL the upload answered', async () => {
    const { uid, account, questionIds } = await learnerIn(t);
    const attempt = await started(t, uid, account);
    const other = await newAccount(t);
    const own = await uploadPng(account);
    const theirs = await uploadPng(other);
    const avatar = await uploadPng(account, '/api/users/avatar');
    const name = own.slice('/api/files/'.length);
    const essay = (images: string[], seq: number) => [
      { questionId: questionIds.ASK_AND_ANSWER, answer: { kind: 'TEXT', text: 'See the sketch.', images }, seq },
    ];
    const bad: Array<[string, string]> = [
      ['`..` out of the files path', '/api/files/../users/sms/code?phone=13800138000'],
      ['`..` percent-encoded', `/api/files/%2e%2e/users/me`],
      ['`..` after a real name', `${own}/../../users/me`],
      ['a query string', `${own}?download=1`],
      ['a fragment', `${own}#x`],
      ['a name in capitals', `/api/files/${name.toUpperCase()}`],
      ['another learner’s file', theirs],
      ['a name no upload has', `/api/files/${randomBytes(16).toString('hex')}.png`],
      ['the learner’s avatar, not an answer upload', avatar],
      ['a host in front', `http://localhost:8080${own}`],
    ];
    for (const [what, url] of bad) {
      // The refused image second, after a good one: the field names it.
      const res = await save(attempt.id, account, essay([own, url], 1));
      expect([res.statusCode, res.json().code, res.json().field], what).toEqual([
        400,
        'validationFailed',
        'saves.0.answer.images.1',
      ]);
    }
    expect(await storedAnswers(attempt.id)).toEqual([]);

    const good = await save(attempt.id, account, essay([own], 2));
    expect(good.statusCode, good.body).toBe(200);
    expect((await storedAnswers(attempt.id))[0]!.answer).toEqual({
      kind: 'TEXT',
      text: 'See the sketch.',
      images: [own],
    });
    // Another learner may not put the learner's image in their own answer either.
    const copycat = await learnerIn(t);
    const theirAttempt = await started(t, copycat.uid, copycat.account);
    const stolen = await post(t, examTakingPaths.attemptAnswers(theirAttempt.id), copycat.account.cookie, {
      saves: [
        { questionId: copycat.questionIds.ASK_AND_ANSWER, answer: { kind: 'TEXT', text: '', images: [own] }, seq: 1 },
      ],
    });
    expect([stolen.statusCode, stolen.json().field]).toEqual([400, 'saves.0.answer.images.0']);
  });

  it('is refused after the deadline and its grace, and for a submitted attempt; another learner sees nothing', async () => {
    const { uid, account, questionIds } = await learnerIn(t, { duration: 10 });
    const attempt = await started(t, uid, account);
    const entry = (seq: number) => [{ questionId: questionIds.SINGLE_SELECT, answer: choice('B'), seq }];
    // Inside the grace after the deadline: a save made in time still lands.
    t.clock.advance(10 * minute + 20_000);
    expect((await save(attempt.id, account, entry(1))).statusCode).toBe(200);
    t.clock.advance(20_000);
    const late = await save(attempt.id, account, entry(2));
    expect([late.statusCode, late.json().code]).toEqual([403, 'examHasEnded']);

    const stranger = await newAccount(t);
    expect((await get(t, examTakingPaths.attempt(attempt.id), stranger.cookie)).json().code).toBe('examAnswerNotFound');
    expect((await save(attempt.id, stranger, entry(3))).json().code).toBe('examAnswerNotFound');
    const elsewhere = await t.app.inject({
      url: examTakingPaths.attempt(attempt.id),
      headers: { ...secondSite, cookie: account.cookie },
    });
    expect(elsewhere.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('POST /api/attempts/{id}/answers, the limit', () => {
  it('takes 120 saves a minute per attempt: a burst past it is 429 with Retry-After, other attempts and a normal pace are not, and the next minute saves again', async () => {
    const { uid, account, questionIds, exam } = await learnerIn(t);
    const attempt = await started(t, uid, account);
    const single = (seq: number, key = 'A') => [{ questionId: questionIds.SINGLE_SELECT, answer: choice(key), seq }];

    // 150 saves at once (a script: 600 in 1.3 s were all taken): exactly 120 get in.
    const burst = await Promise.all(Array.from({ length: 150 }, (_, i) => save(attempt.id, account, single(i + 1))));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(120);
    const refused = burst.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(30);
    for (const res of refused) {
      expect([res.statusCode, res.json().code, res.headers['retry-after']]).toEqual([429, 'tooManyRequests', '60']);
    }
    // A refused save changes nothing.
    const before = (await storedAnswers(attempt.id))[0]!;
    const late = await save(attempt.id, account, single(1000, 'D'));
    expect(late.statusCode).toBe(429);
    expect((await storedAnswers(attempt.id))[0]).toEqual(before);

    // The same learner's attempt at another exam, and another learner, save as usual.
    const otherExam = await arrangeExam(t);
    await joinExam(t, otherExam.exam, account.id);
    const own = await started(t, otherExam.uid, account);
    const ownSave = [{ questionId: otherExam.questionIds.SINGLE_SELECT, answer: choice('B'), seq: 1 }];
    expect((await save(own.id, account, ownSave)).statusCode).toBe(200);
    const classmate = await newAccount(t);
    await joinExam(t, exam, classmate.id);
    const theirs = await started(t, uid, classmate);
    expect((await save(theirs.id, classmate, single(1))).statusCode).toBe(200);

    // The window ends a minute after its first save: then the attempt saves again.
    t.clock.advance(59_000);
    const stillRefused = await save(attempt.id, account, single(1001, 'D'));
    expect([stillRefused.statusCode, stillRefused.headers['retry-after']]).toEqual([429, '1']);
    t.clock.advance(1_000);
    expect((await save(attempt.id, account, single(1002, 'D'))).statusCode).toBe(200);
    expect((await storedAnswers(attempt.id))[0]).toMatchObject({ answer: choice('D'), seq: 1002 });

    // A save a second for 70 s, twice the player's fastest pace (one every 2 s), is never refused.
    for (let i = 0; i < 70; i += 1) {
      t.clock.advance(1_000);
      const res = await save(theirs.id, classmate, single(i + 2));
      expect(res.statusCode, `save ${i}`).toBe(200);
    }
  });
});

async function answerAll(attemptId: number, account: TestAccount, ids: Record<string, number>, right: boolean) {
  await save(attemptId, account, [
    { questionId: ids.SINGLE_SELECT, answer: choice(right ? 'B' : 'A'), seq: 1 },
    { questionId: ids.MULTI_SELECT, answer: choice(right ? 'A' : 'B', 'C'), seq: 1 },
    { questionId: ids.TRUE_OR_FALSE, answer: choice('true'), seq: 1 },
    { questionId: ids.FILL_BLANK, answer: { kind: 'BLANKS', texts: [' ４０４ ', right ? '200' : '500'] }, seq: 1 },
    { questionId: ids.ASK_AND_ANSWER, answer: { kind: 'TEXT', text: 'Keep copies near.', images: [] }, seq: 1 },
  ]);
}

describe('POST /api/attempts/{id}/submit and GET …/result', () => {
  it('scores the objective answers on the server and waits for a reviewer for the rest', async () => {
    // The only attempt allowed: its result shows the analysis (exam-answer-key.test.ts has the rule).
    const { uid, account, questionIds, exam } = await learnerIn(t, { examTimes: 1 });
    const attempt = await started(t, uid, account);
    await answerAll(attempt.id, account, questionIds, true);
    t.clock.advance(5 * minute);
    const res = await post(t, examTakingPaths.attemptSubmit(attempt.id), account.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    const result = attemptResultSchema.parse(res.json());
    expect(result).toMatchObject({
      status: 'PENDING_REVIEW',
      score: null,
      totalScore: totalPoints,
      passed: null,
      usedSeconds: 300,
      submittedBy: 'LEARNER',
      correctPercent: 80,
    });
    expect(result.report.find((r) => r.type === 'FILL_BLANK')).toMatchObject({ right: 1, score: 4 });
    expect(result.analysis!.find((q) => q.type === 'SINGLE_SELECT')).toMatchObject({
      verdict: 'RIGHT',
      rightAnswer: { kind: 'CHOICE', keys: ['B'] },
      explanation: 'Because 1.',
    });
    // Counted once, and a second submit (a retry) answers the same result.
    const again = await post(t, examTakingPaths.attemptSubmit(attempt.id), account.cookie, {});
    expect(attemptResultSchema.parse(again.json())).toEqual(result);
    const [member] = await t.db
      .select()
      .from(examMembers)
      .where(and(eq(examMembers.examId, exam.id), eq(examMembers.userId, account.id)));
    expect(member!.attemptsUsed).toBe(1);
    // A submitted attempt never changes.
    const after = await save(attempt.id, account, [
      { questionId: questionIds.SINGLE_SELECT, answer: choice('A'), seq: 5 },
    ]);
    expect(after.json().code).toBe('examHasEnded');

    // The reviewer scores the open answer: the attempt is complete with its final score.
    const teacherAccount = await newAccount(t);
    await addReviewer(t, exam, teacherAccount.id);
    const review = (cookie: string, score: number) =>
      post(t, backOfficePaths.attemptReview(attempt.id), cookie, {
        scores: [{ questionId: questionIds.ASK_AND_ANSWER, score, comment: 'Good' }],
      });
    expect((await review(account.cookie, 8)).json().code).toBe('noPermission');
    // A question the attempt does not ask, an attempt that does not exist.
    const stray = await post(t, backOfficePaths.attemptReview(attempt.id), teacherAccount.cookie, {
      scores: [{ questionId: 2_000_000_000, score: 1 }],
    });
    expect([stray.statusCode, stray.json()]).toEqual([
      404,
      expect.objectContaining({ code: 'questionNotFound', field: 'scores.0.questionId' }),
    ]);
    const missing = await post(t, backOfficePaths.attemptReview(2_000_000_000), teacherAccount.cookie, {
      scores: [{ questionId: questionIds.ASK_AND_ANSWER, score: 1 }],
    });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'testpaperAnswerNotFound']);
    expect((await review(teacherAccount.cookie, 9)).json()).toMatchObject({
      code: 'validationFailed',
      field: 'scores.0.score',
    });
    expect((await review(teacherAccount.cookie, 6)).json()).toMatchObject({ status: 'COMPLETED', score: 18 });
    const final = attemptResultSchema.parse(
      (await get(t, examTakingPaths.attemptResult(attempt.id), account.cookie)).json(),
    );
    expect(final).toMatchObject({ status: 'COMPLETED', score: 18, passed: true });
    expect(final.analysis!.find((q) => q.type === 'ASK_AND_ANSWER')).toMatchObject({
      verdict: 'PARTIAL',
      earned: 6,
      score: 8,
      reviewComment: 'Good',
    });
    expect((await review(teacherAccount.cookie, 7)).json().code).toBe('conflict');
  });

  it('gives up an attempt as it stands, and hides the analysis when the exam says so', async () => {
    const { uid, account, questionIds } = await learnerIn(t, { answersVisible: 'NEVER' });
    const attempt = await started(t, uid, account);
    await save(attempt.id, account, [{ questionId: questionIds.SINGLE_SELECT, answer: choice('B'), seq: 1 }]);
    const result = attemptResultSchema.parse(
      (await post(t, examTakingPaths.attemptSubmit(attempt.id), account.cookie, { giveUp: true })).json(),
    );
    expect(result).toMatchObject({
      submittedBy: 'GIVE_UP',
      status: 'COMPLETED',
      score: 2,
      passed: false,
      analysis: null,
      analysisHiddenUntil: 'NEVER',
    });
    expect(JSON.stringify(result)).not.toMatch(/Because|"keys":\["B"\]/);
  });

  it('has the server submit an attempt whose time ran out, with the answers saved in time', async () => {
    const { uid, account, questionIds } = await learnerIn(t, { duration: 20 });
    const attempt = await started(t, uid, account);
    await answerAll(attempt.id, account, questionIds, false);
    t.clock.advance(20 * minute);
    const statusOf = async () =>
      (await t.db.select({ status: attempts.status }).from(attempts).where(eq(attempts.id, attempt.id)))[0]!.status;
    // Not yet: the grace is still running.
    await runJobOnce(t.db, examSubmitJob(t.clock));
    expect(await statusOf()).toBe('NOT_SUBMITTED');
    t.clock.advance(31_000);
    expect((await runJobOnce(t.db, examSubmitJob(t.clock)))!.submitted).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(row).toMatchObject({ status: 'PENDING_REVIEW', submittedBy: 'TIME_UP', objectiveScore: 4 });
    expect(row!.submittedAt!.toISOString()).toBe(attempt.deadline);
    // The learner comes back: the result is there, nothing more can be saved.
    const result = attemptResultSchema.parse(
      (await get(t, examTakingPaths.attemptResult(attempt.id), account.cookie)).json(),
    );
    expect(result.submittedBy).toBe('TIME_UP');
  });
});

describe('GET /api/lessons/{lessonId}/homework/{id}', () => {
  it('makes the attempt on first open, keeps it, and takes it once', async () => {
    const { paperId, questionIds } = await arrangeExam(t);
    const { lesson, homework, enrol } = await arrangeHomework(t, paperId);
    const account = await newAccount(t);
    const url = examTakingPaths.homework(lesson.id, homework.id);
    expect((await get(t, url, account.cookie)).json().code).toBe('notCourseMember');
    await enrol(account.id);

    const first = attemptSchema.parse((await get(t, url, account.cookie)).json());
    expect(first).toMatchObject({
      homework: { id: homework.id, lessonId: lesson.id, title: 'Homework' },
      deadline: null,
      exam: null,
    });
    const [again, concurrent] = await Promise.all([get(t, url, account.cookie), get(t, url, account.cookie)]);
    expect([again.json().id, concurrent.json().id]).toEqual([first.id, first.id]);

    await save(first.id, account, [{ questionId: questionIds.SINGLE_SELECT, answer: choice('B'), seq: 1 }]);
    // Nothing handed in yet: no result.
    const early = await get(t, examTakingPaths.attemptResult(first.id), account.cookie);
    expect([early.statusCode, early.json().code]).toEqual([404, 'homeworkAnswerNotFound']);
    const result = attemptResultSchema.parse(
      (await post(t, examTakingPaths.attemptSubmit(first.id), account.cookie, {})).json(),
    );
    expect(result).toMatchObject({ passScore: null, passed: null });
    // Read-only from now on, and still the same attempt when opened again.
    expect(
      (await save(first.id, account, [{ questionId: questionIds.SINGLE_SELECT, answer: choice('A'), seq: 2 }])).json()
        .code,
    ).toBe('examHasEnded');
    // Only the single select was answered: nothing waits for a reviewer.
    expect(attemptSchema.parse((await get(t, url, account.cookie)).json())).toMatchObject({
      id: first.id,
      status: 'COMPLETED',
    });
    expect((await get(t, examTakingPaths.homework(lesson.id, 2_000_000_000), account.cookie)).json().code).toBe(
      'notFound',
    );
  });
});

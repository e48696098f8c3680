import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { attemptResultSchema, attemptSchema } from '@school/contract/exam-taking';
import { lessonDetailSchema } from '@school/contract/lessons';
import { apiPaths, backOfficePaths } from '@school/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { examScenarios, type ExamScenarios } from '../../testing/exam-scenarios.js';
import { get, login, post } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/*
 * The demo school's exams as the seed left them, through the exam-taking API: each state the
 * exam detail shows is one the server enforces.
 */

let t: TestApp;
let s: ExamScenarios;
let learner: string;
beforeAll(async () => {
  t = await createTestApp();
  s = await examScenarios(t.db);
  // The seed's times count from the hour it ran; the test database may be an older copy.
  t.clock.advance(s.demoMadeAt.getTime() + 10 * 60_000 - t.clock.now().getTime());
  learner = await login(t, demoAccounts.learner);
});
afterAll(async () => {
  await t.close();
});

describe("the demo learner's exams", () => {
  it('refuses the exams that cannot be taken now, each with its reason', async () => {
    const cases: Array<[string, string]> = [
      [s.notStarted.uid, 'examNotStarted'],
      [s.late.uid, 'examExpired'],
      [s.attemptsUsedUp.uid, 'examAnsweringRepeatOver'],
      [s.progressRequired.uid, 'progressNotAchieve'],
    ];
    for (const [uid, code] of cases) {
      expect((await post(t, examTakingPaths.examAttempts(uid), learner)).json().code, uid).toBe(code);
    }
  });

  it('tells the course to study first on the gated exam’s lesson, with the learner’s progress short of it', async () => {
    const res = await get(t, apiPaths.lesson(s.progressRequired.lessonId), learner);
    expect(res.statusCode, res.body).toBe(200);
    const requirement = lessonDetailSchema.parse(res.json()).content;
    expect(requirement).toMatchObject({
      kind: 'EXAM',
      exam: {
        uid: s.progressRequired.uid,
        requirement: { course: { uid: s.progressRequired.courseUid }, progress: s.progressRequired.requiredProgress },
      },
    });
    const own = requirement?.kind === 'EXAM' ? requirement.exam!.requirement!.yourProgress : null;
    expect(own).toBeLessThan(s.progressRequired.requiredProgress);
  });

  it('starts the open timed exam with every quiz type and a 30-minute deadline', async () => {
    const res = await post(t, examTakingPaths.examAttempts(s.openTimed.uid), learner);
    expect(res.statusCode, res.body).toBe(201);
    const attempt = attemptSchema.parse(res.json());
    expect(new Set(attempt.questions.map((q) => q.type)).size).toBe(5);
    expect(Date.parse(attempt.deadline!) - Date.parse(attempt.startedAt)).toBe(30 * 60_000);
  });

  it('shows the scored attempt with its reviewed essay, and lets the teacher review the waiting one', async () => {
    const scored = attemptResultSchema.parse(
      (await get(t, examTakingPaths.attemptResult(s.scored.attemptId), learner)).json(),
    );
    expect(scored).toMatchObject({ status: 'COMPLETED', passed: true });
    expect(scored.analysis!.some((q) => q.reviewComment !== null)).toBe(true);

    const waiting = attemptResultSchema.parse(
      (await get(t, examTakingPaths.attemptResult(s.reviewing.attemptId), learner)).json(),
    );
    expect(waiting).toMatchObject({ status: 'PENDING_REVIEW', score: null });
    const teacher = await login(t, s.teacher);
    const review = await post(t, backOfficePaths.attemptReview(s.reviewing.attemptId), teacher, {
      scores: [{ questionId: s.reviewing.askQuestionId, score: 1, comment: 'Close' }],
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json()).toMatchObject({ status: 'COMPLETED' });
  });
});

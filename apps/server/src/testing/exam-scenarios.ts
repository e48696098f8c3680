import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  attemptAnswers,
  attempts,
  courses,
  exams,
  homeworks,
  lessons,
  teachers,
  tenants,
  users,
} from '../db/schema.js';
import { demoAccounts } from '../demo-data/demo-accounts.js';
import { demoExamScenarios, lateExamStart } from '../demo-data/demo-exam-scenarios.js';

/*
 * The demo school's exam scenarios (demo-data/demo-exam-scenarios.ts, top comment) as database
 * ids, so API tests never hard-code an id: `const x = await examScenarios(t.db)`, then e.g.
 * `x.reviewing.attemptId`. Browser tests reach the same scenarios through `demoExamScenarios`
 * (exam uids, course uid and lesson number).
 *
 * The demo's times are offsets from the hour its demo data was made in (`demoMadeAt`). A test
 * database may be a copy made hours earlier the same day, so a test that depends on "late" (the
 * SQL exam ends 2 hours after that hour) first moves its clock there: `t.clock.advance(
 * x.demoMadeAt.getTime() + 10 * 60_000 - t.clock.now().getTime())`.
 */

export interface ScenarioExam {
  uid: string;
  examId: number;
}

export interface ScenarioLessonRef {
  courseUid: string;
  courseId: number;
  lessonId: number;
}

export interface ExamScenarios {
  tenantId: number;
  learnerId: number;
  /** The hour the demo data was made in: the exams' times are offsets from it. */
  demoMadeAt: Date;
  /** The reviewing teacher and their login account (`demoAccounts.teacher`). */
  teacher: { teacherId: number; userId: number; username: string; password: string };
  /** A member; starts in 2 days 3 hours. */
  notStarted: ScenarioExam;
  /** A member, open, 30 minutes per try, 2 tries, no attempt; all five quiz types in order. */
  openTimed: ScenarioExam;
  /** A member, open, 1 minute per try, unlimited tries, no attempt; shuffled. */
  timedDrill: ScenarioExam;
  /** A member of a closed exam past its late limit (ends 2 hours after `demoMadeAt`). */
  late: ScenarioExam;
  /** One COMPLETED, reviewed attempt of 2 allowed; answers shown after submitting. */
  scored: ScenarioExam & { attemptId: number };
  /**
   * The learner's PENDING_REVIEW attempt (all tries used), `askQuestionId` waiting for the
   * teacher; another learner's PENDING_REVIEW attempt on the same exam. Answers shown after it ends.
   */
  reviewing: ScenarioExam & {
    attemptId: number;
    askQuestionId: number;
    otherLearner: { userId: number; attemptId: number };
  };
  /** exam_times 1 and one COMPLETED attempt; answers never shown. */
  attemptsUsedUp: ScenarioExam & { attemptId: number };
  /** The EXAM lesson whose exam needs `requiredProgress` % of its course; the learner is below it. */
  progressRequired: ScenarioExam & ScenarioLessonRef & { requiredProgress: number };
  /** The free any-time quiz the other EXAM lessons open; the learner is not a member. */
  lessonQuiz: ScenarioExam;
  /** Homework on a lesson of a course the learner owns, not started. */
  homework: ScenarioLessonRef & { homeworkId: number };
  /** Homework the learner submitted (reviewed): read-only. */
  homeworkSubmitted: ScenarioLessonRef & { homeworkId: number; attemptId: number };
}

function one<T>(rows: T[], what: string): T {
  if (rows.length !== 1) throw new Error(`demo scenario: expected one ${what}, found ${rows.length}`);
  return rows[0]!;
}

export async function examScenarios(db: Db): Promise<ExamScenarios> {
  const s = demoExamScenarios;
  const tenantId = one(
    await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDefault, true)).orderBy(asc(tenants.id)),
    'demo school',
  ).id;
  const userId = async (username: string) =>
    one(
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.username, username))),
      `user ${username}`,
    ).id;
  const learnerId = await userId(demoAccounts.learner.username);
  const teacherUserId = await userId(demoAccounts.teacher.username);
  const teacherRow = one(
    await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, teacherUserId)),
    'teacher with the login account',
  );

  const examRows = await db
    .select({ id: exams.id, uid: exams.uid, startTime: exams.startTime })
    .from(exams)
    .where(eq(exams.tenantId, tenantId));
  const exam = (uid: string): ScenarioExam => {
    const row = examRows.find((r) => r.uid === uid);
    if (!row) throw new Error(`demo scenario: no exam ${uid}`);
    return { uid, examId: row.id };
  };
  const attemptsAt = (examId: number) =>
    db
      .select({ id: attempts.id, userId: attempts.userId })
      .from(attempts)
      .where(eq(attempts.examId, examId))
      .orderBy(asc(attempts.id));
  const learnersAttempt = async (examId: number, uid: string) =>
    one(
      (await attemptsAt(examId)).filter((a) => a.userId === learnerId),
      `attempt of the learner at ${uid}`,
    ).id;
  const scenarioExam = async (uid: string) => {
    const found = exam(uid);
    return { ...found, attemptId: await learnersAttempt(found.examId, uid) };
  };

  const lesson = async (courseUid: string, number: number): Promise<ScenarioLessonRef> => {
    const row = one(
      await db
        .select({ courseId: courses.id, lessonId: lessons.id })
        .from(lessons)
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .where(and(eq(courses.tenantId, tenantId), eq(courses.uid, courseUid), eq(lessons.seq, number))),
      `lesson ${number} of ${courseUid}`,
    );
    return { courseUid, ...row };
  };
  const homeworkOn = async (ref: ScenarioLessonRef) => ({
    ...ref,
    homeworkId: one(
      await db.select({ id: homeworks.id }).from(homeworks).where(eq(homeworks.lessonId, ref.lessonId)),
      `homework on lesson ${ref.lessonId}`,
    ).id,
  });

  const lateStart = examRows.find((r) => r.uid === s.late.examUid)?.startTime;
  if (!lateStart) throw new Error('demo scenario: the late exam has no start');

  const reviewing = await scenarioExam(s.reviewing.examUid);
  const waiting = one(
    await db
      .select({ questionId: attemptAnswers.questionId })
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, reviewing.attemptId), isNull(attemptAnswers.score))),
    'answer waiting for review',
  );
  const other = one(
    (await attemptsAt(reviewing.examId)).filter((a) => a.userId !== learnerId),
    'attempt of another learner',
  );
  const submittedHomework = await homeworkOn(await lesson(s.homeworkSubmitted.courseUid, s.homeworkSubmitted.lesson));

  return {
    tenantId,
    learnerId,
    demoMadeAt: new Date(lateStart.getTime() - lateExamStart),
    teacher: { teacherId: teacherRow.id, userId: teacherUserId, ...demoAccounts.teacher },
    notStarted: exam(s.notStarted.examUid),
    openTimed: exam(s.openTimed.examUid),
    timedDrill: exam(s.timedDrill.examUid),
    late: exam(s.late.examUid),
    scored: await scenarioExam(s.scored.examUid),
    reviewing: {
      ...reviewing,
      askQuestionId: waiting.questionId,
      otherLearner: { userId: other.userId, attemptId: other.id },
    },
    attemptsUsedUp: await scenarioExam(s.attemptsUsedUp.examUid),
    progressRequired: {
      ...exam(s.progressRequired.examUid),
      ...(await lesson(s.progressRequired.courseUid, s.progressRequired.lesson)),
      requiredProgress: s.progressRequired.requiredProgress,
    },
    lessonQuiz: exam(s.lessonQuiz.examUid),
    homework: await homeworkOn(await lesson(s.homework.courseUid, s.homework.lesson)),
    homeworkSubmitted: {
      ...submittedHomework,
      attemptId: one(
        await db
          .select({ id: attempts.id })
          .from(attempts)
          .where(and(eq(attempts.homeworkId, submittedHomework.homeworkId), eq(attempts.userId, learnerId))),
        'submitted homework attempt',
      ).id,
    },
  };
}

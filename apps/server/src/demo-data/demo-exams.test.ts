import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import {
  attemptAnswers,
  attempts,
  examMembers,
  exams,
  homeworks,
  paperQuestions,
  teachers,
  users,
} from '../db/schema.js';
import { importPack } from '../school-pack/import-pack.js';
import { formatProblem, readPack } from '../school-pack/read-pack.js';
import { createEmptyDatabase } from '../testing/test-app.js';
import { demoExamScenarios as s } from './demo-exam-scenarios.js';
import { demoExamOrder, makeDemoExamData } from './demo-exams.js';
import { day, demoSchool, hour, type DemoSchool } from './demo-school.js';

/*
 * The learner-side exam data of the demo school, made on the imported demo pack (its times left
 * where the pack has them: only what this module writes is placed around now).
 */

const demoPack = path.join(fileURLToPath(new URL('../../../../examples/', import.meta.url)), 'demo-school');
const minute = 60_000;
const usernames = [
  'learner',
  'newbie',
  'teacher',
  'operator',
  'amy_chen',
  'bob.li',
  'carol',
  'david_wu',
  'eva',
  'frank.zhou',
];

let database: (Database & { drop(): Promise<void> }) | undefined;
let school: DemoSchool;
const db = () => database!.db;

beforeAll(async () => {
  database = await createEmptyDatabase();
  const read = await readPack(demoPack);
  if (read.pack === null) throw new Error(read.problems.map(formatProblem).join('\n'));
  const { tenantId } = await importPack(db(), read.pack, { storage: null });
  await db()
    .insert(users)
    .values(usernames.map((username) => ({ tenantId, username, nickname: username })));
  school = await demoSchool(db(), tenantId, new Date());
  await db().transaction((tx) => makeDemoExamData(tx, school));
}, 120_000);
afterAll(async () => {
  await database?.drop();
});

const attemptsAt = (examUid: string, username: string) =>
  db()
    .select()
    .from(attempts)
    .where(and(eq(attempts.examId, school.examId(examUid)), eq(attempts.userId, school.user(username))))
    .orderBy(asc(attempts.id));

const answersOf = (attemptId: number) =>
  db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId)).orderBy(asc(attemptAnswers.seq));

/** The question ids of an exam's paper, in paper order. */
async function paperOfExam(examUid: string): Promise<number[]> {
  const [exam] = await db()
    .select({ paperId: exams.paperId })
    .from(exams)
    .where(eq(exams.id, school.examId(examUid)));
  const rows = await db()
    .select({ questionId: paperQuestions.questionId })
    .from(paperQuestions)
    .where(eq(paperQuestions.paperId, exam!.paperId!))
    .orderBy(asc(paperQuestions.seq));
  return rows.map((row) => row.questionId);
}

describe('the demo exam data', () => {
  it('links the teacher account to Zhang Wei', async () => {
    const linked = await db()
      .select({ id: teachers.id, uid: teachers.uid })
      .from(teachers)
      .where(eq(teachers.userId, school.user('teacher')));
    expect(linked).toEqual([{ id: school.teacherId('zhang-wei'), uid: 'zhang-wei' }]);
  });

  it('gives every exam of the pack its demo popularity, in the order it always had', async () => {
    const rows = await db()
      .select({ uid: exams.uid, studentCount: exams.studentCount, updatedAt: exams.updatedAt })
      .from(exams)
      .where(eq(exams.tenantId, school.tenantId));
    expect(rows.map((row) => row.uid).sort()).toEqual([...demoExamOrder].sort());
    for (const [i, uid] of demoExamOrder.entries()) {
      expect(
        rows.find((row) => row.uid === uid),
        uid,
      ).toEqual({
        uid,
        studentCount: 15 + ((i * 2749) % 600),
        updatedAt: school.at(-(i + 1) * hour),
      });
    }
    expect(rows.find((row) => row.uid === s.notStarted.examUid)!.studentCount).toBe(15);
    expect(rows.find((row) => row.uid === 'react-certification')!.studentCount).toBe(364);
  });

  it('makes the learner a member of the scenarios, counting submitted attempts', async () => {
    const rows = await db()
      .select({
        examId: examMembers.examId,
        userId: examMembers.userId,
        joinedAt: examMembers.joinedAt,
        used: examMembers.attemptsUsed,
      })
      .from(examMembers)
      .where(eq(examMembers.tenantId, school.tenantId));
    const member = (examUid: string, username = 'learner') =>
      rows.find((row) => row.examId === school.examId(examUid) && row.userId === school.user(username));
    expect(rows).toHaveLength(9);
    expect(member(s.scored.examUid)).toMatchObject({ used: 1, joinedAt: school.at(-2 * day) });
    expect(member(s.reviewing.examUid)).toMatchObject({ used: 1, joinedAt: school.at(-6 * day) });
    expect(member(s.attemptsUsedUp.examUid)).toMatchObject({ used: 1, joinedAt: school.at(-9 * day) });
    expect(member(s.openTimed.examUid)).toMatchObject({ used: 0, joinedAt: school.at(-2 * day - 4 * hour) });
    expect(member(s.notStarted.examUid)).toMatchObject({ used: 0, joinedAt: school.at(-12 * hour) });
    expect(member(s.timedDrill.examUid)).toMatchObject({ used: 0 });
    expect(member(s.late.examUid)).toMatchObject({ used: 0, joinedAt: school.at(-day) });
    expect(member(s.progressRequired.examUid)).toMatchObject({ used: 0, joinedAt: school.at(-4 * day) });
    expect(member(s.reviewing.examUid, 'amy_chen')).toMatchObject({ used: 1, joinedAt: school.at(-5 * day) });
    expect(member(s.lessonQuiz.examUid)).toBeUndefined();
  });

  it('records the scored attempt: 84 of 100, its essay reviewed by Emily Carter', async () => {
    const [attempt, ...more] = await attemptsAt(s.scored.examUid, 'learner');
    expect(more).toEqual([]);
    const startedAt = school.at(-day);
    expect(attempt).toMatchObject({
      status: 'COMPLETED',
      objectiveScore: 60,
      subjectiveScore: 24,
      score: 84,
      passed: true,
      startedAt,
      deadline: new Date(startedAt.getTime() + 45 * minute),
      submittedAt: new Date(startedAt.getTime() + 32 * minute),
      submittedBy: 'LEARNER',
      reviewedAt: new Date(startedAt.getTime() + 32 * minute + 4 * hour),
      reviewedBy: school.teacherId('emily-carter'),
      questionOrder: await paperOfExam(s.scored.examUid),
    });
    const answers = await answersOf(attempt!.id);
    expect(answers.map((a) => a.score)).toEqual([10, 0, 10, 15, 10, 15, 24]);
    expect(answers[5]!.answer).toEqual({ kind: 'BLANKS', texts: ['Went', ' bought '] });
    expect(answers[6]!.reviewComment).toMatch(/^Clear and on topic/u);
  });

  it('leaves the reviewing attempts waiting for the teacher, the learner’s and amy_chen’s', async () => {
    const paper = await paperOfExam(s.reviewing.examUid);
    const [mine, ...more] = await attemptsAt(s.reviewing.examUid, 'learner');
    expect(more).toEqual([]);
    expect(mine).toMatchObject({
      status: 'PENDING_REVIEW',
      objectiveScore: 45,
      subjectiveScore: null,
      score: null,
      passed: null,
      reviewedAt: null,
      reviewedBy: null,
      submittedBy: 'LEARNER',
      startedAt: school.at(-2 * day),
      submittedAt: school.at(-2 * day + 48 * minute),
      questionOrder: paper,
    });
    const answers = await answersOf(mine!.id);
    expect(answers.map((a) => a.score)).toEqual([10, 10, 0, 10, 15, null]);
    expect(answers.map((a) => a.flagged)).toEqual([false, false, true, false, false, false]);
    expect(answers.filter((a) => a.score === null).map((a) => a.questionId)).toEqual([paper[5]]);

    const [other, ...others] = await attemptsAt(s.reviewing.examUid, 'amy_chen');
    expect(others).toEqual([]);
    expect(other).toMatchObject({
      status: 'PENDING_REVIEW',
      objectiveScore: 40,
      score: null,
      passed: null,
      submittedBy: 'TIME_UP',
      startedAt: school.at(-3 * day),
      submittedAt: school.at(-3 * day + 60 * minute),
      deadline: school.at(-3 * day + 60 * minute),
    });
    const otherAnswers = await answersOf(other!.id);
    expect(otherAnswers.map((a) => a.questionId)).toEqual([paper[0], paper[1], paper[2], paper[4], paper[5]]);
    expect(otherAnswers.map((a) => a.score)).toEqual([0, 10, 15, 15, null]);
  });

  it('records the used-up attempt: 70 of 100, in its own shuffled order', async () => {
    const paper = await paperOfExam(s.attemptsUsedUp.examUid);
    const [attempt, ...more] = await attemptsAt(s.attemptsUsedUp.examUid, 'learner');
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({
      status: 'COMPLETED',
      objectiveScore: 70,
      subjectiveScore: null,
      score: 70,
      passed: true,
      reviewedBy: null,
      startedAt: school.at(-8 * day),
      submittedAt: school.at(-8 * day + 14 * minute),
      // The seed's permutation of the paper's positions (the fourth exam attempt's).
      questionOrder: [4, 3, 1, 0, 2, 5].map((k) => paper[k]),
    });
    expect((await answersOf(attempt!.id)).map((a) => a.score)).toEqual([15, 0, 20, 0, 15, 20]);
  });

  it('leaves the other scenarios without attempts', async () => {
    for (const uid of [s.notStarted, s.openTimed, s.timedDrill, s.late, s.progressRequired, s.lessonQuiz].map(
      (x) => x.examUid,
    )) {
      expect(await attemptsAt(uid, 'learner'), uid).toEqual([]);
    }
    const all = await db().select({ id: attempts.id }).from(attempts).where(eq(attempts.tenantId, school.tenantId));
    expect(all).toHaveLength(5);
  });

  it('records the submitted homework, reviewed by Wang Lei; the other homework has no attempt', async () => {
    const [homework] = await db()
      .select()
      .from(homeworks)
      .where(eq(homeworks.lessonId, school.lessonId(s.homeworkSubmitted.courseUid, s.homeworkSubmitted.lesson)));
    expect(homework!.title).toEqual(s.homeworkSubmitted.title);
    const rows = await db().select().from(attempts).where(eq(attempts.homeworkId, homework!.id));
    expect(rows).toHaveLength(1);
    const startedAt = school.at(-23 * hour);
    expect(rows[0]).toMatchObject({
      userId: school.user('learner'),
      examId: null,
      paperId: homework!.paperId,
      status: 'COMPLETED',
      objectiveScore: 20,
      subjectiveScore: 16,
      score: 36,
      passed: null,
      deadline: null,
      startedAt,
      submittedAt: new Date(startedAt.getTime() + 25 * minute),
      reviewedAt: new Date(startedAt.getTime() + 25 * minute + 13 * hour),
      reviewedBy: school.teacherId('wang-lei'),
    });
    const answers = await answersOf(rows[0]!.id);
    expect(answers.map((a) => a.score)).toEqual([10, 10, 16]);
    expect(answers[2]!.reviewComment).toMatch(/console\.log 本身的返回值/u);

    const [open] = await db()
      .select({ id: homeworks.id, title: homeworks.title })
      .from(homeworks)
      .where(eq(homeworks.lessonId, school.lessonId(s.homework.courseUid, s.homework.lesson)));
    expect(open!.title).toEqual(s.homework.title);
    expect(
      await db()
        .select()
        .from(attempts)
        .where(inArray(attempts.homeworkId, [open!.id])),
    ).toEqual([]);
  });
});

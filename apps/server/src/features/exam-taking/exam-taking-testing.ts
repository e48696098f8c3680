import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { attemptSchema } from '@school/contract/exam-taking';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  courseMembers,
  examMembers,
  examReviewers,
  exams,
  homeworks,
  lessons,
  paperQuestions,
  papers,
  questions,
  teachers,
  type AnswersVisible,
} from '../../db/schema.js';
import type { LocalizedText } from '../../lib/localized-text.js';
import { newAccount } from '../../testing/accounts.js';
import { post, tenantIdOf } from '../../testing/site.js';
import type { TestApp } from '../../testing/test-app.js';

/*
 * Exams made for the exam-taking tests, apart from the demo school: one question of each type
 * with known right answers, so each test states exactly what it expects.
 */

const t = (text: string): LocalizedText => ({ cn: text, en: text });
const letters = (...keys: string[]) => keys.map((key) => ({ key, text: t(`Option ${key}`) }));

export const paperPlan = [
  { type: 'SINGLE_SELECT', points: 2, options: letters('A', 'B', 'C', 'D'), answer: { kind: 'CHOICE', keys: ['B'] } },
  {
    type: 'MULTI_SELECT',
    points: 4,
    options: letters('A', 'B', 'C', 'D'),
    answer: { kind: 'CHOICE', keys: ['A', 'C'] },
  },
  {
    type: 'TRUE_OR_FALSE',
    points: 2,
    options: [
      { key: 'true', text: t('True') },
      { key: 'false', text: t('False') },
    ],
    answer: { kind: 'CHOICE', keys: ['true'] },
  },
  {
    type: 'FILL_BLANK',
    points: 4,
    stem: 'Not found is {{blank}}; OK is {{blank}}.',
    options: [],
    answer: { kind: 'BLANKS', accepted: [['404'], ['200']] },
  },
  { type: 'ASK_AND_ANSWER', points: 8, options: [], answer: { kind: 'REFERENCE', text: t('Explain caching.') } },
] as const;

export const totalPoints = paperPlan.reduce((sum, q) => sum + q.points, 0);

let serial = 0;

export interface ExamPlan {
  tenant?: 'demo' | 'second';
  status?: 'PUBLISHED' | 'DRAFT';
  /** Minutes; null: no limit. */
  duration?: number | null;
  examTimes?: number | null;
  startTime?: Date | null;
  endTime?: Date | null;
  closedExam?: boolean;
  lateLimit?: number | null;
  answersVisible?: AnswersVisible;
  shuffle?: boolean;
  passScore?: number;
  /** Leave the exam without a paper. */
  noPaper?: boolean;
  requiredCourseId?: number;
  requiredProgress?: number;
}

/** A published exam of the demo school with the five-question paper; ids of its questions by type. */
export async function arrangeExam(app: TestApp, plan: ExamPlan = {}) {
  const tenantId = await tenantIdOf(app, plan.tenant ?? 'demo');
  serial += 1;
  const uid = `exam-test-${serial}-${Date.now().toString(36)}`;
  const [paper] = await app.db
    .insert(papers)
    .values({ tenantId, shuffle: plan.shuffle ?? false })
    .returning();
  const questionIds: Record<string, number> = {};
  for (const [seq, q] of paperPlan.entries()) {
    const [row] = await app.db
      .insert(questions)
      .values({
        tenantId,
        type: q.type,
        stem: t('stem' in q ? q.stem : `Question ${seq + 1}`),
        options: [...q.options],
        answer: q.answer as never,
        explanation: t(`Because ${seq + 1}.`),
      })
      .returning({ id: questions.id });
    questionIds[q.type] = row!.id;
    await app.db.insert(paperQuestions).values({ paperId: paper!.id, questionId: row!.id, seq, score: q.points });
  }
  const [exam] = await app.db
    .insert(exams)
    .values({
      tenantId,
      uid,
      title: t(`Exam ${serial}`),
      cover: '/mobile/seed/cover-01.svg',
      brief: t(''),
      status: plan.status ?? 'PUBLISHED',
      startTime: plan.startTime ?? null,
      endTime: plan.endTime ?? null,
      duration: plan.duration === undefined ? 30 : plan.duration,
      totalScore: totalPoints,
      passScore: plan.passScore ?? 12,
      quizCount: paperPlan.length,
      examTimes: plan.examTimes === undefined ? 2 : plan.examTimes,
      closedExam: plan.closedExam ?? false,
      lateLimit: plan.lateLimit ?? null,
      paperId: plan.noPaper ? null : paper!.id,
      answersVisible: plan.answersVisible ?? 'AFTER_SUBMIT',
      requiredCourseId: plan.requiredCourseId ?? null,
      requiredProgress: plan.requiredProgress ?? null,
    })
    .returning();
  return {
    exam: exam!,
    uid,
    paperId: paper!.id,
    questionIds: questionIds as Record<(typeof paperPlan)[number]['type'], number>,
  };
}

export async function joinExam(app: TestApp, exam: { id: number; tenantId: number }, userId: number) {
  await app.db
    .insert(examMembers)
    .values({ tenantId: exam.tenantId, examId: exam.id, userId, joinedAt: app.clock.now() });
}

/** A teacher of the exam's school whose login is `userId`, reviewing the exam. */
export async function addReviewer(app: TestApp, exam: { id: number; tenantId: number }, userId: number) {
  const [teacher] = await app.db
    .insert(teachers)
    .values({ tenantId: exam.tenantId, name: t('Reviewer'), title: t('Teacher'), introduction: t(''), userId })
    .returning({ id: teachers.id });
  await app.db.insert(examReviewers).values({ examId: exam.id, teacherId: teacher!.id });
  return teacher!.id;
}

export async function examRow(app: TestApp, examId: number) {
  const [row] = await app.db.select().from(exams).where(eq(exams.id, examId));
  return row!;
}

/**
 * Homework on the first lesson of the default school, with `paperId` as its paper; `enrol` makes
 * a learner a member of the lesson's course, which opening it needs.
 */
export async function arrangeHomework(app: TestApp, paperId: number) {
  const [lesson] = await app.db.select().from(lessons).where(eq(lessons.tenantId, 1)).limit(1);
  const [homework] = await app.db
    .insert(homeworks)
    .values({ tenantId: 1, lessonId: lesson!.id, paperId, title: { cn: '作业', en: 'Homework' } })
    .returning();
  return {
    lesson: lesson!,
    homework: homework!,
    async enrol(userId: number) {
      await app.db
        .insert(courseMembers)
        .values({ tenantId: 1, courseId: lesson!.courseId, userId, joinedAt: app.clock.now() });
    },
  };
}

/** A new learner who is a member of a newly arranged exam. */
export async function learnerIn(app: TestApp, plan: ExamPlan = {}) {
  const arranged = await arrangeExam(app, plan);
  const account = await newAccount(app);
  await joinExam(app, arranged.exam, account.id);
  return { ...arranged, account };
}

/** The learner's new attempt at the exam, failing the test if the start is refused. */
export async function started(app: TestApp, uid: string, account: { cookie: string }) {
  const res = await post(app, examTakingPaths.examAttempts(uid), account.cookie);
  expect(res.statusCode, res.body).toBe(201);
  return attemptSchema.parse(res.json());
}

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  attemptAnswers,
  attempts,
  examMembers,
  exams,
  homeworks,
  paperQuestions,
  papers,
  questions,
  teachers,
  type GivenAnswer,
  type QuestionAnswer,
} from '../db/schema.js';
import { demoExamScenarios as s, gatedCourseProgress } from './demo-exam-scenarios.js';
import { day, hour, type DemoSchool } from './demo-school.js';

/*
 * What learners did with the demo school's exams and homework (demo-exam-scenarios.ts, top
 * comment): the exams, their papers, reviewers and the homework on lessons come from the demo
 * pack; here are the reviewing teacher's login, the exams' popularity, the learners' exam
 * memberships and their submitted attempts with answers, scores and reviews. Each attempt names
 * its answers by question position in its paper (the pack's order), and the questions are found
 * in the database: exam (or homework) → paper → paper_questions → questions.
 *
 * Scores of demo attempts follow the scoring rules in their simplest form: an objective answer
 * that is right gets the question's points, any other gets 0 (demo answers are all right or all
 * wrong, so partial credit never applies; `objectivePoints` refuses otherwise); a fill-blank text
 * is right when, trimmed, lower-cased and with full-width characters made half-width, it is one
 * of the accepted texts (the "Went", " bought ", "keyof " and "２" below rely on that).
 * Ask-and-answer points come from a review, or wait for one. objective_score sums the rule
 * points, subjective_score the reviewed points (null until reviewed), score both once nothing
 * waits, passed is score ≥ the exam's pass score (null for homework and while waiting).
 * exam_members.attempts_used counts the member's submitted attempts.
 */

const minute = 60_000;

/** The teacher with a login account (`teacher`): Zhang Wei, the reviewer of the API. */
const reviewingTeacher = { uid: 'zhang-wei', username: 'teacher' } as const;
/** Another learner of the school, with an attempt of their own: isolation has something to hide. */
const otherLearner = 'amy_chen';

/**
 * The pack's exams in the order the demo's popularity numbers them (the order the demo school
 * always had): exam i has 15 + (i × 2749 mod 600) students and was last updated i + 1 hours
 * before the demo data's hour, so lists by popularity or by update read the same every time.
 */
export const demoExamOrder = [
  s.notStarted.examUid,
  'react-certification',
  s.lessonQuiz.examUid,
  s.late.examUid,
  s.scored.examUid,
  'ui-design-exam',
  'excel-skills-test',
  'japanese-kana-test',
  'data-analysis-final',
  s.reviewing.examUid,
  s.openTimed.examUid,
  s.timedDrill.examUid,
  s.attemptsUsedUp.examUid,
  s.progressRequired.examUid,
  // The courses' own checks their EXAM lessons open.
  'kana-check',
  'mobile-guidelines-check',
  'slide-design-check',
] as const;

/** Exam memberships by username: when each joined (offsets). Attempts used are counted from `attemptSeeds`. */
const memberSeeds: { exam: string; who: string; joined: number }[] = [
  { exam: s.scored.examUid, who: 'learner', joined: -2 * day },
  { exam: s.late.examUid, who: 'learner', joined: -1 * day },
  { exam: s.notStarted.examUid, who: 'learner', joined: -12 * hour },
  { exam: s.openTimed.examUid, who: 'learner', joined: -2 * day - 4 * hour },
  { exam: s.timedDrill.examUid, who: 'learner', joined: -20 * hour },
  { exam: s.reviewing.examUid, who: 'learner', joined: -6 * day },
  { exam: s.attemptsUsedUp.examUid, who: 'learner', joined: -9 * day },
  { exam: s.progressRequired.examUid, who: 'learner', joined: gatedCourseProgress.at },
  { exam: s.reviewing.examUid, who: otherLearner, joined: -5 * day },
];

// Answers as saved by the client.
const pick = (...keys: string[]): GivenAnswer => ({ kind: 'CHOICE', keys });
const judge = (value: boolean): GivenAnswer => pick(String(value));
const fill = (...texts: string[]): GivenAnswer => ({ kind: 'BLANKS', texts });
const write = (text: string): GivenAnswer => ({ kind: 'TEXT', text, images: [] });

interface AttemptSeed {
  /** An exam by uid, or the homework on a lesson (course uid, lesson number). */
  target: { exam: string } | { homework: { courseUid: string; lesson: number } };
  /** Username. */
  who: string;
  /** Offset of the start from the demo data's hour. */
  started: number;
  /** Minutes from the start to the submission (at most the exam's duration). */
  used: number;
  submittedBy: 'LEARNER' | 'TIME_UP';
  /** One per question in paper order; null: left unanswered (no saved answer). */
  answers: (GivenAnswer | null)[];
  /** Paper indexes marked for review on the answer card. */
  flagged?: number[];
  /** A teacher's review (teacher uid): points and a comment per ask-and-answer (paper index). */
  review?: { by: string; after: number; scores: Record<number, { points: number; comment: string }> };
}

/** The submitted attempts: exam attempts first (their order picks a shuffled paper's order), then homework. */
const attemptSeeds: AttemptSeed[] = [
  {
    target: { exam: s.scored.examUid },
    who: 'learner',
    started: -1 * day,
    used: 32,
    submittedBy: 'LEARNER',
    answers: [
      pick('A'),
      pick('B'),
      pick('A'),
      pick('A', 'C'),
      judge(true),
      fill('Went', ' bought '),
      write(
        "My favourite place to study is the café on the corner of my street. It opens early, the coffee is good and the quiet background noise helps me focus better than a silent room. I usually sit by the window with my laptop and review the day's new words. When I get tired, I take a short walk around the block and come back refreshed.",
      ),
    ],
    review: {
      by: 'emily-carter',
      after: 4 * hour,
      scores: {
        6: {
          points: 24,
          comment:
            'Clear and on topic, with good linking words. To reach a higher band, vary how your sentences begin and give one more reason why the café works for you.',
        },
      },
    },
  },
  {
    target: { exam: s.reviewing.examUid },
    who: 'learner',
    started: -2 * day,
    used: 48,
    submittedBy: 'LEARNER',
    answers: [
      pick('A'),
      pick('A'),
      pick('A', 'B', 'D'),
      judge(true),
      fill('desc'),
      write(
        'SELECT product_id, SUM(quantity) AS total\nFROM order_items\nWHERE EXTRACT(YEAR FROM ordered_at) = 2024\nGROUP BY product_id\nORDER BY total DESC\nLIMIT 3;\n\n在 ordered_at 上建索引会更快；数据很多的时候也可以每天把销量汇总到另一张表。',
      ),
    ],
    flagged: [2],
  },
  {
    target: { exam: s.reviewing.examUid },
    who: otherLearner,
    started: -3 * day,
    used: 60,
    submittedBy: 'TIME_UP',
    answers: [
      pick('C'),
      pick('A'),
      pick('A', 'B', 'C'),
      null,
      fill('DESC'),
      write(
        "SELECT product_id, COUNT(*) FROM order_items WHERE ordered_at LIKE '2024%' GROUP BY product_id ORDER BY 2 DESC LIMIT 3",
      ),
    ],
  },
  {
    target: { exam: s.attemptsUsedUp.examUid },
    who: 'learner',
    started: -8 * day,
    used: 14,
    submittedBy: 'LEARNER',
    answers: [pick('A'), pick('B'), pick('A', 'B', 'D'), judge(false), fill('keyof '), fill('２')],
  },
  {
    target: { homework: { courseUid: s.homeworkSubmitted.courseUid, lesson: s.homeworkSubmitted.lesson } },
    who: 'learner',
    started: -23 * hour,
    used: 25,
    submittedBy: 'LEARNER',
    answers: [
      pick('A'),
      fill('控制台'),
      write(
        "我按 F12 打开了开发者工具，在 Console 里输入 console.log('hi') 后回车，下面出现了 hi，后面还多了一行 undefined，不知道是什么意思。",
      ),
    ],
    review: {
      by: 'wang-lei',
      after: 13 * hour,
      scores: {
        2: {
          points: 16,
          comment: '步骤完全正确！多出来的 undefined 是 console.log 本身的返回值：控制台会把每条语句的返回值显示出来。',
        },
      },
    },
  },
];

/** A blank's text as the scoring rules compare it: full-width made half-width, lower case, spaces trimmed. */
function normalizeBlank(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

interface PaperQuestion {
  id: number;
  type: typeof questions.$inferSelect.type;
  answer: QuestionAnswer;
  /** The question's points in its paper (paper_questions.score). */
  points: number;
}

/**
 * The points the rules give an objective answer: all of them when right, 0 when wrong. A
 * partly right answer (some right keys only, some blanks only) would depend on the partial
 * credit rules, so the demo data refuses to hold one.
 */
function objectivePoints(question: Pick<PaperQuestion, 'answer' | 'points'>, given: GivenAnswer): number {
  const { answer } = question;
  if (answer.kind === 'CHOICE' && given.kind === 'CHOICE') {
    const right = new Set(answer.keys);
    const wrongKey = given.keys.some((key) => !right.has(key));
    const allRight = !wrongKey && given.keys.length === right.size;
    if (!wrongKey && !allRight) throw new Error(`demo data: a partly right choice ${given.keys.join(',')}`);
    return allRight ? question.points : 0;
  }
  if (answer.kind === 'BLANKS' && given.kind === 'BLANKS') {
    const rightBlanks = answer.accepted.filter((texts, i) =>
      texts.map(normalizeBlank).includes(normalizeBlank(given.texts[i] ?? '')),
    ).length;
    if (rightBlanks !== 0 && rightBlanks !== answer.accepted.length) {
      throw new Error(`demo data: partly right blanks ${given.texts.join(',')}`);
    }
    return rightBlanks === 0 ? 0 : question.points;
  }
  throw new Error(`demo data: a ${given.kind} answer to a ${answer.kind} question`);
}

/** A fixed permutation (a small linear congruential generator): shuffled, and the same every run. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface StoredPaper {
  id: number;
  shuffle: boolean;
  /** In paper order. */
  questions: PaperQuestion[];
}

/** A paper as imported, its questions in paper order with their points. */
async function paperOf(tx: Db, paperId: number): Promise<StoredPaper> {
  const [paper] = await tx.select({ shuffle: papers.shuffle }).from(papers).where(eq(papers.id, paperId));
  if (!paper) throw new Error(`demo data: no paper ${paperId}`);
  const rows = await tx
    .select({ id: questions.id, type: questions.type, answer: questions.answer, points: paperQuestions.score })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.seq), asc(questions.id));
  return { id: paperId, shuffle: paper.shuffle, questions: rows };
}

/** What an attempt is made on: an exam (with its rules) or a homework. */
interface AttemptTarget {
  target: { examId: number; homeworkId: null } | { examId: null; homeworkId: number };
  paper: StoredPaper;
  /** Minutes per attempt; null: no time limit. */
  duration: number | null;
  /** Null: homework (nothing to pass). */
  passScore: number | null;
}

async function examTarget(tx: Db, examId: number): Promise<AttemptTarget> {
  const [exam] = await tx
    .select({ paperId: exams.paperId, duration: exams.duration, passScore: exams.passScore })
    .from(exams)
    .where(eq(exams.id, examId));
  if (!exam || exam.paperId === null) throw new Error(`demo data: exam ${examId} has no paper`);
  return {
    target: { examId, homeworkId: null },
    paper: await paperOf(tx, exam.paperId),
    duration: exam.duration,
    passScore: exam.passScore,
  };
}

async function homeworkTarget(tx: Db, school: DemoSchool, courseUid: string, lesson: number): Promise<AttemptTarget> {
  const rows = await tx
    .select({ id: homeworks.id, paperId: homeworks.paperId })
    .from(homeworks)
    .where(and(eq(homeworks.tenantId, school.tenantId), eq(homeworks.lessonId, school.lessonId(courseUid, lesson))))
    .orderBy(asc(homeworks.id));
  if (rows.length !== 1) throw new Error(`demo data: ${rows.length} homeworks on lesson ${lesson} of ${courseUid}`);
  const [homework] = rows;
  return {
    target: { examId: null, homeworkId: homework!.id },
    paper: await paperOf(tx, homework!.paperId),
    duration: null,
    passScore: null,
  };
}

/**
 * The learner-side exam data of the demo school, once its pack is imported: Zhang Wei's teacher
 * row linked to the `teacher` account, the exams' popularity, the scenarios' memberships and the
 * submitted attempts (exams and homework) with their answers, scores and reviews.
 */
export async function makeDemoExamData(tx: Db, school: DemoSchool): Promise<void> {
  const { tenantId, at } = school;
  await tx
    .update(teachers)
    .set({ userId: school.user(reviewingTeacher.username) })
    .where(eq(teachers.id, school.teacherId(reviewingTeacher.uid)));

  for (const [i, uid] of demoExamOrder.entries()) {
    await tx
      .update(exams)
      .set({ studentCount: 15 + ((i * 2749) % 600), updatedAt: at(-(i + 1) * hour) })
      .where(eq(exams.id, school.examId(uid)));
  }

  const examAttempts = attemptSeeds.flatMap((a) => ('exam' in a.target ? [{ ...a, exam: a.target.exam }] : []));
  await tx.insert(examMembers).values(
    memberSeeds.map((m) => ({
      tenantId,
      examId: school.examId(m.exam),
      userId: school.user(m.who),
      joinedAt: at(m.joined),
      // Every demo attempt is submitted.
      attemptsUsed: examAttempts.filter((a) => a.exam === m.exam && a.who === m.who).length,
    })),
  );

  for (const [n, seed] of examAttempts.entries()) {
    if (!memberSeeds.some((m) => m.exam === seed.exam && m.who === seed.who)) {
      throw new Error(`demo data: an attempt at ${seed.exam} by a non-member`);
    }
    await insertAttempt(tx, school, seed, await examTarget(tx, school.examId(seed.exam)), n + 1);
  }
  for (const seed of attemptSeeds) {
    if (!('homework' in seed.target)) continue;
    const { courseUid, lesson } = seed.target.homework;
    // Homework papers are never shuffled: the order seed does not matter.
    await insertAttempt(tx, school, seed, await homeworkTarget(tx, school, courseUid, lesson), 0);
  }
}

/** One submitted attempt with its answers, scored as the top comment says; `orderSeed` picks a shuffled paper's order. */
async function insertAttempt(
  tx: Db,
  school: DemoSchool,
  seed: AttemptSeed,
  on: AttemptTarget,
  orderSeed: number,
): Promise<void> {
  const { paper } = on;
  if (seed.answers.length !== paper.questions.length) {
    throw new Error(`demo data: ${seed.answers.length} answers to a paper of ${paper.questions.length} questions`);
  }
  const startedAt = school.at(seed.started);
  const deadline = on.duration === null ? null : new Date(startedAt.getTime() + on.duration * minute);
  const submittedAt = new Date(startedAt.getTime() + seed.used * minute);
  if (deadline !== null && submittedAt > deadline)
    throw new Error('demo data: an attempt submitted after its deadline');

  const scored = paper.questions.flatMap((question, k) => {
    const given = seed.answers[k] ?? null;
    if (given === null) return [];
    const review = seed.review?.scores[k];
    if (question.type !== 'ASK_AND_ANSWER') {
      if (review) throw new Error('demo data: a review of an objective answer');
      return [{ question, k, given, points: objectivePoints(question, given), subjective: false, comment: null }];
    }
    if (seed.review && !review) throw new Error('demo data: a review leaves an answer unscored');
    if (review && (review.points < 0 || review.points > question.points))
      throw new Error('demo data: review points out of range');
    return [{ question, k, given, points: review?.points ?? null, subjective: true, comment: review?.comment ?? null }];
  });
  const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);
  const objectiveScore = sum(scored.filter((x) => !x.subjective).map((x) => x.points!));
  const waiting = scored.some((x) => x.points === null);
  const subjectiveScore = seed.review ? sum(scored.filter((x) => x.subjective).map((x) => x.points!)) : null;
  const score = waiting ? null : objectiveScore + (subjectiveScore ?? 0);
  const ids = paper.questions.map((q) => q.id);

  const [attempt] = await tx
    .insert(attempts)
    .values({
      tenantId: school.tenantId,
      userId: school.user(seed.who),
      ...on.target,
      paperId: paper.id,
      status: waiting ? 'PENDING_REVIEW' : 'COMPLETED',
      questionOrder: paper.shuffle ? shuffled(ids, orderSeed) : ids,
      startedAt,
      deadline,
      submittedAt,
      submittedBy: seed.submittedBy,
      objectiveScore,
      subjectiveScore,
      score,
      passed: score === null || on.passScore === null ? null : score >= on.passScore,
      reviewedAt: seed.review ? new Date(submittedAt.getTime() + seed.review.after) : null,
      reviewedBy: seed.review ? school.teacherId(seed.review.by) : null,
    })
    .returning({ id: attempts.id });
  await tx.insert(attemptAnswers).values(
    scored.map((x, n) => ({
      attemptId: attempt!.id,
      questionId: x.question.id,
      answer: x.given,
      // The client numbers its saves: one save per question here, in the order answered.
      seq: n + 1,
      flagged: seed.flagged?.includes(x.k) ?? false,
      // Saved as the learner went, the last one shortly before submitting.
      savedAt: new Date(startedAt.getTime() + ((n + 1) * seed.used * minute) / (scored.length + 1)),
      score: x.points,
      reviewComment: x.comment,
    })),
  );
}

import { eq } from 'drizzle-orm';
import type { Db } from './database.js';
import type { LocalizedText } from '../lib/localized-text.js';
import { examPapers, homeworkPapers, type QuestionSeed } from './seed-exam-papers.js';
import {
  attemptAnswers,
  attempts,
  examMembers,
  examReviewers,
  exams,
  homeworks,
  paperQuestions,
  papers,
  questions,
  teachers,
  type AnswersVisible,
  type GivenAnswer,
} from './schema.js';

/*
 * The demo school's exams and homework (issue 10): every exam has a paper of its own
 * (seed-exam-papers.ts) whose question count and points are the exam's quiz count and total
 * score. Times are offsets from the hour the seed ran (`at`), like the rest of the catalogue.
 *
 * Exam scenarios of the demo `learner` (`seedExamScenarios` below names them by exam uid, course
 * uid and lesson number; testing/exam-scenarios.ts finds their ids):
 * - notStarted — js-fundamentals-exam: a member; it starts in 2 days 3 hours (60 min, 3 tries).
 * - openTimed — node-basics-test: a member, open since 3 days for 60 more, 30 minutes per try,
 *   2 tries, no attempt yet: all five quiz types in paper order, for the take-an-exam journey;
 *   answers shown after the last submission (the second try).
 * - timedDrill — http-status-drill: a member, open, 1 minute per try, unlimited tries, no
 *   attempt yet, shuffled, answers shown after each try: for the journey where time runs out.
 * - late — sql-closed-exam: a member, closed exam that started an hour before the seed with a
 *   30-minute late limit: nobody may enter any more (it ends 2 hours after the seed).
 * - scored — english-level-test: one COMPLETED attempt of 2 allowed, its essay reviewed by Emily
 *   Carter with a comment (84 of 100, passed); answers shown after each attempt, the school's
 *   choice; may test again.
 * - reviewing — database-query-test: one PENDING_REVIEW attempt of 1 allowed, its SQL question
 *   waiting for the reviewing teacher (`teacher` / `teacher123`, Zhang Wei); answers shown only
 *   after the exam ends. Another learner (amy_chen) has a PENDING_REVIEW attempt there too, ended
 *   by the clock with a question unanswered.
 * - attemptsUsedUp — typescript-types-quiz: exam_times 1, one COMPLETED attempt (70 of 100),
 *   objective questions only, shuffled (the attempt records its own order), answers NEVER shown.
 * - progressRequired — rendering-performance-checkpoint: the EXAM lesson (lesson 4) of React
 *   Performance opens it; it needs 60 % of that course, and the learner (a member of both) has
 *   learned 1 of its 7 lessons.
 * - lessonQuiz — python-quiz: the free any-time quiz every other EXAM lesson opens, answers
 *   shown after each try; the learner is not a member.
 * - homework — on lesson 3 of JavaScript from Zero (the learner owns it): 4 questions, no
 *   attempt yet. homeworkSubmitted — on lesson 2: submitted and reviewed (read-only).
 * Also: react-certification (paid, closed, shuffled, answers after it ends), ui-design-exam
 * (paid), excel-skills-test (ended), japanese-kana-test (starts tomorrow), data-analysis-final
 * (DRAFT, coming soon): the learner is not a member of these.
 *
 * Scores of seeded attempts follow the scoring rules in their simplest form: an objective
 * answer that is right gets the question's points, any other gets 0 (seeded answers are all
 * right or all wrong, so partial credit never applies; `objectivePoints` refuses otherwise); a
 * fill-blank text is right when, trimmed, lower-cased and with full-width characters made
 * half-width, it is one of the accepted texts (the seeded "Went", " bought ", "keyof " and "２"
 * rely on that). Ask-and-answer points come from a review, or wait for one. objective_score
 * sums the rule points, subjective_score the reviewed points (null until reviewed), score both
 * once nothing waits, passed is score ≥ pass score (null for homework and while waiting).
 * exam_members.attempts_used counts the member's submitted attempts.
 */

const t = (cn: string, en: string): LocalizedText => ({ cn, en });
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Teacher indexes into seed-catalogue's teacherRows. */
const teacher = { wangLei: 0, liNa: 1, zhangWei: 2, chenJing: 3, emilyCarter: 4, yumiSato: 5, liuYang: 6, zhaoMin: 7 };
/** The teacher with a login account (seed.ts `demoAccounts.teacher`): the reviewer of the API. */
const reviewingTeacher = teacher.zhangWei;

/**
 * The scenarios by exam uid, and course uid plus lesson number (1-based, as the course outline
 * numbers them) for lessons: what browser tests reach through the API. API tests get ids from
 * testing/exam-scenarios.ts.
 */
export const seedExamScenarios = {
  notStarted: { examUid: 'js-fundamentals-exam' },
  openTimed: { examUid: 'node-basics-test' },
  timedDrill: { examUid: 'http-status-drill' },
  late: { examUid: 'sql-closed-exam' },
  scored: { examUid: 'english-level-test' },
  reviewing: { examUid: 'database-query-test' },
  attemptsUsedUp: { examUid: 'typescript-types-quiz' },
  progressRequired: {
    examUid: 'rendering-performance-checkpoint',
    courseUid: 'react-performance',
    lesson: 4,
    requiredProgress: 60,
  },
  lessonQuiz: { examUid: 'python-quiz' },
  homework: {
    courseUid: 'javascript-from-zero',
    lesson: 3,
    title: t('第一个例子：课后练习', 'A first example: practice'),
  },
  homeworkSubmitted: {
    courseUid: 'javascript-from-zero',
    lesson: 2,
    title: t('环境准备：小练习', 'Setting up: practice'),
  },
} as const;

const s = seedExamScenarios;

/** Which exam a course's EXAM lessons open: the Python quiz, but for the course that gates its own. */
export function lessonExamUid(courseUid: string): string {
  return courseUid === s.progressRequired.courseUid ? s.progressRequired.examUid : s.lessonQuiz.examUid;
}

/**
 * The learner's progress in the gated course (seed-catalogue.ts writes it with the other
 * progress): lesson 1 learned, lesson 2 half read: 1 of 7 lessons, under the exam's 60 %.
 */
export const gatedCourseProgress = {
  courseUid: s.progressRequired.courseUid,
  lessons: [
    { n: 0, position: 4, completed: true },
    { n: 1, position: 50, completed: false },
  ],
  at: -4 * day,
} as const;

interface ExamSeed {
  uid: string;
  title: LocalizedText;
  /** Offsets from the seed's hour; null: no start or no end. */
  start: number | null;
  end: number | null;
  /** Minutes per attempt; null: no time limit. */
  duration: number | null;
  /** Yuan; 0 is free. */
  price: number;
  /** Attempts allowed; null: unlimited. */
  times: number | null;
  closed: boolean;
  /** Minutes after the start when a closed exam stops letting people in. */
  late: number | null;
  reviewers: number[];
  answersVisible: AnswersVisible;
  shuffle?: boolean;
  status?: 'DRAFT';
  requires?: { courseUid: string; progress: number };
}

/**
 * The exams, in id order. The first nine were the catalogue's before papers existed: their
 * uids, windows and order stay as they were (the catalogue's lists and tests read them).
 */
export const examSeeds: ExamSeed[] = [
  {
    uid: s.notStarted.examUid,
    title: t('JavaScript 基础测试', 'JavaScript Fundamentals Test'),
    start: 2 * day + 3 * hour,
    end: 9 * day,
    duration: 60,
    price: 0,
    times: 3,
    closed: false,
    late: null,
    reviewers: [teacher.wangLei],
    answersVisible: 'AFTER_SUBMIT',
  },
  {
    uid: 'react-certification',
    title: t('React 开发认证考试', 'React Developer Certification'),
    start: 5 * hour,
    end: 5 * hour + 2 * hour,
    duration: 90,
    price: 99,
    times: 1,
    closed: true,
    late: 15,
    reviewers: [teacher.wangLei, teacher.zhangWei],
    answersVisible: 'AFTER_END',
    shuffle: true,
  },
  {
    uid: s.lessonQuiz.examUid,
    title: t('Python 小测验', 'Python Quick Quiz'),
    start: null,
    end: null,
    duration: null,
    price: 0,
    times: null,
    closed: false,
    late: null,
    reviewers: [teacher.liNa],
    answersVisible: 'AFTER_EACH_ATTEMPT',
  },
  {
    uid: s.late.examUid,
    title: t('SQL 闭卷考试', 'SQL Closed-book Exam'),
    start: -1 * hour,
    end: 2 * hour,
    duration: 120,
    price: 0,
    times: 1,
    closed: true,
    late: 30,
    reviewers: [teacher.zhangWei],
    answersVisible: 'AFTER_SUBMIT',
  },
  {
    uid: s.scored.examUid,
    title: t('英语水平测试', 'English Level Test'),
    start: -2 * day,
    end: 30 * day,
    duration: 45,
    price: 0,
    times: 2,
    closed: false,
    late: null,
    reviewers: [teacher.emilyCarter],
    answersVisible: 'AFTER_EACH_ATTEMPT',
  },
  {
    uid: 'ui-design-exam',
    title: t('UI 设计能力评估', 'UI Design Assessment'),
    start: 12 * day,
    end: 14 * day,
    duration: 75,
    price: 49,
    times: 2,
    closed: false,
    late: null,
    reviewers: [teacher.chenJing, teacher.zhaoMin],
    answersVisible: 'AFTER_SUBMIT',
  },
  {
    uid: 'excel-skills-test',
    title: t('Excel 技能测试', 'Excel Skills Test'),
    start: -20 * day,
    end: -5 * day,
    duration: 30,
    price: 0,
    times: 1,
    closed: false,
    late: null,
    reviewers: [teacher.liuYang],
    answersVisible: 'AFTER_SUBMIT',
  },
  {
    uid: 'japanese-kana-test',
    title: t('日语假名测验', 'Japanese Kana Quiz'),
    start: 1 * day + 1 * hour,
    end: 3 * day,
    duration: 20,
    price: 0,
    times: null,
    closed: false,
    late: null,
    reviewers: [teacher.yumiSato],
    answersVisible: 'AFTER_SUBMIT',
  },
  {
    uid: 'data-analysis-final',
    title: t('数据分析结业考试', 'Data Analysis Final Exam'),
    start: 40 * day,
    end: 41 * day,
    duration: 120,
    price: 0,
    times: 1,
    closed: true,
    late: 10,
    reviewers: [teacher.liNa],
    answersVisible: 'AFTER_SUBMIT',
    status: 'DRAFT',
  },
  // The exam-taking scenarios. Their Chinese titles avoid 考试 and their English ones the words
  // the catalogue's search tests look for (React, Python, SQL, a leading "Ex").
  {
    uid: s.reviewing.examUid,
    title: t('数据库查询实战测验', 'Database Query Practice Test'),
    start: -7 * day,
    end: 21 * day,
    duration: 60,
    price: 0,
    times: 1,
    closed: false,
    late: null,
    reviewers: [reviewingTeacher],
    answersVisible: 'AFTER_END',
  },
  {
    uid: s.openTimed.examUid,
    title: t('Node.js 基础测验', 'Node.js Basics Test'),
    start: -3 * day,
    end: 60 * day,
    duration: 30,
    price: 0,
    times: 2,
    closed: false,
    late: null,
    reviewers: [reviewingTeacher],
    answersVisible: 'AFTER_SUBMIT',
  },
  {
    uid: s.timedDrill.examUid,
    title: t('HTTP 状态码一分钟快答', 'HTTP Status Codes Drill'),
    start: -1 * day,
    end: null,
    duration: 1,
    price: 0,
    times: null,
    closed: false,
    late: null,
    reviewers: [reviewingTeacher],
    answersVisible: 'AFTER_EACH_ATTEMPT',
    shuffle: true,
  },
  {
    uid: s.attemptsUsedUp.examUid,
    title: t('TypeScript 类型小测', 'TypeScript Types Quiz'),
    start: -10 * day,
    end: 20 * day,
    duration: 20,
    price: 0,
    times: 1,
    closed: false,
    late: null,
    reviewers: [teacher.wangLei],
    answersVisible: 'NEVER',
    shuffle: true,
  },
  {
    uid: s.progressRequired.examUid,
    title: t('渲染性能阶段测验', 'Rendering Performance Checkpoint'),
    start: -30 * day,
    end: null,
    duration: 30,
    price: 0,
    times: 2,
    closed: false,
    late: null,
    reviewers: [teacher.wangLei],
    answersVisible: 'AFTER_SUBMIT',
    requires: { courseUid: s.progressRequired.courseUid, progress: s.progressRequired.requiredProgress },
  },
];

type Who = 'learner' | 'otherLearner';

/** Exam memberships: when each joined. Attempts used are counted from `attemptSeeds`. */
const memberSeeds: { exam: string; who: Who; joined: number }[] = [
  { exam: s.scored.examUid, who: 'learner', joined: -2 * day },
  { exam: s.late.examUid, who: 'learner', joined: -1 * day },
  { exam: s.notStarted.examUid, who: 'learner', joined: -12 * hour },
  { exam: s.openTimed.examUid, who: 'learner', joined: -2 * day - 4 * hour },
  { exam: s.timedDrill.examUid, who: 'learner', joined: -20 * hour },
  { exam: s.reviewing.examUid, who: 'learner', joined: -6 * day },
  { exam: s.attemptsUsedUp.examUid, who: 'learner', joined: -9 * day },
  { exam: s.progressRequired.examUid, who: 'learner', joined: gatedCourseProgress.at },
  { exam: s.reviewing.examUid, who: 'otherLearner', joined: -5 * day },
];

// Answers as saved by the client.
const pick = (...keys: string[]): GivenAnswer => ({ kind: 'CHOICE', keys });
const judge = (value: boolean): GivenAnswer => pick(String(value));
const fill = (...texts: string[]): GivenAnswer => ({ kind: 'BLANKS', texts });
const write = (text: string): GivenAnswer => ({ kind: 'TEXT', text, images: [] });

interface AttemptSeed {
  target: { exam: string } | { homework: keyof typeof homeworkPapers };
  who: Who;
  /** Offset of the start from the seed's hour. */
  started: number;
  /** Minutes from the start to the submission (at most the exam's duration). */
  used: number;
  submittedBy: 'LEARNER' | 'TIME_UP';
  /** One per question in paper order; null: left unanswered (no saved answer). */
  answers: (GivenAnswer | null)[];
  /** Paper indexes marked for review on the answer card. */
  flagged?: number[];
  /** A teacher's review: points and a comment per ask-and-answer (paper index). */
  review?: { by: number; after: number; scores: Record<number, { points: number; comment: string }> };
}

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
      by: teacher.emilyCarter,
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
    who: 'otherLearner',
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
    target: { homework: 'settingUp' },
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
      by: teacher.wangLei,
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

/** The homework of the scenarios, each on its lesson, with its paper. */
const homeworkSeeds = [
  { key: 'firstExample', ...s.homework },
  { key: 'settingUp', ...s.homeworkSubmitted },
] as const satisfies readonly { key: keyof typeof homeworkPapers }[];

/** A blank's text as the scoring rules compare it: full-width made half-width, lower case, spaces trimmed. */
export function normalizeSeedBlank(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/**
 * The points the rules give an objective answer: all of them when right, 0 when wrong. A
 * partly right answer (some right keys only, some blanks only) would depend on the partial
 * credit rules, so the seed refuses to hold one.
 */
export function objectivePoints(question: Pick<QuestionSeed, 'answer' | 'points'>, given: GivenAnswer): number {
  const { answer } = question;
  if (answer.kind === 'CHOICE' && given.kind === 'CHOICE') {
    const right = new Set(answer.keys);
    const wrongKey = given.keys.some((key) => !right.has(key));
    const allRight = !wrongKey && given.keys.length === right.size;
    if (!wrongKey && !allRight) throw new Error(`seed: a partly right choice ${given.keys.join(',')}`);
    return allRight ? question.points : 0;
  }
  if (answer.kind === 'BLANKS' && given.kind === 'BLANKS') {
    const rightBlanks = answer.accepted.filter((texts, i) =>
      texts.map(normalizeSeedBlank).includes(normalizeSeedBlank(given.texts[i] ?? '')),
    ).length;
    if (rightBlanks !== 0 && rightBlanks !== answer.accepted.length) {
      throw new Error(`seed: partly right blanks ${given.texts.join(',')}`);
    }
    return rightBlanks === 0 ? 0 : question.points;
  }
  throw new Error(`seed: a ${given.kind} answer to a ${answer.kind} question`);
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

interface SeededPaper {
  id: number;
  shuffle: boolean;
  questions: (QuestionSeed & { id: number })[];
}

async function insertPaper(tx: Db, tenantId: number, shuffle: boolean, seeds: QuestionSeed[]): Promise<SeededPaper> {
  const [paper] = await tx.insert(papers).values({ tenantId, shuffle }).returning({ id: papers.id });
  const rows = await tx
    .insert(questions)
    .values(
      seeds.map((q) => ({
        tenantId,
        type: q.type,
        stem: q.stem,
        options: q.options,
        answer: q.answer,
        explanation: q.explanation,
      })),
    )
    .returning({ id: questions.id });
  await tx
    .insert(paperQuestions)
    .values(rows.map((row, k) => ({ paperId: paper!.id, questionId: row.id, seq: k + 1, score: seeds[k]!.points })));
  return { id: paper!.id, shuffle, questions: seeds.map((q, k) => ({ ...q, id: rows[k]!.id })) };
}

const totalOf = (seeds: readonly QuestionSeed[]) => seeds.reduce((sum, q) => sum + q.points, 0);
/** Passing is 60 % of the total, rounded up. */
const passScoreOf = (total: number) => Math.ceil(total * 0.6);

const typeNames = {
  SINGLE_SELECT: t('单选', 'single choice'),
  MULTI_SELECT: t('多选', 'multiple choice'),
  TRUE_OR_FALSE: t('判断', 'true or false'),
  FILL_BLANK: t('填空', 'fill-in-the-blank'),
  ASK_AND_ANSWER: t('问答', 'open'),
} as const;

/** The exam's brief: what its paper holds, in words. */
function briefOf(exam: ExamSeed, seeds: QuestionSeed[]): LocalizedText {
  const types = [...new Set(seeds.map((q) => q.type))].map((type) => typeNames[type]);
  const cnTypes = types.map((n) => n.cn).join('、');
  const enTypes = types.map((n) => n.en);
  const enList = enTypes.length > 1 ? `${enTypes.slice(0, -1).join(', ')} and ${enTypes.at(-1)!}` : enTypes[0]!;
  const total = totalOf(seeds);
  const timing =
    exam.duration === null
      ? t('不限时间，提交后不可修改。', 'There is no time limit; a submission cannot be changed.')
      : t(
          `请在 ${exam.duration} 分钟内完成并提交，时间到后系统自动交卷，提交后不可修改。`,
          `Submit within ${exam.duration} minutes: the exam is handed in for you when time runs out, and a submission cannot be changed.`,
        );
  return t(
    `<p>${exam.title.cn}考查课程中的核心知识点，共 ${seeds.length} 题，满分 ${total} 分，${passScoreOf(total)} 分及格，题型包括${cnTypes}。</p><p>${timing.cn}</p>`,
    `<p>${exam.title.en} covers the core of the course in ${seeds.length} questions worth ${total} points (${passScoreOf(total)} to pass): ${enList} questions.</p><p>${timing.en}</p>`,
  );
}

export interface ExamSeedInput {
  tenantId: number;
  learnerId: number;
  /** Another learner of the school, with an attempt of their own: isolation has something to hide. */
  otherLearnerId: number;
  /** The reviewing teacher's login account (seed.ts), linked to their teacher row here. */
  teacherUserId: number;
  at: (offsetMs: number) => Date;
  teacherIds: number[];
  courseIdOf: (courseUid: string) => number;
}

/** Writes the exams with their papers, reviewers, members and attempts; returns the exams' ids by uid. */
export async function seedExams(tx: Db, input: ExamSeedInput): Promise<Map<string, number>> {
  const { tenantId, at, teacherIds } = input;
  const userOf = (who: Who) => (who === 'learner' ? input.learnerId : input.otherLearnerId);
  await tx.update(teachers).set({ userId: input.teacherUserId }).where(eq(teachers.id, teacherIds[reviewingTeacher]!));

  const paperOf = new Map<string, SeededPaper>();
  for (const exam of examSeeds) {
    const seeds = examPapers[exam.uid];
    if (!seeds) throw new Error(`seed: exam ${exam.uid} has no paper`);
    paperOf.set(exam.uid, await insertPaper(tx, tenantId, exam.shuffle ?? false, seeds));
  }
  const inserted = await tx
    .insert(exams)
    .values(
      examSeeds.map((r, i) => {
        const paper = paperOf.get(r.uid)!;
        const total = totalOf(paper.questions);
        return {
          tenantId,
          uid: r.uid,
          title: r.title,
          cover: `/mobile/seed/cover-${String((i % 12) + 1).padStart(2, '0')}.svg`,
          brief: briefOf(r, paper.questions),
          status: r.status ?? ('PUBLISHED' as const),
          priceCents: r.price * 100,
          startTime: r.start === null ? null : at(r.start),
          endTime: r.end === null ? null : at(r.end),
          duration: r.duration,
          totalScore: total,
          passScore: passScoreOf(total),
          quizCount: paper.questions.length,
          examTimes: r.times,
          closedExam: r.closed,
          lateLimit: r.late,
          studentCount: 15 + ((i * 2749) % 600),
          recommendedSeq: i < 4 ? i + 1 : null,
          paperId: paper.id,
          answersVisible: r.answersVisible,
          requiredCourseId: r.requires ? input.courseIdOf(r.requires.courseUid) : null,
          requiredProgress: r.requires?.progress ?? null,
          updatedAt: at(-(i + 1) * hour),
        };
      }),
    )
    .returning({ id: exams.id });
  const ids = new Map(examSeeds.map((r, i) => [r.uid, inserted[i]!.id]));
  const examId = (uid: string) => {
    const id = ids.get(uid);
    if (id === undefined) throw new Error(`seed: no exam ${uid}`);
    return id;
  };

  await tx
    .insert(examReviewers)
    .values(
      examSeeds.flatMap((r) =>
        r.reviewers.map((k, seq) => ({ examId: examId(r.uid), teacherId: teacherIds[k]!, seq })),
      ),
    );

  const examAttempts = attemptSeeds.flatMap((a) => ('exam' in a.target ? [{ ...a, exam: a.target.exam }] : []));
  await tx.insert(examMembers).values(
    memberSeeds.map((m) => ({
      tenantId,
      examId: examId(m.exam),
      userId: userOf(m.who),
      joinedAt: at(m.joined),
      // Every seeded attempt is submitted.
      attemptsUsed: examAttempts.filter((a) => a.exam === m.exam && a.who === m.who).length,
    })),
  );

  for (const [n, seed] of examAttempts.entries()) {
    const exam = examSeeds.find((r) => r.uid === seed.exam)!;
    const paper = paperOf.get(seed.exam)!;
    if (!memberSeeds.some((m) => m.exam === seed.exam && m.who === seed.who)) {
      throw new Error(`seed: an attempt at ${seed.exam} by a non-member`);
    }
    await insertAttempt(tx, {
      tenantId,
      at,
      teacherIds,
      seed,
      paper,
      userId: userOf(seed.who),
      target: { examId: examId(seed.exam), homeworkId: null },
      duration: exam.duration,
      passScore: passScoreOf(totalOf(paper.questions)),
      orderSeed: n + 1,
    });
  }
  return ids;
}

export interface HomeworkSeedInput {
  tenantId: number;
  learnerId: number;
  at: (offsetMs: number) => Date;
  teacherIds: number[];
  /** A lesson's id by its course uid and number (1-based). */
  lessonIdOf: (courseUid: string, lesson: number) => number;
}

/** Writes the homework of the scenarios (after the lessons exist) and the learner's submission. */
export async function seedHomework(tx: Db, input: HomeworkSeedInput): Promise<void> {
  const { tenantId, at } = input;
  for (const homework of homeworkSeeds) {
    const paper = await insertPaper(tx, tenantId, false, homeworkPapers[homework.key]);
    const [row] = await tx
      .insert(homeworks)
      .values({
        tenantId,
        lessonId: input.lessonIdOf(homework.courseUid, homework.lesson),
        paperId: paper.id,
        title: homework.title,
        createdAt: at(-20 * day),
      })
      .returning({ id: homeworks.id });
    const submitted = attemptSeeds.filter((a) => 'homework' in a.target && a.target.homework === homework.key);
    for (const seed of submitted) {
      await insertAttempt(tx, {
        tenantId,
        at,
        teacherIds: input.teacherIds,
        seed,
        paper,
        userId: input.learnerId,
        target: { examId: null, homeworkId: row!.id },
        duration: null,
        passScore: null,
        orderSeed: 0,
      });
    }
  }
}

interface AttemptInsert {
  tenantId: number;
  at: (offsetMs: number) => Date;
  teacherIds: number[];
  seed: AttemptSeed;
  paper: SeededPaper;
  userId: number;
  target: { examId: number; homeworkId: null } | { examId: null; homeworkId: number };
  duration: number | null;
  passScore: number | null;
  /** Picks this attempt's order of a shuffled paper. */
  orderSeed: number;
}

/** One submitted attempt with its answers, scored as the top comment says. */
async function insertAttempt(tx: Db, a: AttemptInsert): Promise<void> {
  const { seed, paper } = a;
  if (seed.answers.length !== paper.questions.length) throw new Error('seed: one answer (or null) per question');
  const startedAt = a.at(seed.started);
  const deadline = a.duration === null ? null : new Date(startedAt.getTime() + a.duration * minute);
  const submittedAt = new Date(startedAt.getTime() + seed.used * minute);
  if (deadline !== null && submittedAt > deadline) throw new Error('seed: an attempt submitted after its deadline');

  const scored = paper.questions.flatMap((question, k) => {
    const given = seed.answers[k] ?? null;
    if (given === null) return [];
    const review = seed.review?.scores[k];
    if (question.type !== 'ASK_AND_ANSWER') {
      if (review) throw new Error('seed: a review of an objective answer');
      return [{ question, k, given, points: objectivePoints(question, given), subjective: false, comment: null }];
    }
    if (seed.review && !review) throw new Error('seed: a review leaves an answer unscored');
    if (review && (review.points < 0 || review.points > question.points))
      throw new Error('seed: review points out of range');
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
      tenantId: a.tenantId,
      userId: a.userId,
      ...a.target,
      paperId: paper.id,
      status: waiting ? 'PENDING_REVIEW' : 'COMPLETED',
      questionOrder: paper.shuffle ? shuffled(ids, a.orderSeed) : ids,
      startedAt,
      deadline,
      submittedAt,
      submittedBy: seed.submittedBy,
      objectiveScore,
      subjectiveScore,
      score,
      passed: score === null || a.passScore === null ? null : score >= a.passScore,
      reviewedAt: seed.review ? new Date(submittedAt.getTime() + seed.review.after) : null,
      reviewedBy: seed.review ? a.teacherIds[seed.review.by]! : null,
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

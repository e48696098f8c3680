import { examTakingPaths } from '@school/contract/exam-taking-paths';
import type { ApiErrorBody } from '@school/contract/errors';
import type { Attempt, AttemptResult } from '@school/contract/exam-taking';
import { apiPaths } from '@school/contract/paths';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/*
 * Helpers of the exam and homework journeys (decision 012). Texts come from the feature message
 * files (apps/web/src/features/exams, exam-taking, lessons and app messages) and the API's
 * error messages (packages/contract/src/messages); exams, papers and homework from the demo's
 * exam scenarios (`demoExamScenarios` in apps/server/src/demo-data/demo-exam-scenarios.ts, the
 * questions in examples/demo-school/exams). Attempt, lesson and homework ids are always looked up through the API.
 */

export type Lang = 'en' | 'cn';

export const acceptLanguage = (lang: Lang) => ({ 'Accept-Language': lang === 'cn' ? 'zh-CN' : 'en-US' });

/** The demo's exams and homework the journeys use: free, so a fresh learner can enroll or join. */
export const examScenarios = {
  /** node-basics-test: 30 minutes a try, 2 tries, answers shown after submitting, seven questions in paper order. */
  openTimed: {
    examUid: 'node-basics-test',
    title: { en: 'Node.js Basics Test', cn: 'Node.js 基础测验' },
    minutes: 30,
    tries: 2,
    questions: 7,
    totalScore: 100,
    passScore: 60,
  },
  /** rendering-performance-checkpoint: 60% of React Performance first; the demo learner has less. */
  progressRequired: {
    examUid: 'rendering-performance-checkpoint',
    courseUid: 'react-performance',
    course: { en: 'React Performance', cn: 'React 性能优化' },
    progress: 60,
  },
  /** http-status-drill: 1 minute a try, unlimited tries, four questions shuffled per attempt. */
  timedDrill: { examUid: 'http-status-drill', questions: 4 },
  /** Homework on lesson 3 of the free JavaScript from Zero: four questions, one written. */
  homework: {
    courseUid: 'javascript-from-zero',
    lesson: 3,
    title: { en: 'A first example: practice', cn: '第一个例子：课后练习' },
    questions: 4,
  },
} as const;

/*
 * The node-basics-test paper in order (its exam.yaml in the demo pack) and what the take-an-exam journey
 * answers, with the points the scoring rules (decision record 012) give each answer:
 * 1 single (10): "fs", right → 10.
 * 2 single (10): "npm run build", wrong → 0.
 * 3 multiple (15, right A B D): A and B, two of three right keys and nothing else → 15 × 2 ÷ 3 = 10, partly right.
 * 4 true or false (10, right "true"): True → 10.
 * 5 fill in the blanks (15, accepted "module", "dependencies"): "  Module " and "DEPENDENCIES",
 *   right after trimming and lower-casing → 15.
 * 6 fill in the blank (10): left empty → unanswered, 0.
 * 7 short answer (30): a text → waits for a reviewer.
 * The rules give 45; the score waits for the review (PENDING_REVIEW, "Reviewing"). Right
 * verdicts: 1, 4 and 5, so the correct percentage is 3 ÷ 7 = 42 % (rounded down); the report
 * counts the partly right answer as such.
 */
export const nodeBasicsAnswers = {
  single: 'fs',
  singleWrong: 'npm run build',
  singleRight: 'npm install',
  multi: ['path', 'http'],
  multiRight: ['path', 'http', 'crypto'],
  blanks: ['  Module ', 'DEPENDENCIES'],
  blanksAccepted: ['module', 'dependencies'],
  blankRight: '404',
  essay: {
    en: 'The event loop runs ready callbacks on the one JavaScript thread; a long synchronous loop holds that thread, so no other request is answered until it ends.',
    cn: '事件循环在唯一的 JavaScript 线程上执行已就绪的回调；耗时很长的同步循环一直占着这个线程，所以在它结束前其他请求都得不到响应。',
  },
  correctPercent: 42,
  /**
   * The report by quiz type: questions, then right, partly right, wrong and unanswered, score
   * (null: waiting), points possible.
   */
  report: [
    { type: 'SINGLE_SELECT', questions: 2, cells: [1, 0, 1, 0], score: 10, total: 20 },
    { type: 'MULTI_SELECT', questions: 1, cells: [0, 1, 0, 0], score: 10, total: 15 },
    { type: 'TRUE_OR_FALSE', questions: 1, cells: [1, 0, 0, 0], score: 10, total: 10 },
    { type: 'FILL_BLANK', questions: 2, cells: [1, 0, 0, 1], score: 15, total: 25 },
    { type: 'ASK_AND_ANSWER', questions: 1, cells: [0, 0, 0, 0], score: null, total: 30 },
  ],
} as const;

/** Explanations and the reference answer of the node-basics-test paper, as the analysis shows them. */
export const nodeBasicsPaper = {
  en: {
    explanation1: 'fs (file system) reads and writes files; path only works on path strings.',
    explanation3: 'express is a third-party package installed from npm.',
    explanation5: '"type" defaults to "commonjs"; packages needed only while developing go in devDependencies.',
    explanation7:
      'Marking: what the event loop does (10 points), why the server blocks (10), at least one remedy (10).',
    reference7: /^Node\.js runs JavaScript on one thread; the event loop keeps taking ready callbacks/,
    true: 'True',
  },
  cn: {
    explanation1: 'fs（file system）负责读写文件；path 只处理路径字符串。',
    explanation3: 'express 是第三方包，需要用 npm 安装。',
    explanation5: '"type" 的默认值是 "commonjs"；只在开发时需要的包放在 devDependencies 中。',
    explanation7: '评分要点：事件循环的作用（10 分），阻塞的原因（10 分），至少一种解决办法（10 分）。',
    reference7: /^Node\.js 在单个线程上执行 JavaScript，事件循环不断取出已就绪的回调/,
    true: '对',
  },
} as const;

/** The homework's questions in order (javascript-from-zero's course.yaml, lesson 3) and the journey's answers. */
export const homeworkAnswers = {
  /** 1 single (10): `2 + '2'` prints "22". */
  single: '22',
  /** 2 fill in the blanks (10): "const", and "log" or "info" (typed in capitals, with spaces). */
  blanks: ['const', ' INFO '],
  /** 3 true or false (5): let can be reassigned. */
  trueText: { en: 'True', cn: '对' },
  /** 4 short answer (25): waits for the teacher. */
  essay: "function greet(name) { return `Hello, ${name}!`; } console.log(greet('Ada')); // Hello, Ada!",
} as const;

// ---------------------------------------------------------------------------------------------
// The API as the page's signed-in learner.

/** GET the exam detail as the signed-in learner. */
export async function examDetail(page: Page, uid: string) {
  const res = await page.request.get(apiPaths.exam(uid));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    membership: { attemptsUsed: number; openAttemptId: number | null } | null;
  };
}

/** Enrolls the signed-in learner in a free exam through the API (a shortcut for setting up). */
export async function joinExamByApi(page: Page, uid: string): Promise<void> {
  const res = await page.request.post(apiPaths.examJoin(uid));
  expect(res.status(), await res.text()).toBe(201);
}

/** The signed-in learner's open attempt at an exam (GET …/attempts/current). */
export async function openAttempt(page: Page, uid: string): Promise<Attempt> {
  const res = await page.request.get(examTakingPaths.examCurrentAttempt(uid));
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Attempt;
}

/** A submitted attempt's result through the API (as the result screen reads it). */
export async function attemptResult(
  request: APIRequestContext,
  attemptId: number,
  lang: Lang = 'en',
): Promise<AttemptResult> {
  const res = await request.get(examTakingPaths.attemptResult(attemptId), { headers: acceptLanguage(lang) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as AttemptResult;
}

/** Starts and submits an attempt with no answers through the API: one try used (setting up). */
export async function blankAttemptByApi(page: Page, uid: string): Promise<number> {
  const started = await page.request.post(examTakingPaths.examAttempts(uid));
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as Attempt;
  const submitted = await page.request.post(examTakingPaths.attemptSubmit(id), { data: { giveUp: false } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return id;
}

/** An API refusal: its status and the body the error handler sends (`{ code, message }`). */
export async function expectRefusal(
  res: Awaited<ReturnType<APIRequestContext['post']>>,
  status: number,
  code: string,
  message: string,
): Promise<void> {
  expect(res.status(), await res.text()).toBe(status);
  const body = (await res.json()) as ApiErrorBody;
  expect(body).toEqual({ code, message });
}

// ---------------------------------------------------------------------------------------------
// The answering screen.

/** The waiting save of the page's answers reaching the server (POST …/answers answered 200). */
export function answersSaved(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /^\/api\/attempts\/\d+\/answers$/.test(new URL(response.url()).pathname) &&
      response.status() === 200,
  );
}

/** An option of the question on screen by its text (the label reads "A. fs", or "True"). */
export function option(page: Page, role: 'radio' | 'checkbox', text: string): Locator {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByTestId('question').getByRole(role, { name: new RegExp(`(^|\\s|\\.)${escaped}$`) });
}

/**
 * Answers the question on screen whatever its type (the drill is shuffled): its first option,
 * or "429" in its blank.
 */
export async function answerWhateverIsShown(page: Page): Promise<void> {
  const question = page.getByTestId('question');
  const choice = question.getByRole('radio').or(question.getByRole('checkbox')).first();
  if ((await choice.count()) > 0) await choice.check();
  else await question.getByRole('textbox').first().fill('429');
}

/** The page's own formats (apps/web/src/lib/format.ts): a moment as "YYYY-MM-DD HH:mm" in the browser's zone. */
export function dateMinutesInPage(page: Page, iso: string): Promise<string> {
  return page.evaluate((value) => {
    const date = new Date(value);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, iso);
}

/** A length of time as the result screen writes it: "1m 5s" / "1分5秒". */
export function durationText(totalSeconds: number, lang: Lang): string {
  const units = lang === 'cn' ? ['天', '时', '分', '秒'] : ['d', 'h', 'm', 's'];
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  [86400, 3600, 60, 1].forEach((size, i) => {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${units[i]}`);
  });
  return parts.length ? parts.join(lang === 'cn' ? '' : ' ') : `0${units[3]}`;
}

export const examText = {
  en: {
    detailHeading: 'Exam',
    testHeading: (title: string) => title,
    resultHeading: 'Exam result',
    back: 'Back',
    enroll: 'Enroll',
    enrolled: 'You are enrolled in this exam',
    start: 'Start exam',
    requirement: (progress: number, course: string) => `Study ${progress}% of “${course}” before you start`,
    studied: /You have studied \d+%/,
    continueCourse: 'Continue the course',
    retake: 'Test again',
    continue: 'Continue exam',
    giveUp: 'Give up',
    giveUpTitle: 'Give up this attempt?',
    giveUpContent: 'Your answers are submitted as they stand and this counts as one attempt.',
    viewGrades: 'View grades',
    viewReviewing: 'Reviewing · View result',
    noAttemptsLeft: 'No attempts left',
    duration: (minutes: number) => `${minutes} minutes`,
    scoreValue: (total: number, pass: number) => `${total} / ${pass}`,
    tries: (count: number) => `${count} attempts`,
    unlimitedTries: 'Unlimited',
    attemptsUsed: (used: number, left: number) => `${used} used, ${left} left`,
    points: (count: number) => `${count} ${count === 1 ? 'point' : 'points'}`,
    reviewing: 'Reviewing',
    reviewingNote: 'Reviewing: a teacher is scoring your latest answers. Your score appears here once they have.',
    // Answering screen.
    questionOf: (number: number, total: number) => `Question ${number} of ${total}`,
    type: {
      SINGLE_SELECT: 'Single choice',
      MULTI_SELECT: 'Multiple choice',
      TRUE_OR_FALSE: 'True or false',
      FILL_BLANK: 'Fill in the blanks',
      ASK_AND_ANSWER: 'Short answer',
    },
    stats: (answered: number, total: number) => `Answered ${answered} of ${total}`,
    blank: (number: number) => `Blank ${number}`,
    yourAnswer: 'Your answer',
    flag: 'Mark for review',
    previous: 'Previous',
    next: 'Next',
    cardOpen: 'Answer card',
    cardTitle: 'Answer card',
    cardItem: {
      answered: (n: number) => `Question ${n}, answered`,
      unanswered: (n: number) => `Question ${n}, unanswered`,
      answeredFlagged: (n: number) => `Question ${n}, answered, marked for review`,
    },
    saved: 'Saved',
    timeUp: 'Time is up. Your exam is being submitted…',
    timeWarning: 'Less than 5 minutes left. The exam is submitted automatically when time runs out.',
    submit: 'Submit',
    confirmTitle: 'Submit your answers?',
    confirmAllAnswered: 'You have answered every question. Answers cannot be changed after submitting.',
    confirmUnanswered: (numbers: string) =>
      `Not answered yet: questions ${numbers}. Answers cannot be changed after submitting.`,
    confirmOk: 'Submit',
    readOnly: 'Submitted: the answers can no longer be changed.',
    feedbackReviewing: 'Your teacher has not scored the written answers yet.',
    feedbackPoints: (earned: number, score: number) => `${earned} of ${score} points`,
    feedbackPending: 'Waiting for your teacher',
    verdictRight: 'Right',
    // Result screen.
    scorePending: 'Score pending',
    verdict: { passed: 'Passed', failed: 'Not passed', reviewing: 'Reviewing' },
    gaveUp: 'You gave up this attempt; it was submitted as it stood.',
    timeRanOut: 'Time ran out; the attempt was submitted with your saved answers.',
    reportHeading: 'Report',
    scoreLabel: 'Score',
    pendingOf: (total: number) => `Pending / ${total}`,
    analysisHeading: 'Answers and explanations',
    analysisAfterLastAttempt: 'Answers are shown after your last attempt.',
    questionHeading: (number: number, type: string) => `Question ${number} · ${type}`,
    noAnswer: 'Not answered',
    pointsOf: (earned: number, count: number) => `${earned} of ${count} ${count === 1 ? 'point' : 'points'}`,
    pointsPending: 'Waiting for review',
    answerVerdict: {
      RIGHT: 'Right',
      WRONG: 'Wrong',
      PARTIAL: 'Partly right',
      UNANSWERED: 'Unanswered',
      PENDING_REVIEW: 'Reviewing',
    },
    backToExam: 'Back to the exam',
    // The detail's attempt history, the wrong-answer book (from Me) and its practice round.
    historyHeading: 'Your attempts',
    historyAttempt: (number: number) => `Attempt ${number}`,
    wrongAnswerBook: 'Wrong-answer book',
    practiseHeading: 'Practise my mistakes',
    practiceScore: (right: number, count: number) =>
      `You got ${right} of ${count} ${count === 1 ? 'question' : 'questions'} right.`,
    backToBook: 'Back to the wrong-answer book',
    // Lesson player.
    homeworkHeading: 'Homework',
    homeworkNew: 'Not started',
    homeworkReviewing: 'Submitted · reviewing',
    // API messages.
    attemptsUsedUp: 'You have used all your attempts at this exam',
    examHasEnded: 'This exam has ended',
  },
  cn: {
    detailHeading: '考试详情',
    testHeading: (title: string) => title,
    resultHeading: '考试结果',
    back: '返回',
    enroll: '立即报名',
    enrolled: '你已报名该考试',
    start: '开始考试',
    requirement: (progress: number, course: string) => `开考前需学完课程《${course}》的 ${progress}%`,
    studied: /你已学习 \d+%/,
    continueCourse: '继续学习课程',
    retake: '再考一次',
    continue: '继续考试',
    giveUp: '放弃考试',
    giveUpTitle: '放弃本次考试？',
    giveUpContent: '将按当前答案交卷，并计为一次考试。',
    viewGrades: '查看成绩',
    viewReviewing: '阅卷中 · 查看结果',
    noAttemptsLeft: '考试次数已用完',
    duration: (minutes: number) => `${minutes} 分钟`,
    scoreValue: (total: number, pass: number) => `${total} / ${pass}`,
    tries: (count: number) => `${count} 次`,
    unlimitedTries: '不限次数',
    attemptsUsed: (used: number, left: number) => `已考 ${used} 次，剩余 ${left} 次`,
    points: (count: number) => `${count} 分`,
    reviewing: '阅卷中',
    reviewingNote: '阅卷中：老师正在为你最近一次的答卷评分，评分后成绩会显示在这里。',
    questionOf: (number: number, total: number) => `第 ${number} 题，共 ${total} 题`,
    type: {
      SINGLE_SELECT: '单选题',
      MULTI_SELECT: '多选题',
      TRUE_OR_FALSE: '判断题',
      FILL_BLANK: '填空题',
      ASK_AND_ANSWER: '问答题',
    },
    stats: (answered: number, total: number) => `已答 ${answered} / ${total} 题`,
    blank: (number: number) => `第 ${number} 空`,
    yourAnswer: '你的答案',
    flag: '标记待查',
    previous: '上一题',
    next: '下一题',
    cardOpen: '答题卡',
    cardTitle: '答题卡',
    cardItem: {
      answered: (n: number) => `第 ${n} 题，已答`,
      unanswered: (n: number) => `第 ${n} 题，未答`,
      answeredFlagged: (n: number) => `第 ${n} 题，已答，已标记待查`,
    },
    saved: '已保存',
    timeUp: '考试时间到，正在为你交卷…',
    timeWarning: '距离考试结束不足 5 分钟，时间到后将自动交卷。',
    submit: '交卷',
    confirmTitle: '确认交卷？',
    confirmAllAnswered: '你已答完所有题目。交卷后不能再修改答案。',
    confirmUnanswered: (numbers: string) => `尚未作答：第 ${numbers} 题。交卷后不能再修改答案。`,
    confirmOk: '交卷',
    readOnly: '已提交，答案不能再修改。',
    feedbackReviewing: '老师还未批阅主观题。',
    feedbackPoints: (earned: number, score: number) => `得 ${earned}/${score} 分`,
    feedbackPending: '等待老师批阅',
    verdictRight: '正确',
    scorePending: '成绩待定',
    verdict: { passed: '已及格', failed: '未及格', reviewing: '阅卷中' },
    gaveUp: '你已放弃本次考试，已按当时的答案交卷。',
    timeRanOut: '考试时间已到，已按你保存的答案自动交卷。',
    reportHeading: '成绩报告',
    scoreLabel: '得分',
    pendingOf: (total: number) => `待定 / ${total}`,
    analysisHeading: '答案解析',
    analysisAfterLastAttempt: '答案在你用完全部答题次数后公布。',
    questionHeading: (number: number, type: string) => `第 ${number} 题 · ${type}`,
    noAnswer: '未作答',
    pointsOf: (earned: number, count: number) => `${earned} / ${count} 分`,
    pointsPending: '等待阅卷',
    answerVerdict: {
      RIGHT: '正确',
      WRONG: '错误',
      PARTIAL: '部分正确',
      UNANSWERED: '未作答',
      PENDING_REVIEW: '阅卷中',
    },
    backToExam: '返回考试',
    historyHeading: '我的考试记录',
    historyAttempt: (number: number) => `第 ${number} 次`,
    wrongAnswerBook: '错题本',
    practiseHeading: '练习错题',
    practiceScore: (right: number, count: number) => `共 ${count} 题，答对 ${right} 题。`,
    backToBook: '返回错题本',
    homeworkHeading: '课后作业',
    homeworkNew: '未开始',
    homeworkReviewing: '已提交·批阅中',
    attemptsUsedUp: '答题次数已用完',
    examHasEnded: '考试已结束',
  },
} as const;

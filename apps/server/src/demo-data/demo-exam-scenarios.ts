import type { LocalizedText } from '../lib/localized-text.js';
import { day, hour } from './demo-school.js';

/*
 * The demo school's exam scenarios (decision 012): the exams, papers and homework come from the demo
 * pack (examples/demo-school: exams/<uid>/exam.yaml, the homework on lessons of
 * courses/javascript-from-zero/course.yaml); what the demo `learner` and another learner did with
 * them is the demo data (demo-exams.ts). Times are offsets from the hour the demo data is made in
 * (`DemoSchool.at`), the pack's times moved around it.
 *
 * The scenarios of the demo `learner` (`demoExamScenarios` below names them by exam uid, course
 * uid and lesson number; testing/exam-scenarios.ts finds their ids):
 * - notStarted — js-fundamentals-exam: a member; it starts in 2 days 3 hours (60 min, 3 tries).
 * - openTimed — node-basics-test: a member, open since 3 days for 60 more, 30 minutes per try,
 *   2 tries, no attempt yet: all five quiz types in paper order, for the take-an-exam journey;
 *   answers shown after the last submission (the second try).
 * - timedDrill — http-status-drill: a member, open, 1 minute per try, unlimited tries, no
 *   attempt yet, shuffled, answers shown after each try: for the journey where time runs out.
 * - late — sql-closed-exam: a member, closed exam that started an hour before the demo data's
 *   hour (`lateExamStart`) with a 30-minute late limit: nobody may enter any more (it ends 2
 *   hours after that hour).
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
 *   learned 1 of its 7 lessons (`gatedCourseProgress`).
 * - lessonQuiz — python-quiz: the free any-time quiz every other EXAM lesson opens, answers
 *   shown after each try; the learner is not a member.
 * - homework — on lesson 3 of JavaScript from Zero (the learner owns it): 4 questions, no
 *   attempt yet. homeworkSubmitted — on lesson 2: submitted and reviewed (read-only).
 * Also: react-certification (paid, closed, shuffled, answers after it ends), ui-design-exam
 * (paid), excel-skills-test (ended), japanese-kana-test (starts tomorrow), data-analysis-final
 * (DRAFT, coming soon): the learner is not a member of these.
 */

const t = (cn: string, en: string): LocalizedText => ({ cn, en });

/**
 * The scenarios by exam uid, and course uid plus lesson number (1-based, as the course outline
 * numbers them) for lessons: what browser tests reach through the API. API tests get ids from
 * testing/exam-scenarios.ts.
 */
export const demoExamScenarios = {
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

/**
 * When the late scenario's exam starts, from the demo data's hour: an hour before it. Its row's
 * start time minus this is that hour (testing/exam-scenarios.ts `seededAt`).
 */
export const lateExamStart = -1 * hour;

/**
 * The learner's progress in the gated course (written with the other learning progress): lesson
 * 1 learned, lesson 2 half read: 1 of 7 lessons, under the exam's 60 %. `n` is the lesson's index
 * in the course outline (0 is lesson 1); `at` an offset from the demo data's hour.
 */
export const gatedCourseProgress = {
  courseUid: demoExamScenarios.progressRequired.courseUid,
  lessons: [
    { n: 0, position: 4, completed: true },
    { n: 1, position: 50, completed: false },
  ],
  at: -4 * day,
} as const;

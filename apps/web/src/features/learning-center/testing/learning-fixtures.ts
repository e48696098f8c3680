import type { Page } from '@school/contract/common';
import type { MyClassroom, MyCourse, MyExam, StudyStatistics } from '@school/contract/learning';

/** The learning centre's answers as the API gives them, for the screens' tests. */

export const learningCourse: MyCourse = {
  uid: 'vue-basics',
  title: 'Vue from scratch',
  cover: '/mobile/seed/cover-01.svg',
  lessonCount: 10,
  learnedLessonCount: 3,
  progress: 30,
  learningStatus: 'LEARNING',
  joinedAt: '2026-01-02T03:00:00.000Z',
  expiresAt: null,
  expired: false,
  lastLearnedAt: '2026-01-05T03:00:00.000Z',
  lastLessonId: 42,
  refundPending: false,
  firstLessonId: 40,
  leave: { kind: 'quit' },
};

export const newCourse: MyCourse = {
  ...learningCourse,
  uid: 'react-basics',
  title: 'React for everyone',
  learnedLessonCount: 0,
  progress: 0,
  learningStatus: 'NOT_STARTED',
  expiresAt: '2099-03-01T00:00:00.000Z',
  lastLearnedAt: null,
  lastLessonId: null,
  firstLessonId: 70,
};

export const expiredCourse: MyCourse = {
  ...learningCourse,
  uid: 'old-sql',
  title: 'SQL last year',
  expiresAt: '2025-06-01T00:00:00.000Z',
  expired: true,
};

export const learningClassroom: MyClassroom = {
  uid: 'frontend-bootcamp',
  title: 'Frontend bootcamp',
  cover: '/mobile/seed/cover-02.svg',
  courseCount: 4,
  completedCourseCount: 1,
  progress: 25,
  joinedAt: '2026-01-02T03:00:00.000Z',
  lastLearnedAt: null,
  refundPending: false,
  leave: { kind: 'quit' },
};

export const learningExam: MyExam = {
  uid: 'english-test',
  title: 'English level test',
  cover: '/mobile/seed/cover-03.svg',
  startTime: '2026-02-01T01:00:00.000Z',
  endTime: '2026-02-03T01:00:00.000Z',
  duration: 60,
  joinedAt: '2026-01-02T03:00:00.000Z',
  attemptCount: 1,
  examTimes: 3,
  status: 'PASSED',
  entryClosesAt: null,
  bestScore: 84,
  passScore: 60,
  totalScore: 100,
};

/** One page of `items` (the whole list when `total` is left out). */
export function pageOf<T>(items: T[], { page = 1, pageSize = 10, total = items.length } = {}): Page<T> {
  return { items, total, page, pageSize };
}

/** GET /api/learning/statistics of a learner who studied on three of the last seven days. */
export const studyStatistics: StudyStatistics = {
  timeZone: 'Asia/Shanghai',
  today: '2026-03-04',
  days: [
    { date: '2026-02-26', seconds: 0, lessonsFinished: 0 },
    { date: '2026-02-27', seconds: 0, lessonsFinished: 0 },
    { date: '2026-02-28', seconds: 0, lessonsFinished: 0 },
    { date: '2026-03-01', seconds: 0, lessonsFinished: 0 },
    { date: '2026-03-02', seconds: 1500, lessonsFinished: 1 },
    { date: '2026-03-03', seconds: 3900, lessonsFinished: 2 },
    { date: '2026-03-04', seconds: 0, lessonsFinished: 0 },
  ],
  weekSeconds: 5400,
  weekLessonsFinished: 3,
  totalLessonsFinished: 12,
  streakDays: 2,
  studiedToday: false,
};

/** The same of a learner who has not studied yet. */
export const noStudyStatistics: StudyStatistics = {
  ...studyStatistics,
  days: studyStatistics.days.map((day) => ({ ...day, seconds: 0, lessonsFinished: 0 })),
  weekSeconds: 0,
  weekLessonsFinished: 0,
  totalLessonsFinished: 0,
  streakDays: 0,
};

import type { ExamDetail } from '@school/contract/exams';

/*
 * An exam detail as the server answers it, for the exam screens' tests: a free published exam
 * opening three days after `now`, with fields to override per case.
 */

const hour = 3_600_000;
const day = 24 * hour;
const iso = (ms: number) => new Date(ms).toISOString();

export type Membership = NonNullable<ExamDetail['membership']>;

/** A member since `now` with no attempt yet. */
export function membershipAt(now: number, over: Partial<Membership> = {}): Membership {
  return {
    joinedAt: iso(now),
    attemptsUsed: 0,
    openAttemptId: null,
    latestAttempt: null,
    bestScore: null,
    attempts: [],
    ...over,
  };
}

export function examDetailAt(now: number, over: Partial<ExamDetail> = {}): ExamDetail {
  return {
    uid: 'final',
    title: 'Final exam',
    cover: '/seed/cover-04.svg',
    price: { amount: 0, original: null, currency: 'CNY' },
    status: 'PUBLISHED',
    startTime: iso(now + 3 * day + hour),
    endTime: iso(now + 4 * day),
    duration: 90,
    totalScore: 100,
    passScore: 60,
    quizCount: 25,
    examTimes: 2,
    studentCount: 7,
    brief: '<p>Bring a pencil</p>',
    reviewers: [{ id: 1, name: 'Li Lei', avatar: null, title: 'Professor', introduction: '' }],
    closedExam: false,
    lateLimit: null,
    requirement: null,
    membership: null,
    now: iso(now),
    ...over,
  };
}

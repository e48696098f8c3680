import type { ExamDetail } from '@school/contract/exams';
import { describe, expect, it } from 'vitest';
import { examDurationMessage, examStatus, examTimesMessage, examTipMessage, type ExamTip } from './exam-status';

const m = 60_000;
const h = 60 * m;
const d = 24 * h;
// A fake "now": every case is placed relative to it, so no test depends on the machine's clock.
const now = Date.parse('2025-06-15T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

type Input = Parameters<typeof examStatus>[0];
const free = { amount: 0, original: null, currency: 'CNY' } as const;
const paid = { amount: 1990, original: null, currency: 'CNY' } as const;
const member = (attemptsUsed = 0): ExamDetail['membership'] => ({
  joinedAt: iso(now - d),
  attemptsUsed,
  openAttemptId: null,
  latestAttempt: null,
  bestScore: null,
  attempts: [],
});

function exam(over: Partial<Input> = {}): Input {
  return {
    status: 'PUBLISHED',
    price: free,
    startTime: iso(now + 2 * d),
    endTime: iso(now + 3 * d),
    closedExam: false,
    lateLimit: null,
    requirement: null,
    examTimes: null,
    membership: null,
    ...over,
  };
}

describe('examStatus tips', () => {
  it('counts whole days from one day before the start', () => {
    expect(examStatus(exam({ startTime: iso(now + 3 * d + 5 * h) }), now).tip).toEqual({
      kind: 'startsInDays',
      days: 3,
    });
    expect(examStatus(exam({ startTime: iso(now + d) }), now).tip).toEqual({ kind: 'startsInDays', days: 1 });
  });

  it('switches to hours and minutes under one day, rounding minutes up', () => {
    expect(examStatus(exam({ startTime: iso(now + d - 1) }), now).tip).toEqual({
      kind: 'startsInHours',
      hours: 24,
      minutes: 0,
    });
    expect(examStatus(exam({ startTime: iso(now + 5 * h + 20 * m) }), now).tip).toEqual({
      kind: 'startsInHours',
      hours: 5,
      minutes: 20,
    });
    expect(examStatus(exam({ startTime: iso(now + 90 * 1000) }), now).tip).toEqual({
      kind: 'startsInHours',
      hours: 0,
      minutes: 2,
    });
    expect(examStatus(exam({ startTime: iso(now + 1) }), now).tip).toEqual({
      kind: 'startsInHours',
      hours: 0,
      minutes: 1,
    });
  });

  it('has no tip inside the window, nor for an exam without times', () => {
    expect(examStatus(exam({ startTime: iso(now - h), endTime: iso(now + h) }), now).tip).toBeNull();
    expect(examStatus(exam({ startTime: iso(now) }), now).tip).toBeNull();
    expect(examStatus(exam({ startTime: null, endTime: null }), now).tip).toBeNull();
  });

  it('says a closed exam is late only after start + lateLimit', () => {
    const closed = exam({ startTime: iso(now - 15 * m), closedExam: true, lateLimit: 15 });
    expect(examStatus(closed, now).tip).toBeNull();
    expect(examStatus(closed, now + 1).tip).toEqual({ kind: 'late', lateLimit: 15 });
  });

  it('never calls an open exam or one without a limit late', () => {
    expect(examStatus(exam({ startTime: iso(now - d), closedExam: false, lateLimit: 15 }), now).tip).toBeNull();
    expect(examStatus(exam({ startTime: iso(now - d), closedExam: true, lateLimit: null }), now).tip).toBeNull();
  });

  it('says ended from the end time on, before any lateness', () => {
    const closed = exam({ startTime: iso(now - 2 * h), endTime: iso(now), closedExam: true, lateLimit: 10 });
    expect(examStatus(closed, now).tip).toEqual({ kind: 'ended' });
    expect(examStatus(closed, now - 1).tip).toEqual({ kind: 'late', lateLimit: 10 });
  });
});

describe('examStatus actions', () => {
  it('says coming soon for a draft', () => {
    expect(examStatus(exam({ status: 'DRAFT' }), now).action).toBe('comingSoon');
    expect(examStatus(exam({ status: 'DRAFT', membership: member() }), now).action).toBe('comingSoon');
  });

  it('lets a visitor enroll in a free exam and buy a paid one, also before the start', () => {
    expect(examStatus(exam(), now).action).toBe('enroll');
    expect(examStatus(exam({ price: paid }), now).action).toBe('buy');
    expect(examStatus(exam({ startTime: iso(now - h) }), now).action).toBe('enroll');
  });

  it('shows a member "not started" until the start, then "start"', () => {
    const upcoming = exam({ startTime: iso(now + m), membership: member() });
    expect(examStatus(upcoming, now).action).toBe('notStarted');
    expect(examStatus(upcoming, now + m).action).toBe('start');
  });

  it('offers a retake while attempts remain and stops when they are used', () => {
    const open = { startTime: iso(now - h), examTimes: 3 };
    expect(examStatus(exam({ ...open, membership: member(1) }), now)).toMatchObject({
      action: 'retake',
      attemptsLeft: 2,
    });
    expect(examStatus(exam({ ...open, membership: member(3) }), now)).toMatchObject({
      action: 'noAttemptsLeft',
      attemptsLeft: 0,
    });
    expect(examStatus(exam({ startTime: iso(now - h), membership: member(9) }), now)).toMatchObject({
      action: 'retake',
      attemptsLeft: null,
    });
  });

  it('keeps late learners out of a closed exam, members and visitors alike', () => {
    const late = { startTime: iso(now - h), closedExam: true, lateLimit: 30 };
    expect(examStatus(exam({ ...late, membership: member() }), now).action).toBe('late');
    expect(examStatus(exam(late), now).action).toBe('late');
    expect(examStatus(exam({ ...late, price: paid }), now).action).toBe('late');
  });

  it('shows ended to everyone after the end time', () => {
    const over = { startTime: iso(now - 2 * h), endTime: iso(now - h) };
    expect(examStatus(exam(over), now).action).toBe('ended');
    expect(examStatus(exam({ ...over, membership: member() }), now).action).toBe('ended');
    expect(examStatus(exam({ ...over, price: paid }), now).action).toBe('ended');
  });

  it('lets a member start any time an exam without times', () => {
    expect(examStatus(exam({ startTime: null, endTime: null, membership: member() }), now).action).toBe('start');
  });

  it('keeps Start until the course asked for first is studied enough, and never stops an open attempt', () => {
    const course = { uid: 'react', title: 'React' };
    const open = { startTime: null, endTime: null };
    const short = { course, progress: 60, yourProgress: 14 };
    expect(examStatus(exam({ ...open, requirement: short, membership: member() }), now).action).toBe(
      'progressRequired',
    );
    expect(
      examStatus(exam({ ...open, requirement: { ...short, yourProgress: 60 }, membership: member() }), now).action,
    ).toBe('start');
    // A visitor's progress is not known: they are offered to enroll, the rule shown beside it.
    expect(examStatus(exam({ ...open, requirement: { ...short, yourProgress: null } }), now).action).toBe('enroll');
    const running = member(1);
    running!.openAttemptId = 7;
    expect(examStatus(exam({ ...open, requirement: short, membership: running }), now).action).toBe('continue');
  });

  it('sends a member with an open attempt back to it, late or out of attempts alike', () => {
    const running = member(2);
    running!.openAttemptId = 41;
    const late = { startTime: iso(now - h), closedExam: true, lateLimit: 30, examTimes: 2 };
    expect(examStatus(exam({ ...late, membership: running }), now)).toMatchObject({
      action: 'continue',
      openAttemptId: 41,
      tip: { kind: 'late' },
    });
    // Ended: the server submits what is open; nothing is left to continue.
    const over = exam({ startTime: iso(now - 2 * h), endTime: iso(now - h), membership: running });
    expect(examStatus(over, now)).toMatchObject({ action: 'ended', openAttemptId: null });
  });

  it('names the latest submitted attempt: scored or reviewing', () => {
    const open = { startTime: iso(now - h), examTimes: 3 };
    const scored = { ...member(1)!, latestAttempt: { id: 7, status: 'COMPLETED' as const, score: 80 } };
    expect(examStatus(exam({ ...open, membership: scored }), now)).toMatchObject({
      action: 'retake',
      latest: { kind: 'scored', attemptId: 7 },
    });
    const reviewing = { ...member(3)!, latestAttempt: { id: 8, status: 'PENDING_REVIEW' as const, score: null } };
    expect(examStatus(exam({ ...open, membership: reviewing }), now)).toMatchObject({
      action: 'noAttemptsLeft',
      latest: { kind: 'reviewing', attemptId: 8 },
    });
    expect(examStatus(exam({ ...open, membership: member() }), now).latest).toBeNull();
  });

  it('leaves attemptsLeft null for a visitor', () => {
    expect(examStatus(exam({ examTimes: 2 }), now).attemptsLeft).toBeNull();
  });
});

describe('examTipMessage', () => {
  it.each<[ExamTip, ReturnType<typeof examTipMessage>]>([
    [
      { kind: 'startsInDays', days: 1 },
      { id: 'exams.tip.startsInDays', values: { count: 1 } },
    ],
    [
      { kind: 'startsInDays', days: 4 },
      { id: 'exams.tip.startsInDays', values: { count: 4 } },
    ],
    [
      { kind: 'startsInHours', hours: 2, minutes: 5 },
      { id: 'exams.tip.startsInHours', values: { hours: 2, minutes: 5 } },
    ],
    [
      { kind: 'startsInHours', hours: 0, minutes: 7 },
      { id: 'exams.tip.startsInMinutes', values: { count: 7 } },
    ],
    [
      { kind: 'late', lateLimit: 15 },
      { id: 'exams.tip.late', values: { minutes: 15 } },
    ],
    [{ kind: 'ended' }, { id: 'exams.tip.ended', values: {} }],
  ])('%o', (tip, message) => {
    expect(examTipMessage(tip)).toEqual(message);
  });
});

describe('duration and attempts', () => {
  it('reads minutes or unlimited', () => {
    expect(examDurationMessage(90)).toEqual({ id: 'exams.duration.minutes', values: { count: 90 } });
    expect(examDurationMessage(null)).toEqual({ id: 'exams.duration.unlimited', values: {} });
  });

  it('reads attempts or unlimited', () => {
    expect(examTimesMessage(3)).toEqual({ id: 'exams.attempts.count', values: { count: 3 } });
    expect(examTimesMessage(null)).toEqual({ id: 'exams.attempts.unlimited', values: {} });
  });
});

import type { ClassroomDetail } from '@school/contract/classrooms';
import { describe, expect, it } from 'vitest';
import {
  classroomAction,
  countdownMessage,
  countdownParts,
  durationMessage,
  enrolPhase,
  enrolStateMessageIds,
} from './enrol';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;
const now = Date.parse('2025-06-15T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

type Times = Parameters<typeof enrolPhase>[0];
const times = (over: Partial<Times>): Times => ({
  enrolState: 'OPEN',
  enrolStartTime: null,
  enrolEndTime: null,
  ...over,
});

describe('enrolPhase', () => {
  it('counts down to the opening before the window starts', () => {
    const phase = enrolPhase(times({ enrolState: 'NOT_STARTED', enrolStartTime: iso(now + h) }), now);
    expect(phase).toEqual({ state: 'NOT_STARTED', countdown: { to: 'start', at: now + h } });
  });

  it('counts down to the closing while open, and has no countdown without an end', () => {
    const open = times({ enrolStartTime: iso(now - d), enrolEndTime: iso(now + 2 * d) });
    expect(enrolPhase(open, now)).toEqual({ state: 'OPEN', countdown: { to: 'end', at: now + 2 * d } });
    expect(enrolPhase(times({ enrolStartTime: iso(now - d) }), now)).toEqual({ state: 'OPEN', countdown: null });
  });

  it('opens when the opening time passes while the screen is open', () => {
    const notStarted = times({
      enrolState: 'NOT_STARTED',
      enrolStartTime: iso(now + s),
      enrolEndTime: iso(now + d),
    });
    expect(enrolPhase(notStarted, now).state).toBe('NOT_STARTED');
    expect(enrolPhase(notStarted, now + s)).toEqual({ state: 'OPEN', countdown: { to: 'end', at: now + d } });
  });

  it('ends at the closing time, and an ended answer stays ended', () => {
    const open = times({ enrolEndTime: iso(now + s) });
    expect(enrolPhase(open, now + s - 1).state).toBe('OPEN');
    expect(enrolPhase(open, now + s)).toEqual({ state: 'ENDED', countdown: null });
    expect(enrolPhase(times({ enrolState: 'ENDED', enrolEndTime: iso(now + d) }), now).state).toBe('ENDED');
  });

  it('keeps FULL from the server whatever the window says', () => {
    const full = times({ enrolState: 'FULL', enrolStartTime: iso(now - d), enrolEndTime: iso(now + d) });
    expect(enrolPhase(full, now)).toEqual({ state: 'FULL', countdown: null });
  });

  it('has a text for every state', () => {
    expect(enrolStateMessageIds).toEqual({
      NOT_STARTED: 'classrooms.enrol.notStarted',
      OPEN: 'classrooms.enrol.open',
      ENDED: 'classrooms.enrol.ended',
      FULL: 'classrooms.enrol.full',
    });
  });
});

describe('countdownParts', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(countdownParts(2 * d + 3 * h + 4 * m + 5 * s)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('rounds a part-second up and never goes below zero', () => {
    expect(countdownParts(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(59 * s + 1)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(countdownParts(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(-5 * s)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('countdownMessage', () => {
  it('shows days and a zero-padded clock from one day on', () => {
    expect(countdownMessage(d + 2 * h + 3 * m + 4 * s)).toEqual({
      id: 'classrooms.countdown.days',
      values: { days: 1, hh: '02', mm: '03', ss: '04' },
    });
  });

  it('shows only the clock under one day', () => {
    expect(countdownMessage(d - s)).toEqual({
      id: 'classrooms.countdown.clock',
      values: { days: 0, hh: '23', mm: '59', ss: '59' },
    });
    expect(countdownMessage(0).values).toEqual({ days: 0, hh: '00', mm: '00', ss: '00' });
  });
});

describe('classroomAction', () => {
  const free = { amount: 0, original: null, currency: 'CNY' } as const;
  const paid = { amount: 9900, original: null, currency: 'CNY' } as const;
  const membership: ClassroomDetail['membership'] = {
    joinedAt: iso(now - d),
    completedCourseCount: 1,
    progress: 50,
  };
  const product = (over: Partial<Parameters<typeof classroomAction>[0]>) => ({
    status: 'PUBLISHED' as const,
    price: free,
    membership: null,
    ...over,
  });

  it('says coming soon for a draft, whatever else holds', () => {
    expect(classroomAction(product({ status: 'DRAFT', membership }), 'OPEN')).toBe('comingSoon');
    expect(classroomAction(product({ status: 'DRAFT', price: paid }), 'OPEN')).toBe('comingSoon');
  });

  it('shows a member as enrolled in every enrolment state', () => {
    for (const state of ['NOT_STARTED', 'OPEN', 'ENDED', 'FULL'] as const) {
      expect(classroomAction(product({ membership }), state)).toBe('enrolled');
    }
  });

  it('lets a visitor enrol in a free classroom and buy a paid one while enrolment is open', () => {
    expect(classroomAction(product({}), 'OPEN')).toBe('enrol');
    expect(classroomAction(product({ price: paid }), 'OPEN')).toBe('buy');
  });

  it('explains why a visitor cannot enrol outside the window', () => {
    for (const price of [free, paid]) {
      expect(classroomAction(product({ price }), 'NOT_STARTED')).toBe('notOpen');
      expect(classroomAction(product({ price }), 'ENDED')).toBe('ended');
      expect(classroomAction(product({ price }), 'FULL')).toBe('full');
    }
  });
});

describe('durationMessage', () => {
  it('reads days or unlimited', () => {
    expect(durationMessage(30)).toEqual({ id: 'classrooms.duration.days', values: { count: 30 } });
    expect(durationMessage(null)).toEqual({ id: 'classrooms.duration.unlimited', values: {} });
  });
});

import type { ClassroomDetail, EnrolState } from '@school/contract/classrooms';
import { dayMs, hourMs, minuteMs, secondMs, timeOf } from '../../../lib/time';

export interface EnrolPhase {
  state: EnrolState;
  /** What the countdown counts to: enrolment opening, enrolment closing, or nothing. */
  countdown: { to: 'start' | 'end'; at: number } | null;
}

type EnrolTimes = Pick<ClassroomDetail, 'enrolState' | 'enrolStartTime' | 'enrolEndTime'>;

/**
 * Where enrolment stands at `now` (server time). The server's state is right when it answered;
 * the window's times move it on while the screen stays open (opening at the start, closing at
 * the end), so the button changes when the countdown reaches zero. FULL only comes from the
 * server (a seat count is not ours to guess), and an ENDED answer stays ended.
 */
export function enrolPhase(classroom: EnrolTimes, now: number): EnrolPhase {
  const start = timeOf(classroom.enrolStartTime);
  const end = timeOf(classroom.enrolEndTime);
  if (classroom.enrolState === 'FULL') return { state: 'FULL', countdown: null };
  if (classroom.enrolState === 'ENDED' || (end !== null && now >= end)) return { state: 'ENDED', countdown: null };
  if (start !== null && now < start) return { state: 'NOT_STARTED', countdown: { to: 'start', at: start } };
  return { state: 'OPEN', countdown: end !== null ? { to: 'end', at: end } : null };
}

/** The text of each enrolment state, shown beside the countdown. */
export const enrolStateMessageIds = {
  NOT_STARTED: 'classrooms.enrol.notStarted',
  OPEN: 'classrooms.enrol.open',
  ENDED: 'classrooms.enrol.ended',
  FULL: 'classrooms.enrol.full',
} as const satisfies Record<EnrolState, string>;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left in whole units; a part-second counts as a full one so zero means "now". */
export function countdownParts(ms: number): CountdownParts {
  let rest = Math.max(0, Math.ceil(ms / secondMs) * secondMs);
  const days = Math.floor(rest / dayMs);
  rest -= days * dayMs;
  const hours = Math.floor(rest / hourMs);
  rest -= hours * hourMs;
  const minutes = Math.floor(rest / minuteMs);
  rest -= minutes * minuteMs;
  return { days, hours, minutes, seconds: Math.floor(rest / secondMs) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The countdown as a message id and its values: "2d 03:04:05", or "03:04:05" under a day. */
export function countdownMessage(ms: number): {
  id: 'classrooms.countdown.days' | 'classrooms.countdown.clock';
  values: { days: number; hh: string; mm: string; ss: string };
} {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  const values = { days, hh: pad(hours), mm: pad(minutes), ss: pad(seconds) };
  return { id: days > 0 ? 'classrooms.countdown.days' : 'classrooms.countdown.clock', values };
}

export type ClassroomAction = 'comingSoon' | 'enrolled' | 'enrol' | 'buy' | 'notOpen' | 'ended' | 'full';

type ActionInput = Pick<ClassroomDetail, 'status' | 'price' | 'membership'>;

/**
 * The detail screen's main button. A member sees "Enrolled" whatever the window says; anyone
 * else can enrol (free) or buy (paid) only while enrolment is open, since the server refuses
 * both outside the window.
 */
export function classroomAction(classroom: ActionInput, state: EnrolState): ClassroomAction {
  if (classroom.status === 'DRAFT') return 'comingSoon';
  if (classroom.membership) return 'enrolled';
  if (state === 'NOT_STARTED') return 'notOpen';
  if (state === 'ENDED') return 'ended';
  if (state === 'FULL') return 'full';
  return classroom.price.amount === 0 ? 'enrol' : 'buy';
}

/** "30 days" or "Unlimited": how long a classroom runs. */
export function durationMessage(durationDays: number | null): {
  id: 'classrooms.duration.days' | 'classrooms.duration.unlimited';
  values: { count?: number };
} {
  return durationDays === null
    ? { id: 'classrooms.duration.unlimited', values: {} }
    : { id: 'classrooms.duration.days', values: { count: durationDays } };
}

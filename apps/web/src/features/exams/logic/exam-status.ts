import type { ExamDetail } from '@school/contract/exams';
import { dayMs, minuteMs, timeOf } from '../../../lib/time';
import { requirementUnmet } from '@school/contract/exam-requirement';

export type ExamTip =
  | { kind: 'startsInDays'; days: number }
  | { kind: 'startsInHours'; hours: number; minutes: number }
  | { kind: 'late'; lateLimit: number }
  | { kind: 'ended' };

export type ExamAction =
  /** DRAFT: announced, not open yet. */
  | 'comingSoon'
  | 'ended'
  /** A closed exam past its lateness limit: nobody may enter any more. */
  | 'late'
  /** Free, not a member: POST join. */
  | 'enroll'
  /** Paid, not a member: the order confirmation. */
  | 'buy'
  /** A member before the start time. */
  | 'notStarted'
  /** A member whose allowed attempts are used up. */
  | 'noAttemptsLeft'
  /** A member who has not studied enough of the course the exam asks for first. */
  | 'progressRequired'
  /** A member inside the window: first attempt, or another one while attempts remain. */
  | 'start'
  | 'retake'
  /** A member with an attempt still open: back to it (Give up sits beside it). */
  | 'continue';

/** The latest submitted attempt, as the detail offers it beside the main button. */
export type ExamLatestResult =
  /** Scored: View grades. */
  | { kind: 'scored'; attemptId: number }
  /** Waiting for a reviewer: Reviewing, the result (score pending) viewable meanwhile. */
  | { kind: 'reviewing'; attemptId: number };

export interface ExamStatus {
  tip: ExamTip | null;
  action: ExamAction;
  /** Attempts still allowed for a member; null when unlimited or not a member. */
  attemptsLeft: number | null;
  /** The member's open attempt, for Continue and Give up; null when none. */
  openAttemptId: number | null;
  /** The member's latest submitted attempt; null before the first submission. */
  latest: ExamLatestResult | null;
}

type StatusInput = Pick<
  ExamDetail,
  'status' | 'price' | 'startTime' | 'endTime' | 'closedExam' | 'lateLimit' | 'examTimes' | 'requirement' | 'membership'
>;

/**
 * The exam detail's tip and main button at `now` (server time, docs/product.md#exam-flow):
 * - before the start: "starts in N days" from one day on, else "starts in N h M min" (minutes
 *   rounded up, so the tip never says 0 while the exam has not started);
 * - a closed exam is late once `lateLimit` minutes after the start have passed;
 * - after the end time the exam has ended for everyone;
 * - where the exam names a course to study first, a member starts once that share of it is learned.
 * Enrolling is allowed before the start (a learner signs up in advance); starting is not.
 */
export function examStatus(exam: StatusInput, now: number): ExamStatus {
  const start = timeOf(exam.startTime);
  const end = timeOf(exam.endTime);
  const member = exam.membership;
  const attemptsLeft = member && exam.examTimes !== null ? Math.max(0, exam.examTimes - member.attemptsUsed) : null;

  let tip: ExamTip | null = null;
  const ended = end !== null && now >= end;
  const notStarted = !ended && start !== null && now < start;
  const late =
    !ended &&
    !notStarted &&
    exam.closedExam &&
    start !== null &&
    exam.lateLimit !== null &&
    now > start + exam.lateLimit * minuteMs;

  if (ended) tip = { kind: 'ended' };
  else if (notStarted) {
    const left = start - now;
    if (left >= dayMs) tip = { kind: 'startsInDays', days: Math.floor(left / dayMs) };
    else {
      const totalMinutes = Math.ceil(left / minuteMs);
      tip = { kind: 'startsInHours', hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
    }
  } else if (late) tip = { kind: 'late', lateLimit: exam.lateLimit! };

  let action: ExamAction;
  if (exam.status === 'DRAFT') action = 'comingSoon';
  else if (ended) action = 'ended';
  else if (!member) action = late ? 'late' : exam.price.amount === 0 ? 'enroll' : 'buy';
  // An attempt already entered goes on whatever the lateness rule says (it is for entering).
  else if (member.openAttemptId !== null) action = 'continue';
  else if (attemptsLeft === 0) action = 'noAttemptsLeft';
  else if (notStarted) action = 'notStarted';
  else if (late) action = 'late';
  else if (requirementUnmet(exam.requirement)) action = 'progressRequired';
  else action = member.attemptsUsed > 0 || member.latestAttempt !== null ? 'retake' : 'start';

  const submitted = member?.latestAttempt ?? null;
  const latest: ExamLatestResult | null =
    submitted === null
      ? null
      : { kind: submitted.status === 'PENDING_REVIEW' ? 'reviewing' : 'scored', attemptId: submitted.id };
  const openAttemptId = action === 'continue' ? member!.openAttemptId : null;
  return { tip, action, attemptsLeft, openAttemptId, latest };
}

type TipMessage =
  | { id: 'exams.tip.startsInDays'; values: { count: number } }
  | { id: 'exams.tip.startsInHours'; values: { hours: number; minutes: number } }
  | { id: 'exams.tip.startsInMinutes'; values: { count: number } }
  | { id: 'exams.tip.late'; values: { minutes: number } }
  | { id: 'exams.tip.ended'; values: Record<string, never> };

/** The message of a tip; under an hour it reads in minutes alone ("starts in 7 minutes"). */
export function examTipMessage(tip: ExamTip): TipMessage {
  switch (tip.kind) {
    case 'startsInDays':
      return { id: 'exams.tip.startsInDays', values: { count: tip.days } };
    case 'startsInHours':
      return tip.hours === 0
        ? { id: 'exams.tip.startsInMinutes', values: { count: tip.minutes } }
        : { id: 'exams.tip.startsInHours', values: { hours: tip.hours, minutes: tip.minutes } };
    case 'late':
      return { id: 'exams.tip.late', values: { minutes: tip.lateLimit } };
    case 'ended':
      return { id: 'exams.tip.ended', values: {} };
  }
}

/** "90 minutes" or "Unlimited". */
export function examDurationMessage(duration: number | null): {
  id: 'exams.duration.minutes' | 'exams.duration.unlimited';
  values: { count?: number };
} {
  return duration === null
    ? { id: 'exams.duration.unlimited', values: {} }
    : { id: 'exams.duration.minutes', values: { count: duration } };
}

/** "3 attempts" or "Unlimited". */
export function examTimesMessage(examTimes: number | null): {
  id: 'exams.attempts.count' | 'exams.attempts.unlimited';
  values: { count?: number };
} {
  return examTimes === null
    ? { id: 'exams.attempts.unlimited', values: {} }
    : { id: 'exams.attempts.count', values: { count: examTimes } };
}

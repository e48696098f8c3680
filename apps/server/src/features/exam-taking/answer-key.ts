import type { AnalysisHiddenUntil } from '@school/contract/exam-taking';
import type { AnswersVisible } from '../../db/schema.js';

/*
 * When a finished attempt's analysis may be shown (decision record 012, "Right answers stay on
 * the server"): one pure function, so the submit answer, the result, a reviewed result and the
 * homework all decide alike. The analysis is the answer key and more: each question's right
 * answer, explanation, verdict, points and reviewer's comment. A verdict gives the key away as
 * surely as the key itself (a true/false question marked wrong names the right one), so all of
 * it goes together.
 *
 * The key may be shown only when no further attempt can change a score: the learner has used
 * the last allowed attempt, or the exam has ended, or the school chose to show it after each
 * attempt (`AFTER_EACH_ATTEMPT`). Before this rule a learner could give up the first of two
 * attempts, read every right answer, and score full marks with the second.
 */

export interface AnswerKeyFacts {
  /** The attempt's exam; null for homework (one attempt per learner, no exam). */
  exam: { answersVisible: AnswersVisible; examTimes: number | null; endTime: Date | null } | null;
  /** The learner's attempts at the exam counted as used (submitted), this one included. */
  attemptsUsed: number;
  now: Date;
}

/**
 * Of a finished attempt (submitted, given up, ended by time, or reviewed; an open one has no
 * result at all): null when its analysis may be shown, otherwise what the learner waits for.
 */
export function analysisHiddenUntil({ exam, attemptsUsed, now }: AnswerKeyFacts): AnalysisHiddenUntil | null {
  // Homework is one attempt per learner: once handed in, there is no other to use the key in.
  if (exam === null) return null;
  if (exam.answersVisible === 'NEVER') return 'NEVER';
  // After the end nobody can start or save an attempt (the deadline is never after the end).
  if (exam.endTime !== null && now.getTime() >= exam.endTime.getTime()) return null;
  if (exam.answersVisible === 'AFTER_EACH_ATTEMPT') return null;
  if (exam.answersVisible === 'AFTER_SUBMIT' && exam.examTimes !== null) {
    return attemptsUsed >= exam.examTimes ? null : 'LAST_ATTEMPT';
  }
  // AFTER_END, or AFTER_SUBMIT with unlimited attempts: only the end closes the exam, and an
  // exam without one never shows its key.
  return exam.endTime === null ? 'NEVER' : 'EXAM_END';
}

import { segment } from './paths.js';

/*
 * Taking exams and homework (decision record 012): apart from apiPaths, which travels in every first screen's code; only the exam-taking and homework screens use these (decision 026).
 */

export const examTakingPaths = {
  /** POST: start an attempt (201). */
  examAttempts: (uid: string) => `/api/exams/${segment(uid)}/attempts`,
  /** GET: the caller's open attempt (404 examAnswerNotFound when none). */
  examCurrentAttempt: (uid: string) => `/api/exams/${segment(uid)}/attempts/current`,
  attempt: (id: number | string) => `/api/attempts/${segment(id)}`,
  attemptAnswers: (id: number | string) => `/api/attempts/${segment(id)}/answers`,
  attemptSubmit: (id: number | string) => `/api/attempts/${segment(id)}/submit`,
  attemptResult: (id: number | string) => `/api/attempts/${segment(id)}/result`,
  /** GET: the homework and the caller's attempt at it (made on first open). */
  homework: (lessonId: number | string, id: number | string) =>
    `/api/lessons/${segment(lessonId)}/homework/${segment(id)}`,
} as const;

import { z } from 'zod';
import { isoDateTime, pageOf, pageQuerySchema } from './common.js';
import { analysisHiddenReasons, givenAnswerSchema, questionAnalysisSchema, questionViewSchema } from './exam-taking.js';
import { textInput } from './validation.js';

/*
 * The wrong-answer book and practice rounds (decision record 022). The book holds, per question,
 * the learner's latest answer in a graded (COMPLETED) exam attempt when it earned less than the
 * question's points: wrong, or partly right. An answer left empty is not a mistake and is not
 * listed; a later graded right answer takes the question out. A question is listed only while
 * its exam may show its answer key to this learner (decision 012: a verdict names the key as
 * surely as the key itself); the others are counted per exam with when they will be shown.
 */

export { wrongAnswerPaths } from './wrong-answer-paths.js';

/** GET /api/me/wrong-answers: `exam` (a uid) narrows the list to one exam. */
export const wrongAnswerQuerySchema = pageQuerySchema.extend({
  exam: textInput().min(1).max(64).optional(),
});
export type WrongAnswerQuery = z.input<typeof wrongAnswerQuerySchema>;

/** One question of the book: the analysis of the learner's latest graded answer to it. */
export const wrongAnswerSchema = questionAnalysisSchema.omit({ number: true, verdict: true }).extend({
  verdict: z.enum(['WRONG', 'PARTIAL']),
  exam: z.object({ uid: z.string(), title: z.string() }),
  /** The attempt it was answered in (its result report). */
  attemptId: z.number().int(),
  answeredAt: isoDateTime,
});
export type WrongAnswer = z.infer<typeof wrongAnswerSchema>;

/** An exam with mistakes in the book: how many, and whether they are listed yet. */
export const wrongAnswerExamSchema = z.object({
  uid: z.string(),
  title: z.string(),
  count: z.number().int().positive(),
  /** Null: its mistakes are listed. Otherwise they are held back until then (decision 012). */
  hiddenUntil: z.enum(analysisHiddenReasons).nullable(),
});
export type WrongAnswerExam = z.infer<typeof wrongAnswerExamSchema>;

export const wrongAnswerBookSchema = pageOf(wrongAnswerSchema).extend({
  /** Every exam with mistakes of the caller's, listed or held back, most recent first. */
  exams: z.array(wrongAnswerExamSchema),
});
export type WrongAnswerBook = z.infer<typeof wrongAnswerBookSchema>;

/** Questions in one practice round at most. */
export const practiceRoundMax = 50;

/** GET /api/me/wrong-answers/practice: the book's questions (one exam's with `exam`). */
export const practiceQuerySchema = z.object({ exam: textInput().min(1).max(64).optional() });
export type PracticeQuery = z.input<typeof practiceQuerySchema>;

/** The questions as while answering: no right answer, no explanation. Newest mistakes first. */
export const practiceRoundSchema = z.object({
  questions: z.array(questionViewSchema.extend({ exam: z.object({ uid: z.string(), title: z.string() }) })),
});
export type PracticeRound = z.infer<typeof practiceRoundSchema>;

/**
 * POST /api/me/wrong-answers/practice/check: one answer to a question of the caller's book.
 * Scored by the exam rules, recorded nowhere. A question not in the book (another learner's,
 * answered right since, or held back) is 404 questionNotFound.
 */
export const practiceCheckSchema = z.object({
  questionId: z.number().int().positive().max(2_147_483_647),
  answer: givenAnswerSchema,
});
export type PracticeCheck = z.input<typeof practiceCheckSchema>;

export const practiceCheckResultSchema = questionAnalysisSchema
  .pick({ rightAnswer: true, explanation: true, earned: true, score: true })
  .extend({
    /** PENDING_REVIEW: a written answer no rule can score; compare it with the reference. */
    verdict: z.enum(['RIGHT', 'WRONG', 'PARTIAL', 'UNANSWERED', 'PENDING_REVIEW']),
    given: givenAnswerSchema,
  });
export type PracticeCheckResult = z.infer<typeof practiceCheckResultSchema>;

import { z } from 'zod';
import { isoDateTime } from './common.js';
import { answerStatuses, quizTypes } from './enums.js';
import { answerLimits } from './exam-limits.js';
import { uploadedImageUrlPattern } from './uploads.js';
import { textInput } from './validation.js';

/*
 * Taking exams and homework (decision record 012, docs/product.md#exam-flow). An attempt is one try at an exam
 * (or a learner's homework): the server keeps its deadline, its answers and its scores. The
 * right answers and explanations never reach the browser before the attempt is submitted, and
 * then only once no further attempt can change a score (the last allowed attempt used, or the
 * exam ended) or when the school chose to show them after each attempt.
 */

// Kept in a module without zod, so the answering screen can read them without loading it.
export { answerLimits };

/** A choice as shown: its key ("A", "true") and its text. */
/** What marks each blank in a fill-blank stem. */
export const fillBlankMarker = '{{blank}}';

export const questionOptionSchema = z.object({ key: z.string(), text: z.string() });

/** A question as the learner sees it while answering: no right answer, no explanation. */
export const questionViewSchema = z.object({
  id: z.number().int(),
  /** 1-based in this attempt's order. */
  number: z.number().int().positive(),
  type: z.enum(quizTypes),
  /** Sanitized HTML; a fill-blank stem marks each blank with `{{blank}}`. */
  stem: z.string(),
  options: z.array(questionOptionSchema),
  /** Fill-blank: how many blanks; 0 otherwise. */
  blankCount: z.number().int().nonnegative(),
  score: z.number().int().positive(),
});
export type QuestionView = z.infer<typeof questionViewSchema>;

/** A learner's answer: chosen keys, the text of each blank, or a text with uploaded images. */
export const givenAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('CHOICE'), keys: z.array(textInput().min(1).max(16)).max(26) }),
  z.object({ kind: z.literal('BLANKS'), texts: z.array(textInput().max(answerLimits.blankMax)).max(20) }),
  z.object({
    kind: z.literal('TEXT'),
    text: textInput().max(answerLimits.textMax),
    /** URLs of the learner's own image uploads (POST /api/files), exactly as answered. */
    images: z.array(textInput().max(300).regex(uploadedImageUrlPattern)).max(answerLimits.imagesMax),
  }),
]);
export type GivenAnswer = z.infer<typeof givenAnswerSchema>;

export const savedAnswerSchema = z.object({
  questionId: z.number().int(),
  answer: givenAnswerSchema,
  /** The client's sequence number of the save that is stored. */
  seq: z.number().int().nonnegative(),
  flagged: z.boolean(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** GET /api/attempts/{id}, and the answer of starting one. */
export const attemptSchema = z.object({
  id: z.number().int(),
  status: z.enum(answerStatuses),
  exam: z.object({ uid: z.string(), title: z.string() }).nullable(),
  homework: z.object({ id: z.number().int(), lessonId: z.number().int(), title: z.string() }).nullable(),
  startedAt: isoDateTime,
  /** Null: no time limit. The screen counts down against it with `now`. */
  deadline: isoDateTime.nullable(),
  submittedAt: isoDateTime.nullable(),
  /** The server's time of this answer. */
  now: isoDateTime,
  totalScore: z.number().int().nonnegative(),
  questions: z.array(questionViewSchema),
  answers: z.array(savedAnswerSchema),
});
export type Attempt = z.infer<typeof attemptSchema>;

/**
 * POST /api/attempts/{id}/answers: saves in the order made. Each is kept only if its `seq` is
 * above the stored one for that question (a retried or late older save changes nothing), so the
 * same request may be sent again safely. Refused once the attempt is submitted, or after the
 * deadline plus `graceSeconds` (examHasEnded).
 */
export const answerSaveSchema = z.object({
  questionId: z.number().int().positive(),
  answer: givenAnswerSchema,
  seq: z.number().int().nonnegative().max(2_000_000_000),
  flagged: z.boolean().default(false),
});
export const answerSavesSchema = z.object({ saves: z.array(answerSaveSchema).min(1).max(answerLimits.savesMax) });
export type AnswerSaves = z.input<typeof answerSavesSchema>;
export const answerSavesResultSchema = z.object({
  /** Per question, the seq the server now holds (equal to or above what was sent). */
  saved: z.array(z.object({ questionId: z.number().int(), seq: z.number().int() })),
});
export type AnswerSavesResult = z.infer<typeof answerSavesResultSchema>;

/** POST /api/attempts/{id}/submit: `giveUp` abandons the attempt (submitted as it stands). */
export const attemptSubmitSchema = z.object({ giveUp: z.boolean().default(false) });

/** How each quiz type went: the report of a result. */
export const typeReportSchema = z.object({
  type: z.enum(quizTypes),
  questions: z.number().int().nonnegative(),
  right: z.number().int().nonnegative(),
  /** Some of the points (a multiple choice with some right keys, an essay scored in part). */
  partlyRight: z.number().int().nonnegative(),
  wrong: z.number().int().nonnegative(),
  unanswered: z.number().int().nonnegative(),
  /** Points scored of the points possible; null while subjective answers wait for review. */
  score: z.number().int().nonnegative().nullable(),
  totalScore: z.number().int().nonnegative(),
});

/** One question of the analysis: shown only when the exam allows seeing answers. */
export const questionAnalysisSchema = questionViewSchema.extend({
  given: givenAnswerSchema.nullable(),
  /** The right option keys, accepted blank texts (first of each), or the reference answer. */
  rightAnswer: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('CHOICE'), keys: z.array(z.string()) }),
    z.object({ kind: z.literal('BLANKS'), texts: z.array(z.string()) }),
    z.object({ kind: z.literal('REFERENCE'), text: z.string() }),
  ]),
  /** Right, wrong, partly right, unanswered, or waiting for review. */
  verdict: z.enum(['RIGHT', 'WRONG', 'PARTIAL', 'UNANSWERED', 'PENDING_REVIEW']),
  /** Points given of the question's `score`; null while waiting for review. */
  earned: z.number().int().nonnegative().nullable(),
  explanation: z.string(),
  reviewComment: z.string().nullable(),
});

/**
 * Why a result carries no analysis, so the screen can say when it will: after the learner's
 * last allowed attempt, after the exam ends, or never (the exam does not show answers, or it
 * allows unlimited attempts and has no end).
 */
export const analysisHiddenReasons = ['LAST_ATTEMPT', 'EXAM_END', 'NEVER'] as const;
export type AnalysisHiddenUntil = (typeof analysisHiddenReasons)[number];

/** GET /api/attempts/{id}/result (a submitted attempt of the caller's). */
export const attemptResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(answerStatuses),
  /** Null while subjective answers wait for review. */
  score: z.number().int().nonnegative().nullable(),
  totalScore: z.number().int().nonnegative(),
  passScore: z.number().int().nonnegative().nullable(),
  passed: z.boolean().nullable(),
  /** Questions answered right (a partly right one does not count), of all questions, 0 to 100 rounded down. */
  correctPercent: z.number().int().min(0).max(100),
  usedSeconds: z.number().int().nonnegative(),
  submittedAt: isoDateTime,
  submittedBy: z.enum(['LEARNER', 'GIVE_UP', 'TIME_UP']),
  report: z.array(typeReportSchema),
  /**
   * Each question with its right answer, explanation, verdict and points; null while they are
   * hidden (`analysisHiddenUntil` says until when). Homework shows it once handed in.
   */
  analysis: z.array(questionAnalysisSchema).nullable(),
  /** Null when `analysis` is shown. */
  analysisHiddenUntil: z.enum(analysisHiddenReasons).nullable(),
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;

/** POST /api/review/attempts/{id} (a reviewing teacher): points and a comment per subjective answer. */
export const attemptReviewSchema = z.object({
  scores: z
    .array(
      z.object({
        questionId: z.number().int().positive(),
        score: z.number().int().nonnegative(),
        comment: textInput().max(1000).default(''),
      }),
    )
    .min(1)
    .max(200),
});
export type AttemptReview = z.input<typeof attemptReviewSchema>;

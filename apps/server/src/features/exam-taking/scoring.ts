import { quizTypes, type QuizType } from '@school/contract/enums';
import type { questionAnalysisSchema, typeReportSchema } from '@school/contract/exam-taking';
import type { z } from 'zod';
import type { GivenAnswer, QuestionAnswer } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

/*
 * The scoring rules of exams and homework (decision record 012, "Scoring"): pure functions, so
 * submitting, the deadline job, the result and the review all score an attempt the same way and
 * a result can be recomputed from the stored questions and answers at any time.
 *
 * Objective questions are scored by these rules; an ask-and-answer, or a question whose stored
 * right answer these rules cannot read, waits for a reviewer (PENDING_REVIEW, score null).
 */

export type Verdict = z.infer<typeof questionAnalysisSchema>['verdict'];
export type TypeReport = z.infer<typeof typeReportSchema>;

/** What the rules read of a question: its type, its option keys and its right answer. */
export interface ScorableQuestion {
  type: QuizType;
  options: readonly { readonly key: string }[];
  answer: QuestionAnswer;
}

export interface AnswerScore {
  verdict: Verdict;
  /** Points given, 0 to the question's points; null while the answer waits for a reviewer. */
  score: number | null;
}

/**
 * A blank's text as it is compared: Unicode NFKC (full-width letters, digits and punctuation
 * become their ASCII forms), lower case (locale-independent: `toLowerCase`, never the device's
 * locale), every run of whitespace one space, no space at either end. NFKC runs again after
 * lower-casing because a lower-case letter may compose where its capital did not ("T" + U+0308
 * has no precomposed form, "t" + U+0308 is "ẗ"); that keeps the function idempotent, so a text
 * normalized once (accepted texts, stored answers) compares equal to itself (property-tested).
 */
export function normalizeBlank(text: string): string {
  return text.normalize('NFKC').toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/**
 * `points` split over `parts` in whole points that add up to exactly `points`: the remainder
 * goes one each to the first parts (5 over 3 blanks is 2, 2, 1).
 */
export function splitPoints(points: number, parts: number): number[] {
  if (parts <= 0) return [];
  const base = Math.floor(points / parts);
  const remainder = points % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** The right answer in the form the rules compare against, or why it cannot be read. */
type AnswerKey =
  | { kind: 'CHOICE'; right: ReadonlySet<string> }
  | { kind: 'BLANKS'; accepted: readonly ReadonlySet<string>[] }
  | { kind: 'REVIEW' }
  | { kind: 'PROBLEM'; problem: string };

function answerKeyOf(question: ScorableQuestion): AnswerKey {
  const { type, answer } = question;
  switch (type) {
    case 'SINGLE_SELECT':
    case 'TRUE_OR_FALSE':
    case 'MULTI_SELECT': {
      if (answer.kind !== 'CHOICE') return { kind: 'PROBLEM', problem: `a ${type} question needs CHOICE keys` };
      if (answer.keys.length === 0) return { kind: 'PROBLEM', problem: 'no right key' };
      const optionKeys = new Set(question.options.map((option) => option.key));
      const missing = answer.keys.find((key) => !optionKeys.has(key));
      if (missing !== undefined) return { kind: 'PROBLEM', problem: `right key ${missing} is not an option` };
      return { kind: 'CHOICE', right: new Set(answer.keys) };
    }
    case 'FILL_BLANK': {
      if (answer.kind !== 'BLANKS') return { kind: 'PROBLEM', problem: 'a FILL_BLANK question needs BLANKS' };
      if (answer.accepted.length === 0) return { kind: 'PROBLEM', problem: 'no blank' };
      const accepted = answer.accepted.map((texts) => new Set(texts.map(normalizeBlank).filter((text) => text !== '')));
      // An empty accepted text would match an empty blank: a blank without a real text is an
      // authoring mistake, not a free point.
      const empty = accepted.findIndex((texts) => texts.size === 0);
      if (empty !== -1) return { kind: 'PROBLEM', problem: `blank ${empty + 1} accepts no text` };
      return { kind: 'BLANKS', accepted };
    }
    case 'ASK_AND_ANSWER':
      return { kind: 'REVIEW' };
    default:
      return { kind: 'PROBLEM', problem: `unknown quiz type ${String(type)}` };
  }
}

/**
 * Why the rules cannot score this question (its right answer does not fit its type, a right
 * key is not one of its options, a blank accepts no text), or null when they can. Such a
 * question is not failed for the learner: their answer waits for a reviewer instead. A pack
 * and any question editor should keep this null for every objective question.
 */
export function questionProblem(question: ScorableQuestion): string | null {
  const key = answerKeyOf(question);
  return key.kind === 'PROBLEM' ? key.problem : null;
}

/**
 * Nothing given: no keys chosen, every blank the question has empty (texts beyond its blanks do
 * not count), or an empty text without images.
 */
function isUnanswered(given: GivenAnswer | null, question: ScorableQuestion): boolean {
  if (given === null) return true;
  switch (given.kind) {
    case 'CHOICE':
      return given.keys.length === 0;
    case 'BLANKS': {
      const blankCount = question.answer.kind === 'BLANKS' ? question.answer.accepted.length : given.texts.length;
      return given.texts.slice(0, blankCount).every((text) => normalizeBlank(text) === '');
    }
    case 'TEXT':
      return normalizeBlank(given.text) === '' && given.images.length === 0;
    default:
      return false;
  }
}

/** The kind of answer each quiz type takes. */
const givenKindOf: Record<QuizType, GivenAnswer['kind']> = {
  SINGLE_SELECT: 'CHOICE',
  MULTI_SELECT: 'CHOICE',
  TRUE_OR_FALSE: 'CHOICE',
  FILL_BLANK: 'BLANKS',
  ASK_AND_ANSWER: 'TEXT',
};

const unanswered: AnswerScore = { verdict: 'UNANSWERED', score: 0 };
const pendingReview: AnswerScore = { verdict: 'PENDING_REVIEW', score: null };
const wrong: AnswerScore = { verdict: 'WRONG', score: 0 };

function assertPoints(points: number): void {
  // Points come from paper_questions (a check keeps them > 0): anything else is a bug upstream.
  if (!Number.isSafeInteger(points) || points < 0) throw new RangeError(`points must be a whole number ≥ 0: ${points}`);
}

/**
 * One answer scored by the rules of its quiz type (decision record 012):
 * - nothing given → UNANSWERED, 0 (an empty ask-and-answer too: there is nothing to review);
 * - SINGLE_SELECT, TRUE_OR_FALSE: exactly one key chosen and it is a right one → all points;
 * - MULTI_SELECT: exactly the right keys → all points; any other key → 0; some of the right keys
 *   and nothing else → PARTIAL, points × chosen / right keys, rounded down;
 * - FILL_BLANK: each blank against its accepted texts after `normalizeBlank`, worth its share of
 *   `splitPoints`; all right → RIGHT, some → PARTIAL, none → WRONG;
 * - ASK_AND_ANSWER, or a question with a `questionProblem` → PENDING_REVIEW, score null.
 * An answer of another kind than the question asks for (the service refuses those first) is WRONG.
 */
export function scoreAnswer(question: ScorableQuestion, points: number, given: GivenAnswer | null): AnswerScore {
  assertPoints(points);
  if (given === null || isUnanswered(given, question)) return unanswered;
  // An unknown type (no kind here) falls through to PROBLEM below: a reviewer decides.
  const expectedKind = givenKindOf[question.type] as GivenAnswer['kind'] | undefined;
  if (expectedKind !== undefined && given.kind !== expectedKind) return wrong;
  const key = answerKeyOf(question);
  switch (key.kind) {
    case 'REVIEW':
    case 'PROBLEM':
      return pendingReview;
    case 'CHOICE': {
      if (given.kind !== 'CHOICE') return wrong;
      const chosen = new Set(given.keys);
      // A key the question does not have is not among the right ones either: wrong, not a crash.
      if ([...chosen].some((k) => !key.right.has(k))) return wrong;
      // A single choice takes one key: several right keys mean "any of these is accepted".
      if (question.type !== 'MULTI_SELECT') return chosen.size === 1 ? { verdict: 'RIGHT', score: points } : wrong;
      if (chosen.size === key.right.size) return { verdict: 'RIGHT', score: points };
      return { verdict: 'PARTIAL', score: Math.floor((points * chosen.size) / key.right.size) };
    }
    case 'BLANKS': {
      if (given.kind !== 'BLANKS') return wrong;
      const shares = splitPoints(points, key.accepted.length);
      let score = 0;
      let rightBlanks = 0;
      key.accepted.forEach((accepted, i) => {
        if (accepted.has(normalizeBlank(given.texts[i] ?? ''))) {
          rightBlanks += 1;
          score += shares[i] ?? 0;
        }
      });
      if (rightBlanks === key.accepted.length) return { verdict: 'RIGHT', score: points };
      // Fewer points than blanks: the first blanks' shares may already be all the points, yet
      // an answer with a wrong blank is never worth as much as a right one.
      return rightBlanks === 0 ? wrong : { verdict: 'PARTIAL', score: Math.min(score, points - 1) };
    }
  }
}

/** One question of an attempt to score, in the attempt's order. */
export interface ScoringItem {
  questionId: number;
  type: QuizType;
  /** The question's points in this paper (paper_questions.score). */
  points: number;
  /** The question's options and right answer: a questions row fits (its `type` is not read, the item's is). */
  question: Omit<ScorableQuestion, 'type'>;
  /** The saved answer, or null when none was saved. */
  given: GivenAnswer | null;
}

export interface ScoredItem extends AnswerScore {
  questionId: number;
  type: QuizType;
  points: number;
  /**
   * The rules could not score a given answer (ask-and-answer, or a question with a problem): a
   * reviewer's points decide it. `score` is null until they do.
   */
  needsReview: boolean;
}

export interface AttemptScore {
  items: ScoredItem[];
  /** Points possible: the sum of every question's points. */
  totalScore: number;
  /** Points given by the rules (attempts.objective_score). */
  objectiveScore: number;
  /** Points given by reviewers so far (attempts.subjective_score). */
  subjectiveScore: number;
  /** PENDING_REVIEW while any answer waits for a reviewer. */
  status: 'PENDING_REVIEW' | 'COMPLETED';
  /** objectiveScore + subjectiveScore once nothing waits; null before. */
  score: number | null;
  passScore: number | null;
  /** score ≥ passScore; null while the score is not known or there is no pass score (homework). */
  passed: boolean | null;
  /** Questions with the verdict RIGHT, of all questions, 0–100 rounded down; PARTIAL is not RIGHT. */
  correctPercent: number;
  /** Per quiz type present, in the order of `quizTypes`. */
  report: TypeReport[];
}

function sumOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}

function reportOf(items: readonly ScoredItem[]): TypeReport[] {
  return quizTypes.flatMap((type) => {
    const ofType = items.filter((item) => item.type === type);
    if (ofType.length === 0) return [];
    const count = (verdicts: readonly Verdict[]) => ofType.filter((item) => verdicts.includes(item.verdict)).length;
    const waiting = ofType.some((item) => item.score === null);
    return [
      {
        type,
        questions: ofType.length,
        right: count(['RIGHT']),
        // As the analysis tells each answer: some of the points is partly right, not wrong.
        partlyRight: count(['PARTIAL']),
        wrong: count(['WRONG']),
        unanswered: count(['UNANSWERED']),
        score: waiting ? null : sumOf(ofType.map((item) => item.score ?? 0)),
        totalScore: sumOf(ofType.map((item) => item.points)),
      },
    ];
  });
}

function summarize(items: ScoredItem[], passScore: number | null): AttemptScore {
  const objectiveScore = sumOf(items.filter((item) => !item.needsReview).map((item) => item.score ?? 0));
  const subjectiveScore = sumOf(items.filter((item) => item.needsReview).map((item) => item.score ?? 0));
  const waiting = items.some((item) => item.score === null);
  const score = waiting ? null : objectiveScore + subjectiveScore;
  const right = items.filter((item) => item.verdict === 'RIGHT').length;
  return {
    items,
    totalScore: sumOf(items.map((item) => item.points)),
    objectiveScore,
    subjectiveScore,
    status: waiting ? 'PENDING_REVIEW' : 'COMPLETED',
    score,
    passScore,
    passed: score === null || passScore === null ? null : score >= passScore,
    correctPercent: items.length === 0 ? 0 : Math.floor((right * 100) / items.length),
    report: reportOf(items),
  };
}

/**
 * A submitted attempt scored by the rules: what submitting (by the learner, by giving up or by
 * the deadline job) stores, and what a result recomputes before applying reviews with
 * `withReview`. `passScore` is the exam's, or null for homework.
 */
export function scoreAttempt(items: readonly ScoringItem[], passScore: number | null): AttemptScore {
  const seen = new Set<number>();
  const scored = items.map((item): ScoredItem => {
    // A paper holds a question once (primary key): a repeat means the caller joined wrongly.
    if (seen.has(item.questionId)) throw new Error(`question ${item.questionId} is in the attempt twice`);
    seen.add(item.questionId);
    const answerScore = scoreAnswer({ ...item.question, type: item.type }, item.points, item.given);
    return {
      questionId: item.questionId,
      type: item.type,
      points: item.points,
      ...answerScore,
      needsReview: answerScore.verdict === 'PENDING_REVIEW',
    };
  });
  return summarize(scored, passScore);
}

/** A reviewer's points for one answer that waits for review. */
export interface ReviewScore {
  questionId: number;
  score: number;
}

/** A reviewer's points against the answer's points: all of them RIGHT, none WRONG, else PARTIAL. */
function reviewedVerdict(score: number, points: number): Verdict {
  if (score === points) return 'RIGHT';
  return score === 0 ? 'WRONG' : 'PARTIAL';
}

/**
 * The attempt with reviewers' points applied: each answer that needs review and has points here
 * gets them; once none waits, the attempt is COMPLETED with score = objective + reviewers' points
 * and `passed` against the pass score. Pass every review given so far (the request's own first,
 * so a refusal names the request's field), each question once. Applying it again to its own
 * result replaces earlier points for the same questions.
 *
 * Refused with `validationFailed` and the field `scores.{i}.questionId` when the question is not
 * in the attempt, appears twice, or has no answer waiting for review (scored by the rules, or
 * left unanswered); `scores.{i}.score` when the points are not a whole number from 0 to the
 * question's points.
 */
export function withReview(scored: AttemptScore, reviews: readonly ReviewScore[]): AttemptScore {
  const byQuestion = new Map(scored.items.map((item) => [item.questionId, item]));
  const given = new Map<number, number>();
  reviews.forEach((review, i) => {
    const item = byQuestion.get(review.questionId);
    if (item === undefined || !item.needsReview || given.has(review.questionId)) {
      throw new AppError('validationFailed', { field: `scores.${i}.questionId` });
    }
    if (!Number.isSafeInteger(review.score) || review.score < 0 || review.score > item.points) {
      throw new AppError('validationFailed', { field: `scores.${i}.score` });
    }
    given.set(review.questionId, review.score);
  });
  const items = scored.items.map((item): ScoredItem => {
    const score = given.get(item.questionId);
    return score === undefined ? item : { ...item, score, verdict: reviewedVerdict(score, item.points) };
  });
  return summarize(items, scored.passScore);
}

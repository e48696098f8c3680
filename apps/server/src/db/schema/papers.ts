import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnswerStatus, QuizType } from '@school/contract/enums';
import type { LocalizedText } from '../../lib/localized-text.js';
import { createdAt, lessonStatusValues } from './columns.js';
import { tenantIdColumn } from './tenant-id.js';
import { users } from './accounts.js';
import { teachers } from './catalogue.js';
import { lessons } from './courses.js';
import { exams } from './exams.js';

// Exams and homework (decision record 012).

const quizTypeValues = [
  'SINGLE_SELECT',
  'MULTI_SELECT',
  'TRUE_OR_FALSE',
  'FILL_BLANK',
  'ASK_AND_ANSWER',
] as const satisfies readonly QuizType[];
const answerStatusValues = ['NOT_SUBMITTED', 'PENDING_REVIEW', 'COMPLETED'] as const satisfies readonly AnswerStatus[];

/** A choice of a select or true/false question: its key ("A", "true") and what it says. */
export interface QuestionOption {
  key: string;
  text: LocalizedText;
}

/**
 * The right answer, never sent to a browser before the attempt is submitted: the keys of the
 * right options (one for single select and true/false); for fill-blank, per blank the accepted
 * texts; for ask-and-answer a reference answer for the reviewer.
 */
export type QuestionAnswer =
  | { kind: 'CHOICE'; keys: string[] }
  | { kind: 'BLANKS'; accepted: string[][] }
  | { kind: 'REFERENCE'; text: LocalizedText };

/** A learner's answer as saved: chosen keys, the text of each blank, or a text with images. */
export type GivenAnswer =
  | { kind: 'CHOICE'; keys: string[] }
  | { kind: 'BLANKS'; texts: string[] }
  | { kind: 'TEXT'; text: string; images: string[] };

export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    type: text('type', { enum: quizTypeValues }).notNull(),
    /** Sanitized rich text; a fill-blank stem marks each blank with `{{blank}}`. */
    stem: jsonb('stem').$type<LocalizedText>().notNull(),
    /** Select and true/false questions; empty for the others. */
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    answer: jsonb('answer').$type<QuestionAnswer>().notNull(),
    explanation: jsonb('explanation').$type<LocalizedText>(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'questions_type_check',
      sql`${t.type} in ('SINGLE_SELECT', 'MULTI_SELECT', 'TRUE_OR_FALSE', 'FILL_BLANK', 'ASK_AND_ANSWER')`,
    ),
    index('questions_tenant_idx').on(t.tenantId),
  ],
);

/** An ordered set of questions with their points: what an exam or a homework asks. */
export const papers = pgTable('papers', {
  id: serial('id').primaryKey(),
  tenantId: tenantIdColumn(),
  /** Each attempt gets the questions in its own order (recorded on the attempt). */
  shuffle: boolean('shuffle').notNull().default(false),
  createdAt: createdAt(),
});

export const paperQuestions = pgTable(
  'paper_questions',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    score: integer('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paperId, t.questionId] }),
    index('paper_questions_order_idx').on(t.paperId, t.seq),
    check('paper_questions_score_check', sql`${t.score} > 0`),
  ],
);

/** Homework on a lesson: a paper submitted once. */
export const homeworks = pgTable(
  'homeworks',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'restrict' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /**
     * UNPUBLISHED: the school's pack no longer has it, but learners had started it, so it stays
     * for them (their attempt and result) and is hidden from everyone else.
     */
    status: text('status', { enum: lessonStatusValues }).notNull().default('PUBLISHED'),
    createdAt: createdAt(),
  },
  (t) => [
    index('homeworks_lesson_idx').on(t.lessonId),
    check('homeworks_status_check', sql`${t.status} in ('PUBLISHED', 'UNPUBLISHED')`),
  ],
);

/**
 * One try at an exam, or a learner's homework. The server's clock decides: `deadline` is when a
 * timed attempt ends; the submit job closes open attempts past it with their saved answers.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: integer('exam_id').references(() => exams.id, { onDelete: 'cascade' }),
    homeworkId: integer('homework_id').references(() => homeworks.id, { onDelete: 'cascade' }),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: answerStatusValues }).notNull().default('NOT_SUBMITTED'),
    /** The paper's question ids in the order this attempt shows them. */
    questionOrder: jsonb('question_order').$type<number[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Null: no time limit. */
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    submittedBy: text('submitted_by', { enum: ['LEARNER', 'GIVE_UP', 'TIME_UP'] }),
    /** Points of the objective questions, set at submission; the subjective ones once reviewed. */
    objectiveScore: integer('objective_score'),
    subjectiveScore: integer('subjective_score'),
    score: integer('score'),
    passed: boolean('passed'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: integer('reviewed_by').references(() => teachers.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('attempts_status_check', sql`${t.status} in ('NOT_SUBMITTED', 'PENDING_REVIEW', 'COMPLETED')`),
    check('attempts_target_check', sql`(${t.examId} is null) <> (${t.homeworkId} is null)`),
    index('attempts_user_exam_idx').on(t.userId, t.examId, t.startedAt),
    index('attempts_user_homework_idx').on(t.userId, t.homeworkId),
    // One open attempt per learner and exam; homework is submitted once (one attempt at all).
    uniqueIndex('attempts_open_exam_unique')
      .on(t.userId, t.examId)
      .where(sql`${t.status} = 'NOT_SUBMITTED' and ${t.examId} is not null`),
    uniqueIndex('attempts_homework_unique')
      .on(t.userId, t.homeworkId)
      .where(sql`${t.homeworkId} is not null`),
    // What the submit job claims: open attempts by deadline.
    index('attempts_due_idx')
      .on(t.deadline)
      .where(sql`${t.status} = 'NOT_SUBMITTED' and ${t.deadline} is not null`),
  ],
);

/**
 * The latest answer to each question of an attempt. `seq` is the client's sequence number: a
 * save carrying a lower or equal one than stored changes nothing (retries, late saves).
 */
export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    answer: jsonb('answer').$type<GivenAnswer>().notNull(),
    seq: integer('seq').notNull(),
    /** Marked for review on the answer card. */
    flagged: boolean('flagged').notNull().default(false),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Points given: by the scoring rules at submission, by a reviewer for ask-and-answer. */
    score: integer('score'),
    reviewComment: text('review_comment'),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

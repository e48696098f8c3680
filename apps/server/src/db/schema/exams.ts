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
import type { LocalizedText } from '../../lib/localized-text.js';
import {
  createdAt,
  updatedAt,
  productStatusValues,
  productStatusCheck,
  searchTextColumn,
  titleSearch,
} from './columns.js';
import { tenantIdColumn } from './tenant-id.js';
import { users } from './accounts.js';
import { teachers } from './catalogue.js';
import { courses } from './courses.js';
import { papers } from './papers.js';

/**
 * When a learner sees the right answers of a submitted attempt (decision record 012): never,
 * after the last submission (the last allowed attempt, or the exam's end), after the exam's
 * end, or after each attempt (the school accepts that a learner may use them in the next).
 */
export const answersVisibleValues = ['NEVER', 'AFTER_SUBMIT', 'AFTER_END', 'AFTER_EACH_ATTEMPT'] as const;
export type AnswersVisible = (typeof answersVisibleValues)[number];

export const exams = pgTable(
  'exams',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    uid: text('uid').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    cover: text('cover').notNull(),
    brief: jsonb('brief').$type<LocalizedText>().notNull(),
    status: text('status', { enum: productStatusValues }).notNull().default('DRAFT'),
    priceCents: integer('price_cents').notNull().default(0),
    originalPriceCents: integer('original_price_cents'),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    /** Minutes; null is unlimited. */
    duration: integer('duration'),
    totalScore: integer('total_score').notNull().default(100),
    passScore: integer('pass_score').notNull().default(60),
    quizCount: integer('quiz_count').notNull().default(0),
    /** Allowed attempts; null is unlimited. */
    examTimes: integer('exam_times'),
    closedExam: boolean('closed_exam').notNull().default(false),
    lateLimit: integer('late_limit'),
    studentCount: integer('student_count').notNull().default(0),
    recommendedSeq: integer('recommended_seq'),
    /** The questions taken (decision record 012); null: not set up yet. */
    paperId: integer('paper_id').references(() => papers.id, { onDelete: 'set null' }),
    /** When a learner may see the right answers and explanations of a submitted attempt. */
    answersVisible: text('answers_visible', { enum: answersVisibleValues }).notNull().default('AFTER_SUBMIT'),
    /** An exam that needs progress in a course first (progressNotAchieve): the course and the percent. */
    requiredCourseId: integer('required_course_id').references(() => courses.id, { onDelete: 'set null' }),
    requiredProgress: integer('required_progress'),
    searchText: searchTextColumn(titleSearch),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    productStatusCheck('exams_status_check', t.status),
    check('exams_price_check', sql`${t.priceCents} >= 0`),
    uniqueIndex('exams_tenant_uid_unique').on(t.tenantId, t.uid),
    index('exams_tenant_start_idx').on(t.tenantId, t.startTime, t.id),
    index('exams_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const examReviewers = pgTable(
  'exam_reviewers',
  {
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.examId, t.teacherId] })],
);

export const examMembers = pgTable(
  'exam_members',
  {
    tenantId: tenantIdColumn(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull(),
    attemptsUsed: integer('attempts_used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.userId] }),
    index('exam_members_user_idx').on(t.tenantId, t.userId, t.joinedAt),
  ],
);

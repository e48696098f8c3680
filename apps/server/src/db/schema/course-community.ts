import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { tenantIdColumn } from './tenant-id.js';
import { users } from './accounts.js';
import { courses, lessons } from './courses.js';

// A course's ratings, notes and Q&A threads.

/** Ratings with a comment; one per learner and course. */
export const courseComments = pgTable(
  'course_comments',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('course_comments_score_check', sql`${t.score} between 1 and 5`),
    uniqueIndex('course_comments_user_unique').on(t.courseId, t.userId),
    index('course_comments_course_idx').on(t.courseId, t.createdAt, t.id),
  ],
);

export const courseNotes = pgTable(
  'course_notes',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** Where in the lesson the note was taken (second of video/audio, page of a document); null: none. */
    position: integer('position'),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_notes_course_idx').on(t.courseId, t.createdAt, t.id),
    index('course_notes_user_idx').on(t.userId, t.courseId, t.createdAt),
  ],
);

export const courseThreads = pgTable(
  'course_threads',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('course_threads_course_idx').on(t.courseId, t.createdAt, t.id)],
);

/** Answers on a Q&A thread. */
export const courseThreadPosts = pgTable(
  'course_thread_posts',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => courseThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_thread_posts_thread_idx').on(t.threadId, t.createdAt, t.id)],
);

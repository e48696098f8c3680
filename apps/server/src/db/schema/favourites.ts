import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FavouriteType } from '@school/contract/favourites';
import { users } from './accounts.js';
import { classrooms } from './classrooms.js';
import { createdAt } from './columns.js';
import { courses } from './courses.js';
import { exams } from './exams.js';
import { tenantIdColumn } from './tenant-id.js';

// Spelled out because drizzle-kit loads this file on its own; `satisfies` keeps it in step.
export const favouriteTypeValues = ['COURSE', 'CLASSROOM', 'EXAM'] as const satisfies readonly FavouriteType[];

/**
 * What a learner starred (docs/product.md#favourites): one row per learner and product. The
 * product is one of three tables, so each has its own column with its own cascading key (the
 * row goes with the product as with the learner), exactly the one its type names is set, and
 * `target_id` says which product whatever the type, for the one-star-per-product rule.
 */
export const favourites = pgTable(
  'favourites',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: favouriteTypeValues }).notNull(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    classroomId: integer('classroom_id').references(() => classrooms.id, { onDelete: 'cascade' }),
    examId: integer('exam_id').references(() => exams.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .generatedAlwaysAs(sql`coalesce(course_id, classroom_id, exam_id)`)
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'favourites_target_check',
      sql`(${t.targetType} = 'COURSE' and ${t.courseId} is not null and ${t.classroomId} is null and ${t.examId} is null)
        or (${t.targetType} = 'CLASSROOM' and ${t.classroomId} is not null and ${t.courseId} is null and ${t.examId} is null)
        or (${t.targetType} = 'EXAM' and ${t.examId} is not null and ${t.courseId} is null and ${t.classroomId} is null)`,
    ),
    uniqueIndex('favourites_target_unique').on(t.tenantId, t.userId, t.targetType, t.targetId),
    // The Me list: one learner's stars of one type, newest first.
    index('favourites_list_idx').on(t.userId, t.targetType, t.createdAt, t.id),
    // Deleting a product finds its stars.
    index('favourites_course_idx').on(t.courseId),
    index('favourites_classroom_idx').on(t.classroomId),
    index('favourites_exam_idx').on(t.examId),
  ],
);

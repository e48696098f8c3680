import { sql } from 'drizzle-orm';
import {
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
import { teachers, categories } from './catalogue.js';
import { courses } from './courses.js';

export const classrooms = pgTable(
  'classrooms',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    uid: text('uid').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    cover: text('cover').notNull(),
    intro: jsonb('intro').$type<LocalizedText>().notNull(),
    teachingPlan: jsonb('teaching_plan').$type<LocalizedText>().notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    status: text('status', { enum: productStatusValues }).notNull().default('DRAFT'),
    priceCents: integer('price_cents').notNull().default(0),
    originalPriceCents: integer('original_price_cents'),
    enrolStartTime: timestamp('enrol_start_time', { withTimezone: true, mode: 'date' }),
    enrolEndTime: timestamp('enrol_end_time', { withTimezone: true, mode: 'date' }),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    durationDays: integer('duration_days'),
    maxStudents: integer('max_students'),
    courseCount: integer('course_count').notNull().default(0),
    studentCount: integer('student_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    recommendedSeq: integer('recommended_seq'),
    searchText: searchTextColumn(titleSearch),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    productStatusCheck('classrooms_status_check', t.status),
    check('classrooms_price_check', sql`${t.priceCents} >= 0`),
    uniqueIndex('classrooms_tenant_uid_unique').on(t.tenantId, t.uid),
    index('classrooms_tenant_updated_idx').on(t.tenantId, t.updatedAt, t.id),
    index('classrooms_tenant_students_idx').on(t.tenantId, t.studentCount, t.id),
    index('classrooms_tenant_price_idx').on(t.tenantId, t.priceCents, t.id),
    index('classrooms_tenant_category_idx').on(t.tenantId, t.categoryId),
    index('classrooms_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const classroomCourses = pgTable(
  'classroom_courses',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.classroomId, t.courseId] })],
);

export const classroomTeachers = pgTable(
  'classroom_teachers',
  {
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.classroomId, t.teacherId] })],
);

export const classroomMembers = pgTable(
  'classroom_members',
  {
    tenantId: tenantIdColumn(),
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.classroomId, t.userId] }),
    index('classroom_members_user_idx').on(t.tenantId, t.userId, t.joinedAt),
  ],
);

export const classroomComments = pgTable(
  'classroom_comments',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('classroom_comments_score_check', sql`${t.score} between 1 and 5`),
    uniqueIndex('classroom_comments_user_unique').on(t.classroomId, t.userId),
    index('classroom_comments_classroom_idx').on(t.classroomId, t.createdAt, t.id),
  ],
);

export const classroomAnnouncements = pgTable(
  'classroom_announcements',
  {
    id: serial('id').primaryKey(),
    classroomId: integer('classroom_id')
      .notNull()
      .references(() => classrooms.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('classroom_announcements_idx').on(t.classroomId, t.createdAt, t.id)],
);

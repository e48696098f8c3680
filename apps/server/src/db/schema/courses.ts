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
  uuid,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MediaType } from '@school/contract/enums';
import type { LocalizedText } from '../../lib/localized-text.js';
import {
  createdAt,
  updatedAt,
  packUid,
  productStatusValues,
  productStatusCheck,
  searchTextColumn,
  titleSearch,
  lessonStatusValues,
} from './columns.js';
import { tenantIdColumn } from './tenant-id.js';
import { users } from './accounts.js';
import { teachers, categories, tags } from './catalogue.js';
import { media } from './media.js';
import { exams } from './exams.js';

// Courses, their chapters and lessons, and what their members learn (decision record 008).

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    uid: text('uid').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    subtitle: jsonb('subtitle').$type<LocalizedText>().notNull(),
    cover: text('cover').notNull(),
    /** Sanitized when written and again on output. */
    about: jsonb('about').$type<LocalizedText>().notNull(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    status: text('status', { enum: productStatusValues }).notNull().default('DRAFT'),
    priceCents: integer('price_cents').notNull().default(0),
    originalPriceCents: integer('original_price_cents'),
    validityKind: text('validity_kind', { enum: ['UNLIMITED', 'LONG_TERM', 'DAYS', 'END_DATE'] })
      .notNull()
      .default('UNLIMITED'),
    validityDays: integer('validity_days'),
    validityEndDate: timestamp('validity_end_date', { withTimezone: true, mode: 'date' }),
    /** Lessons open one after another: a lesson is locked until the ones before it are completed. */
    learnInOrder: boolean('learn_in_order').notNull().default(false),
    // Counters kept with the rows they count, so lists sort and page without aggregating.
    lessonCount: integer('lesson_count').notNull().default(0),
    studentCount: integer('student_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    recommendedSeq: integer('recommended_seq'),
    searchText: searchTextColumn(titleSearch),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    productStatusCheck('courses_status_check', t.status),
    check(
      'courses_validity_check',
      sql`${t.validityKind} in ('UNLIMITED', 'LONG_TERM', 'DAYS', 'END_DATE')
        and (${t.validityKind} <> 'DAYS' or ${t.validityDays} > 0)
        and (${t.validityKind} <> 'END_DATE' or ${t.validityEndDate} is not null)`,
    ),
    check('courses_price_check', sql`${t.priceCents} >= 0`),
    uniqueIndex('courses_tenant_uid_unique').on(t.tenantId, t.uid),
    index('courses_tenant_updated_idx').on(t.tenantId, t.updatedAt, t.id),
    index('courses_tenant_students_idx').on(t.tenantId, t.studentCount, t.id),
    index('courses_tenant_price_idx').on(t.tenantId, t.priceCents, t.id),
    index('courses_tenant_category_idx').on(t.tenantId, t.categoryId),
    index('courses_tenant_recommended_idx')
      .on(t.tenantId, t.recommendedSeq)
      .where(sql`${t.recommendedSeq} is not null`),
    index('courses_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const courseTags = pgTable(
  'course_tags',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.tagId] }), index('course_tags_tag_idx').on(t.tagId, t.courseId)],
);

export const courseTeachers = pgTable(
  'course_teachers',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.teacherId] })],
);

export const chapters = pgTable(
  'chapters',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    uid: packUid(),
    seq: integer('seq').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
  },
  (t) => [
    index('chapters_course_idx').on(t.courseId, t.seq),
    uniqueIndex('chapters_course_uid_unique').on(t.courseId, t.uid),
  ],
);

// The contract's mediaTypes, spelled out for drizzle-kit as columns.ts says why; `satisfies` keeps them in step.
const mediaTypeValues = [
  'VIDEO',
  'AUDIO',
  'PPT',
  'HTML',
  'DOC',
  'PDF',
  'OTHER',
  'ACTIVITY',
  'EXAM',
  'LIVE',
  'LIVE_NOW',
  'LIVE_COMPLETED',
  'LIVE_RECODE',
  'LAB',
] as const satisfies readonly MediaType[];

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    uid: packUid(),
    /** Order across the whole course. */
    seq: integer('seq').notNull(),
    /**
     * UNPUBLISHED: a lesson its school's pack no longer has. Learners no longer see it, and what
     * they had of it (progress, notes) stays.
     */
    status: text('status', { enum: lessonStatusValues }).notNull().default('PUBLISHED'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    mediaType: text('media_type', { enum: mediaTypeValues }).notNull(),
    /** Seconds; null for media without a length. */
    duration: integer('duration'),
    freeTrial: boolean('free_trial').notNull().default(false),
    /** Live lessons and activities: when they start. */
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    /** VIDEO, AUDIO, PPT, DOC, PDF, OTHER, LIVE_RECODE: what plays. */
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    /** HTML lessons: rich text, sanitized when written and again on output. LAB: what the lab is. */
    content: jsonb('content').$type<LocalizedText>(),
    /** LIVE: the live room; LAB: the lab. */
    externalUrl: text('external_url'),
    /** EXAM lessons: the exam taken. */
    examId: integer('exam_id').references(() => exams.id, { onDelete: 'set null' }),
    /** ACTIVITY lessons. */
    maxParticipants: integer('max_participants'),
    participantCount: integer('participant_count').notNull().default(0),
    address: jsonb('address').$type<LocalizedText>(),
    searchText: searchTextColumn(titleSearch),
  },
  (t) => [
    index('lessons_course_idx').on(t.courseId, t.seq),
    uniqueIndex('lessons_course_uid_unique').on(t.courseId, t.uid),
    check('lessons_status_check', sql`${t.status} in ('PUBLISHED', 'UNPUBLISHED')`),
    check(
      'lessons_participants_check',
      sql`${t.participantCount} >= 0 and (${t.maxParticipants} is null or ${t.participantCount} <= ${t.maxParticipants})`,
    ),
    index('lessons_tenant_media_idx').on(t.tenantId, t.mediaType),
    index('lessons_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const courseLectures = pgTable(
  'course_lectures',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull().default(0),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The stored file (served only to members). */
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
  },
  (t) => [index('course_lectures_course_idx').on(t.courseId, t.seq)],
);

/** A learner's membership of a course: made by joining a free course or paying an order. */
export const courseMembers = pgTable(
  'course_members',
  {
    tenantId: tenantIdColumn(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    learnedLessonCount: integer('learned_lesson_count').notNull().default(0),
    lastLessonId: integer('last_lesson_id').references(() => lessons.id, { onDelete: 'set null' }),
    /** When the learner last reported progress in the course (the learning centre's order). */
    lastLearnedAt: timestamp('last_learned_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('course_members_user_idx').on(t.tenantId, t.userId, t.joinedAt),
    index('course_members_user_learned_idx').on(t.tenantId, t.userId, t.lastLearnedAt),
  ],
);

/** Per-lesson progress of a member (written by the lesson player). */
export const lessonLearnings = pgTable(
  'lesson_learnings',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['NOT_STARTED', 'LEARNING', 'COMPLETED'] }).notNull(),
    /** Where the learner is: second of video/audio, page of a document, slide, or percent of HTML read. */
    position: integer('position').notNull().default(0),
    /** The furthest position ever reported (completion of video and audio). */
    furthest: integer('furthest').notNull().default(0),
    /** When the learner was at `position` (the client's report time): a late, older report loses. */
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The report that completed the lesson (a random id it carries): of several reports racing
     * to complete it, exactly one finds its own id here and counts the lesson for the course.
     */
    completedBy: uuid('completed_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.lessonId, t.userId] }),
    check('lesson_learnings_status_check', sql`${t.status} in ('NOT_STARTED', 'LEARNING', 'COMPLETED')`),
    index('lesson_learnings_user_idx').on(t.userId, t.lessonId),
  ],
);

/** A learner's seat at an ACTIVITY lesson (lessons.participant_count counts them). */
export const activityRegistrations = pgTable(
  'activity_registrations',
  {
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] })],
);

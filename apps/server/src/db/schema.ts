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
// Type-only imports: drizzle-kit loads this file on its own and must not follow runtime imports.
import type { AnswerStatus, MediaType, ProductStatus, QuizType } from '@school/contract/enums';
import type { SystemConfig } from '@school/contract/shell';
import type { SmsPurpose } from '@school/contract/sms';
import type { LocalizedText } from '../lib/localized-text.js';

/*
 * One schema for PGlite and PostgreSQL. Every tenant-owned table carries `tenant_id`, and
 * every repository query filters by it. Times are UTC `timestamptz`.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const tenants = pgTable(
  'tenants',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    slogan: jsonb('slogan').$type<LocalizedText>().notNull(),
    favicon: text('favicon').notNull(),
    status: text('status', { enum: ['RUNNING', 'STOPPED'] })
      .notNull()
      .default('RUNNING'),
    currency: text('currency', { enum: ['CNY', 'USD'] })
      .notNull()
      .default('CNY'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tenants_status_check', sql`${t.status} in ('RUNNING', 'STOPPED')`),
    check('tenants_currency_check', sql`${t.currency} in ('CNY', 'USD')`),
    // At most one tenant answers hosts nobody registered.
    uniqueIndex('tenants_single_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * The school pack's name for a row (docs/school-pack.md), unique in its school: a re-imported
 * pack updates the row it made. Null for rows no pack made; PostgreSQL lets nulls repeat.
 */
const packUid = () => text('uid');

/** Every tenant-owned row carries its tenant; deleting a school deletes its rows. */
const tenantIdColumn = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const tenantHosts = pgTable('tenant_hosts', {
  host: text('host').primaryKey(),
  tenantId: tenantIdColumn(),
  /** The school pack's order: its first host names the school (`npm run school -- export`). */
  seq: integer('seq').notNull().default(0),
});

/** What a school configures; `blockedIps` never leaves the server. */
export type StoredSystemConfig = SystemConfig & { blockedIps: string[] };

export const systemConfigs = pgTable('system_configs', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<StoredSystemConfig>().notNull(),
  updatedAt: updatedAt(),
});

export const agreements = pgTable(
  'agreements',
  {
    tenantId: tenantIdColumn(),
    code: text('code').notNull(),
    seq: integer('seq').notNull().default(0),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** Sanitized HTML per language. */
    content: jsonb('content').$type<LocalizedText>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);

export const microPages = pgTable(
  'micro_pages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    uid: packUid(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** Contract components whose texts may be `{ cn, en }` objects anywhere inside. */
    components: jsonb('components').$type<unknown[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('micro_pages_tenant_idx').on(t.tenantId, t.id),
    uniqueIndex('micro_pages_tenant_uid_unique').on(t.tenantId, t.uid),
  ],
);

export const tabs = pgTable(
  'tabs',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    defaultIconUrl: text('default_icon_url').notNull(),
    activeIconUrl: text('active_icon_url').notNull(),
    url: text('url'),
    targetId: integer('target_id'),
    microPageId: integer('micro_page_id').references(() => microPages.id, { onDelete: 'set null' }),
    textActiveColor: text('text_active_color'),
  },
  (t) => [index('tabs_tenant_seq_idx').on(t.tenantId, t.seq)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    username: text('username').notNull(),
    phone: text('phone'),
    email: text('email'),
    /** argon2id; null for accounts that only sign in through WeChat. */
    passwordHash: text('password_hash'),
    /**
     * The password was generated for someone else to hand over (`npm run school -- operator`):
     * it opens one session, then is gone, and its owner sets a password of their own.
     */
    passwordOneTime: boolean('password_one_time').notNull().default(false),
    nickname: text('nickname').notNull(),
    gender: text('gender', { enum: ['MALE', 'FEMALE'] }),
    avatar: text('avatar'),
    introduction: text('introduction').notNull().default(''),
    /** The lesson player's speed in hundredths (75 to 200), remembered per learner. */
    playbackRatePct: integer('playback_rate_pct').notNull().default(100),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_status_check', sql`${t.status} in ('ACTIVE', 'DISABLED')`),
    check('users_playback_rate_check', sql`${t.playbackRatePct} between 50 and 300`),
    check('users_gender_check', sql`${t.gender} is null or ${t.gender} in ('MALE', 'FEMALE')`),
    // Case-insensitive so that "Learner" cannot be registered beside "learner".
    uniqueIndex('users_tenant_username_unique').on(t.tenantId, sql`lower(${t.username})`),
    uniqueIndex('users_tenant_phone_unique').on(t.tenantId, t.phone),
  ],
);

/** A third-party identity (WeChat openid) bound to an account; at most one per provider and account. */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    provider: text('provider', { enum: ['wechat'] }).notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('oauth_identities_provider_check', sql`${t.provider} in ('wechat')`),
    uniqueIndex('oauth_identities_openid_unique').on(t.tenantId, t.provider, t.openid),
    uniqueIndex('oauth_identities_user_unique').on(t.tenantId, t.provider, t.userId),
  ],
);

/**
 * A third-party identity waiting to be bound (OAuth login of an unknown WeChat user). Keyed by
 * the sha256 of an HttpOnly cookie token, like sessions; short-lived.
 */
export const pendingOauth = pgTable(
  'pending_oauth',
  {
    id: text('id').primaryKey(),
    tenantId: tenantIdColumn(),
    provider: text('provider', { enum: ['wechat'] }).notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('pending_oauth_provider_check', sql`${t.provider} in ('wechat')`),
    index('pending_oauth_expires_idx').on(t.tenantId, t.expiresAt),
  ],
);

// The contract's purposes, spelled out here because drizzle-kit loads this file on its own.
const smsPurposeValues = ['login', 'register', 'resetPassword', 'bindPhone'] as const satisfies readonly SmsPurpose[];

/**
 * SMS verification codes: only an HMAC of the code is kept (6 digits are too few for a plain
 * hash to hide them). Only the latest code of a phone and purpose is kept alive.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: smsPurposeValues }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Tries used, wrong or in flight; the code is dead at the limit. */
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('sms_codes_purpose_check', sql`${t.purpose} in ('login', 'register', 'resetPassword', 'bindPhone')`),
    index('sms_codes_lookup_idx').on(t.tenantId, t.phone, t.purpose, t.id),
    // The periodic clean-up finds dead codes of every school by this.
    index('sms_codes_expires_idx').on(t.expiresAt),
  ],
);

/** One-time tokens standing for a verified SMS code (two-step password reset). sha256-keyed. */
export const accountTickets = pgTable(
  'account_tickets',
  {
    id: text('id').primaryKey(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['resetPassword'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('account_tickets_purpose_check', sql`${t.purpose} in ('resetPassword')`),
    index('account_tickets_user_idx').on(t.tenantId, t.userId),
    index('account_tickets_expires_idx').on(t.expiresAt),
  ],
);

/** Files learners uploaded, stored under `storageName` (made by the server) in the storage provider. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['avatar', 'file'] }).notNull(),
    storageName: text('storage_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('uploads_kind_check', sql`${t.kind} in ('avatar', 'file')`),
    uniqueIndex('uploads_storage_name_unique').on(t.storageName),
    index('uploads_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the cookie token: a leaked table does not give usable cookies. */
    id: text('id').primaryKey(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.tenantId, t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters shared by every server process (login attempts, later SMS sends). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Growing-delay counters (password guesses per account): attempts since the last success, the
 * time of the last one, and when the row may be forgotten (decision record 010).
 */
export const attemptThrottles = pgTable(
  'attempt_throttles',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('attempt_throttles_expires_idx').on(t.expiresAt)],
);

/* ───────────────────────── Catalogue (decision record 008) ───────────────────────── */

// The contract's enums, spelled out because drizzle-kit loads this file on its own; `satisfies`
// keeps them in step with the contract at compile time.
const productStatusValues = ['DRAFT', 'PUBLISHED', 'UNPUBLISHED', 'CLOSED'] as const satisfies readonly ProductStatus[];
const productStatusCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('DRAFT', 'PUBLISHED', 'UNPUBLISHED', 'CLOSED')`);

/**
 * Lower-cased titles of both languages, kept by PostgreSQL itself, so a keyword matches any
 * part of either title (Chinese has no spaces to split words on). A pg_trgm GIN index serves
 * `ILIKE '%…%'` on it.
 */
const searchTextColumn = (expression: ReturnType<typeof sql>) =>
  text('search_text').generatedAlwaysAs(expression).notNull();
const titleSearch = sql`lower((title->>'cn') || ' ' || (title->>'en'))`;

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    /** The school pack's name for the teacher (null for rows no pack made). */
    uid: packUid(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    avatar: text('avatar'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    introduction: jsonb('introduction').$type<LocalizedText>().notNull(),
    /** The teacher's own account, when they have one: reviewing exams needs it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    searchText: text('search_text')
      .generatedAlwaysAs(sql`lower((name->>'cn') || ' ' || (name->>'en'))`)
      .notNull(),
  },
  (t) => [
    index('teachers_tenant_idx').on(t.tenantId, t.id),
    uniqueIndex('teachers_tenant_uid_unique').on(t.tenantId, t.uid),
    index('teachers_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    type: text('type', { enum: ['COURSE', 'PROJECT'] }).notNull(),
    uid: packUid(),
    parentId: integer('parent_id'),
    seq: integer('seq').notNull().default(0),
    level: integer('level').notNull().default(0),
    name: jsonb('name').$type<LocalizedText>().notNull(),
  },
  (t) => [
    check('categories_type_check', sql`${t.type} in ('COURSE', 'PROJECT')`),
    index('categories_tenant_type_idx').on(t.tenantId, t.type, t.parentId, t.seq),
    uniqueIndex('categories_tenant_type_uid_unique').on(t.tenantId, t.type, t.uid),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    uid: packUid(),
    seq: integer('seq').notNull().default(0),
    name: jsonb('name').$type<LocalizedText>().notNull(),
  },
  (t) => [index('tags_tenant_idx').on(t.tenantId, t.seq), uniqueIndex('tags_tenant_uid_unique').on(t.tenantId, t.uid)],
);

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

const conversionStatusValues = ['NOT_STARTED', 'RUNNING', 'FAILED', 'COMPLETED'] as const;

/** One stored file of a media item: its storage key, the name learners see, type and size. */
export interface MediaFile {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/**
 * What a lesson or a lecture plays: one file (mp4, mp3, pdf, a download), an HLS playlist with
 * its segments, or slide images. Stored through the storage provider, served only by routes
 * that check membership (never as public files).
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    format: text('format', { enum: ['FILE', 'HLS', 'SLIDES'] }).notNull(),
    /** The first file is the one played (the playlist for HLS); slides in order. */
    files: jsonb('files').$type<MediaFile[]>().notNull(),
    /** Seconds of video or audio. */
    duration: integer('duration'),
    /** Pages of a document, or slides. */
    pageCount: integer('page_count'),
    conversionStatus: text('conversion_status', { enum: conversionStatusValues }).notNull().default('COMPLETED'),
    /**
     * A video a school's pack brought as it was filmed (an mp4): the conversion job makes `files`
     * (HLS renditions and a poster) from it. Null for media stored as they play.
     */
    source: jsonb('source').$type<MediaFile & { source?: string }>(),
    /** When a conversion process took this row (RUNNING): one that stopped is taken again later. */
    conversionStartedAt: timestamp('conversion_started_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('media_format_check', sql`${t.format} in ('FILE', 'HLS', 'SLIDES')`),
    index('media_conversion_due_idx')
      .on(t.conversionStatus, t.id)
      .where(sql`${t.conversionStatus} in ('NOT_STARTED', 'RUNNING')`),
    check(
      'media_conversion_status_check',
      sql`${t.conversionStatus} in ('NOT_STARTED', 'RUNNING', 'FAILED', 'COMPLETED')`,
    ),
  ],
);

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

export const lessonStatusValues = ['PUBLISHED', 'UNPUBLISHED'] as const;

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

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    /** The school pack's name for it (docs/school-pack.md); null on articles no pack made. */
    uid: text('uid'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    cover: text('cover'),
    author: jsonb('author').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull(),
    published: boolean('published').notNull().default(true),
    viewCount: integer('view_count').notNull().default(0),
    recommendedSeq: integer('recommended_seq'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    searchText: searchTextColumn(titleSearch),
  },
  (t) => [
    uniqueIndex('articles_tenant_uid_unique').on(t.tenantId, t.uid),
    index('articles_tenant_published_idx').on(t.tenantId, t.publishedAt, t.id),
    index('articles_tenant_views_idx').on(t.tenantId, t.viewCount, t.id),
    index('articles_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** A coupon a learner can apply at checkout; the catalogue shows the best one as a hint. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    /** The school pack's name for it (its code too); null on coupons no pack made. */
    uid: text('uid'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    code: text('code').notNull(),
    /** Tenths: 85 reads "8.5折" / "15% off". Null for an amount-off coupon. */
    discountTenths: integer('discount_tenths'),
    /** An amount off the price instead of a discount (never below 0.01 to pay). */
    amountOffCents: integer('amount_off_cents'),
    /** Null: every product of the kind. */
    targetType: text('target_type', { enum: ['COURSE', 'CLASSROOM', 'EXAM'] }).notNull(),
    targetId: integer('target_id'),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check(
      'coupons_discount_check',
      sql`(${t.discountTenths} is null) <> (${t.amountOffCents} is null)
        and (${t.discountTenths} is null or ${t.discountTenths} between 1 and 99)
        and (${t.amountOffCents} is null or ${t.amountOffCents} > 0)`,
    ),
    uniqueIndex('coupons_tenant_code_unique').on(t.tenantId, t.code),
    uniqueIndex('coupons_tenant_uid_unique').on(t.tenantId, t.uid),
    index('coupons_target_idx').on(t.tenantId, t.targetType, t.targetId),
  ],
);

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

// Orders, payments and refunds (decision record 013).

const productTypeValues = ['COURSE', 'CLASSROOM', 'EXAM'] as const;
const orderStatusValues = ['CREATED', 'PAID', 'CANCELED', 'CLOSED'] as const;
const paymentMethodValues = ['WECHAT', 'ALIPAY'] as const;

/** How a school takes payment: the methods it offers, when unpaid orders close, the refund window. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    methods: jsonb('methods').$type<('WECHAT' | 'ALIPAY')[]>().notNull(),
    orderTimeoutMinutes: integer('order_timeout_minutes').notNull().default(30),
    /** Days after payment during which a learner may apply for a refund; 0: no refunds. */
    refundDays: integer('refund_days').notNull().default(7),
  },
  (t) => [
    check('payment_settings_timeout_check', sql`${t.orderTimeoutMinutes} between 1 and 10080`),
    check('payment_settings_refund_check', sql`${t.refundDays} between 0 and 365`),
  ],
);

/** People of the school who may look at orders and decide refunds (the operator API). */
export const orderOperators = pgTable(
  'order_operators',
  {
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    /** Public and globally unique: the gateways know the order by it. */
    tradeNo: text('trade_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productType: text('product_type', { enum: productTypeValues }).notNull(),
    productId: integer('product_id').notNull(),
    /** What was bought, as it was when ordered (the product may change or go later). */
    productTitle: jsonb('product_title').$type<LocalizedText>().notNull(),
    productCover: text('product_cover').notNull(),
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    payableCents: integer('payable_cents').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    status: text('status', { enum: orderStatusValues }).notNull().default('CREATED'),
    /** The client's key of this purchase: a retried create answers the same order. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    paymentMethod: text('payment_method', { enum: paymentMethodValues }),
    /** The gateway that took (or is taking) the payment: sandbox, wechat, alipay. */
    gateway: text('gateway'),
    transactionId: text('transaction_id'),
    createdAt: createdAt(),
    /** When it closes unpaid. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** Cancelled by the learner or closed by time. */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('CREATED', 'PAID', 'CANCELED', 'CLOSED')`),
    check('orders_product_check', sql`${t.productType} in ('COURSE', 'CLASSROOM', 'EXAM')`),
    check(
      'orders_amounts_check',
      sql`${t.priceCents} > 0 and ${t.discountCents} >= 0 and ${t.payableCents} > 0
        and ${t.payableCents} = ${t.priceCents} - ${t.discountCents}`,
    ),
    uniqueIndex('orders_trade_no_unique').on(t.tradeNo),
    uniqueIndex('orders_idempotency_unique').on(t.tenantId, t.userId, t.idempotencyKey),
    // One unpaid order per learner and product: a double tap or a second tab meets this one.
    uniqueIndex('orders_one_unpaid_unique')
      .on(t.tenantId, t.userId, t.productType, t.productId)
      .where(sql`${t.status} = 'CREATED'`),
    // A coupon is held by an unpaid order and used by a paid one, at most once per learner.
    uniqueIndex('orders_coupon_once_unique')
      .on(t.tenantId, t.userId, t.couponId)
      .where(sql`${t.couponId} is not null and ${t.status} in ('CREATED', 'PAID')`),
    index('orders_user_created_idx').on(t.tenantId, t.userId, t.createdAt, t.id),
    // What the closing job claims: unpaid orders by when they close.
    index('orders_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'CREATED'`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Our refund's number: the gateway's idempotency key for paying it back. */
    refundNo: text('refund_no').notNull(),
    reason: text('reason').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['CREATED', 'ACCEPTED', 'REFUSED'] })
      .notNull()
      .default('CREATED'),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Where the money stands (null until accepted): PENDING, the gateway has not confirmed it
     * took the refund (not asked yet, or the call failed); PROCESSING, it is paying it back;
     * SUCCESS, paid back; FAILED, the gateway will not pay it (the school pays by hand).
     */
    payoutStatus: text('payout_status', { enum: ['PENDING', 'PROCESSING', 'SUCCESS', 'FAILED'] }),
    gatewayRefundId: text('gateway_refund_id'),
    /** How many times the settling job has asked the gateway (its backoff grows with them). */
    payoutAttempts: integer('payout_attempts').notNull().default(0),
    /** When the settling job asks the gateway next; null once settled. */
    payoutCheckAt: timestamp('payout_check_at', { withTimezone: true, mode: 'date' }),
    /** When the gateway said SUCCESS or FAILED. */
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('refunds_status_check', sql`${t.status} in ('CREATED', 'ACCEPTED', 'REFUSED')`),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check(
      'refunds_payout_status_check',
      sql`${t.payoutStatus} is null or ${t.payoutStatus} in ('PENDING', 'PROCESSING', 'SUCCESS', 'FAILED')`,
    ),
    uniqueIndex('refunds_refund_no_unique').on(t.refundNo),
    // One refund under review or accepted per order: a refund is never paid twice.
    uniqueIndex('refunds_open_unique')
      .on(t.orderId)
      .where(sql`${t.status} in ('CREATED', 'ACCEPTED')`),
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    // What the settling job claims: refunds whose money is not known to be back, by when to ask.
    index('refunds_payout_due_idx')
      .on(t.payoutCheckAt)
      .where(sql`${t.payoutStatus} in ('PENDING', 'PROCESSING')`),
  ],
);

/**
 * The payment sandbox's own book of trades (PAYMENT_PROVIDER=sandbox): what a gateway would
 * keep on its side, so a query, a close or a refund answers the same from every process.
 */
export const sandboxTrades = pgTable('sandbox_trades', {
  tradeNo: text('trade_no').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  method: text('method', { enum: paymentMethodValues }).notNull(),
  notifyUrl: text('notify_url').notNull(),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  status: text('status', { enum: ['PENDING', 'PAID', 'CLOSED'] })
    .notNull()
    .default('PENDING'),
  transactionId: text('transaction_id'),
  paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  /** Refunds paid back, by our refund number (a retried refund pays once). */
  refunds: jsonb('refunds').$type<Record<string, number>>().notNull().default({}),
});

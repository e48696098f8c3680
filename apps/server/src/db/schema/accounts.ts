import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SmsPurpose } from '@school/contract/sms';
import { createdAt, updatedAt } from './columns.js';
import { tenantIdColumn } from './tenant-id.js';

// Accounts, sign-in, SMS codes, sessions, uploads and the counters that slow guessing down.

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
    // Emails are stored lower-cased (the contract's emailSchema); one address, one account.
    uniqueIndex('users_tenant_email_unique').on(t.tenantId, t.email),
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

/**
 * Email-binding links (docs/product.md#account-and-security): keyed by the sha256 of the link's
 * token, so a leaked table holds no working link. Only a learner's latest link works; it is used
 * once and expires.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    id: text('id').primaryKey(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('email_links_user_idx').on(t.tenantId, t.userId), index('email_links_expires_idx').on(t.expiresAt)],
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

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
// Type-only imports: drizzle-kit loads this file on its own and must not follow runtime imports.
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

/** Every tenant-owned row carries its tenant; deleting a school deletes its rows. */
const tenantIdColumn = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const tenantHosts = pgTable('tenant_hosts', {
  host: text('host').primaryKey(),
  tenantId: tenantIdColumn(),
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
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** Contract components whose texts may be `{ cn, en }` objects anywhere inside. */
    components: jsonb('components').$type<unknown[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('micro_pages_tenant_idx').on(t.tenantId, t.id)],
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
    nickname: text('nickname').notNull(),
    gender: text('gender', { enum: ['MALE', 'FEMALE'] }),
    avatar: text('avatar'),
    introduction: text('introduction').notNull().default(''),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_status_check', sql`${t.status} in ('ACTIVE', 'DISABLED')`),
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
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

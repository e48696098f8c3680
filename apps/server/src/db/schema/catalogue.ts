import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../lib/localized-text.js';
import { packUid, searchTextColumn, titleSearch } from './columns.js';
import { tenantIdColumn } from './tenant-id.js';
import { users } from './accounts.js';

/* ───────────────────────── Catalogue (decision record 008) ───────────────────────── */

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

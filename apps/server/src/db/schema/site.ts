import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SystemConfig } from '@school/contract/shell';
import type { LocalizedText } from '../../lib/localized-text.js';
import { createdAt, updatedAt, packUid } from './columns.js';
import { tenants } from './tenants.js';
import { tenantIdColumn } from './tenant-id.js';

// What a school configures: its hosts, settings, agreements, pages and tabs.

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

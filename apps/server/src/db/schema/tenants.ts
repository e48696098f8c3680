import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../lib/localized-text.js';
import { createdAt, updatedAt } from './columns.js';

/** A school: every tenant-owned row carries its id (`tenantIdColumn`, tenant-id.ts). */
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

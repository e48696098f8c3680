import { sql } from 'drizzle-orm';
import { check, text, timestamp } from 'drizzle-orm/pg-core';
import type { ProductStatus } from '@school/contract/enums';

/*
 * What the tables are built from: timestamps, the school pack's uid, a product's and a lesson's
 * statuses, the search text. It holds no table, imports no other schema file (the tables use
 * these as they are defined, so they must exist first) and db/schema.ts does not re-export it.
 */

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * The school pack's name for a row (docs/school-pack.md), unique in its school: a re-imported
 * pack updates the row it made. Null for rows no pack made; PostgreSQL lets nulls repeat.
 */
export const packUid = () => text('uid');

// The contract's enums, spelled out because drizzle-kit loads this file on its own; `satisfies`
// keeps them in step with the contract at compile time.
export const productStatusValues = [
  'DRAFT',
  'PUBLISHED',
  'UNPUBLISHED',
  'CLOSED',
] as const satisfies readonly ProductStatus[];
export const productStatusCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in ('DRAFT', 'PUBLISHED', 'UNPUBLISHED', 'CLOSED')`);

/**
 * Lower-cased titles of both languages, kept by PostgreSQL itself, so a keyword matches any
 * part of either title (Chinese has no spaces to split words on). A pg_trgm GIN index serves
 * `ILIKE '%…%'` on it.
 */
export const searchTextColumn = (expression: ReturnType<typeof sql>) =>
  text('search_text').generatedAlwaysAs(expression).notNull();
export const titleSearch = sql`lower((title->>'cn') || ' ' || (title->>'en'))`;

/** A lesson's status, and a homework's: UNPUBLISHED is one its school's pack no longer has. */
export const lessonStatusValues = ['PUBLISHED', 'UNPUBLISHED'] as const;

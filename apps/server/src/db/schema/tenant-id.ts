import { integer } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/**
 * Every tenant-owned row carries its tenant; deleting a school deletes its rows. A file of its
 * own, after tenants.ts and not re-exported by db/schema.ts: a helper, not a table.
 */
export const tenantIdColumn = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

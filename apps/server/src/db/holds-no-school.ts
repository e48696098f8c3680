import { count } from 'drizzle-orm';
import type { Db } from './database.js';
import { tenants } from './schema.js';

/**
 * Whether the database has no school yet: a production start warns, a development start loads
 * the demo schools. Here, not in the demo step, so production's start never imports that step.
 */
export async function holdsNoSchool(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(tenants);
  return (row?.n ?? 0) === 0;
}

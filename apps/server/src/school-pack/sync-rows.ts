import { and, eq, inArray, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';

/*
 * Bringing a table's pack-made rows to what a pack says, changing only what differs: the reason
 * a second import of the same pack writes nothing.
 */

export interface ImportCounts {
  created: number;
  updated: number;
  /**
   * Deleted, or kept out of sight for what learners may hold: unpublished (lessons, courses,
   * classrooms, articles), expired (a coupon an order used).
   */
  removed: number;
}

/** Adds `from` into `into`. */
export function addCounts(into: ImportCounts, from: ImportCounts): void {
  into.created += from.created;
  into.updated += from.updated;
  into.removed += from.removed;
}

export const noChange = (): ImportCounts => ({ created: 0, updated: 0, removed: 0 });

/** Stable JSON: the same value gives the same text whatever order its keys were written in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type UidTable = PgTable & { id: PgColumn; uid: PgColumn };

/**
 * Brings the rows of `table` that the pack made (those with a uid, within `scope`) to `rows`, in
 * their order: `values` is asked only when a row's turn comes, so a row can point at one written
 * before it (a category at its parent: a `values` that takes the ids waits for every row before
 * it to be written). New rows are written together, as few statements as that allows. Returns
 * each uid's id and what changed.
 */
export async function syncByUid<T extends UidTable>(
  tx: Db,
  table: T,
  scope: SQL,
  rows: { uid: string; values: (ids: Map<string, number>) => Record<string, unknown> }[],
  /**
   * What becomes of the rows the pack no longer names (default: deleted); answers how many it
   * changed. Lessons, courses, classrooms and exams are unpublished instead (`unpublishGone`): learners'
   * memberships and progress point at them.
   */
  remove: (ids: number[]) => Promise<number> = async (ids) => {
    await tx.delete(table).where(inArray(table.id, ids));
    return ids.length;
  },
): Promise<{ ids: Map<string, number>; counts: ImportCounts; changed: Set<string> }> {
  const counts = noChange();
  const existing = (await tx
    .select()
    .from(table as PgTable)
    .where(and(scope, isNotNull(table.uid)))) as Record<string, unknown>[];
  const byUid = new Map(existing.map((row) => [row.uid as string, row]));
  const ids = new Map<string, number>();
  /** The uids created or updated. */
  const changed = new Set<string>();
  /** New rows waiting to be written together (rows whose values read no id of this call). */
  let pending: Record<string, unknown>[] = [];
  const writePending = async () => {
    if (pending.length === 0) return;
    const made = (await tx
      .insert(table)
      .values(pending as never)
      .returning({ id: table.id, uid: table.uid })) as { id: number; uid: string }[];
    for (const row of made) ids.set(row.uid, row.id);
    pending = [];
  };
  for (const row of rows) {
    // A row that reads the ids (a category naming its parent) sees every row written before it.
    if (row.values.length > 0) await writePending();
    const values = row.values(ids);
    const old = byUid.get(row.uid);
    if (old === undefined) {
      pending.push({ ...values, uid: row.uid });
      changed.add(row.uid);
      counts.created += 1;
      continue;
    }
    ids.set(row.uid, old.id as number);
    if (Object.keys(values).some((key) => canonical(values[key]) !== canonical(old[key]))) {
      await tx
        .update(table)
        .set(values as never)
        .where(eq(table.id, old.id as number));
      changed.add(row.uid);
      counts.updated += 1;
    }
  }
  await writePending();
  const gone = existing.filter((row) => !ids.has(row.uid as string)).map((row) => row.id as number);
  if (gone.length > 0) counts.removed = await remove(gone);
  return { ids, counts, changed };
}

/**
 * The `remove` of `syncByUid` for what learners may hold (courses, lessons, classrooms, exams): the rows
 * are unpublished, never deleted, so memberships and progress keep pointing at them. Answers how
 * many were not unpublished already, so a second import counts none.
 */
export const unpublishGone =
  (tx: Db, table: UidTable & { status: PgColumn }) =>
  async (ids: number[]): Promise<number> =>
    (
      (await tx
        .update(table)
        .set({ status: 'UNPUBLISHED' } as never)
        .where(and(inArray(table.id, ids), ne(table.status, 'UNPUBLISHED')))
        .returning({ id: table.id })) as unknown[]
    ).length;

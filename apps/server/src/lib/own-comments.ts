import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { users } from '../db/schema.js';

/*
 * A learner changes or deletes their own rating of a course or classroom (issue 26). Both
 * products keep ratings the same way: a comments table with the product's id, and running
 * rating counters on the product. The comment row is locked while the counters move, so two
 * taps, or an edit racing a delete, never leave the average off.
 */

/** Where one product keeps its ratings. */
export interface RatingTables {
  comments: PgTable;
  id: PgColumn;
  productId: PgColumn;
  userId: PgColumn;
  score: PgColumn;
  content: PgColumn;
  createdAt: PgColumn;
  products: PgTable;
  productKey: PgColumn;
  ratingTotal: PgColumn;
  ratingCount: PgColumn;
}

/** The new stars and text; null deletes the rating. */
export type RatingChange = { score: number; content: string } | null;

export type RatingChangeOutcome = 'missing' | 'notYours' | 'done';

export function changeOwnRating(
  db: Db,
  tables: RatingTables,
  target: { productId: number; commentId: number; userId: number },
  change: RatingChange,
): Promise<RatingChangeOutcome> {
  const column = (c: PgColumn) => sql.identifier(c.name);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ userId: tables.userId, score: tables.score })
      .from(tables.comments)
      .where(and(eq(tables.id, target.commentId), eq(tables.productId, target.productId)))
      .for('update');
    if (found === undefined) return 'missing';
    if (found.userId !== target.userId) return 'notYours';
    const oldScore = found.score as number;
    if (change === null) {
      await tx.delete(tables.comments).where(eq(tables.id, target.commentId));
    } else {
      await tx.execute(
        sql`update ${tables.comments} set ${column(tables.score)} = ${change.score}, ${column(tables.content)} = ${change.content} where ${tables.id} = ${target.commentId}`,
      );
    }
    const totalChange = (change?.score ?? 0) - oldScore;
    const countChange = change === null ? -1 : 0;
    await tx.execute(
      sql`update ${tables.products} set ${column(tables.ratingTotal)} = ${tables.ratingTotal} + ${totalChange}, ${column(tables.ratingCount)} = ${tables.ratingCount} + ${countChange} where ${tables.productKey} = ${target.productId}`,
    );
    return 'done';
  });
}

/** A rating as the product's list shows it. */
export interface RatingRow {
  id: number;
  score: number;
  content: string;
  createdAt: Date;
  user: { nickname: string; avatar: string | null };
}

/** One rating with its author, read back after its author changed it. */
export async function findRating(db: Db, tables: RatingTables, commentId: number): Promise<RatingRow | null> {
  const [row] = await db
    .select({
      id: tables.id,
      score: tables.score,
      content: tables.content,
      createdAt: tables.createdAt,
      user: { nickname: users.nickname, avatar: users.avatar },
    })
    .from(tables.comments)
    .innerJoin(users, eq(users.id, tables.userId))
    .where(eq(tables.id, commentId));
  // The columns are typed loosely in RatingTables (any product's table); their values are these.
  return (row as RatingRow | undefined) ?? null;
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { rateLimits } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';

/*
 * Fixed-window counters behind an interface so they can move (e.g. to Redis) without
 * touching the rules that use them. The default keeps them in the database, so every server
 * process behind a load balancer counts together (DESIGN.md §7).
 */
export interface RateLimitStore {
  /** Counts one hit for `key` and returns the count in the current window, this hit included. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }>;
  reset(key: string): Promise<void>;
}

export function createDbRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, windowMs, now) {
      const resetAt = new Date(now.getTime() + windowMs);
      // Explicit casts: inside CASE the drivers cannot infer a parameter's type.
      const nowSql = sql`${now.toISOString()}::timestamptz`;
      const resetAtSql = sql`${resetAt.toISOString()}::timestamptz`;
      // One atomic upsert: concurrent attempts cannot both read a stale count.
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${nowSql} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${nowSql} then ${resetAtSql} else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (!row) throw new Error('rate limit upsert returned nothing');
      return row;
    },

    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

/**
 * Counts one hit and refuses with 429 `tooManyRequests` (and Retry-After in seconds) once the
 * window holds more than `limit` hits.
 */
export async function enforceRateLimit(
  store: RateLimitStore,
  rule: { key: string; limit: number; windowMs: number },
  now: Date,
): Promise<void> {
  const { count, resetAt } = await store.hit(rule.key, rule.windowMs, now);
  if (count > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    throw new AppError('tooManyRequests', { headers: { 'retry-after': String(retryAfter) } });
  }
}

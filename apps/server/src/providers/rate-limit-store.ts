import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { attemptThrottles, rateLimits } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';

/*
 * Counters behind an interface so they can move (e.g. to Redis) without touching the rules
 * that use them. The default keeps them in the database, so every server process behind a
 * load balancer counts together (decision 004). Two kinds:
 * - fixed windows (`hit`): at most N in a window, then 429 until the window ends;
 * - growing delays (`throttle`): the first few attempts pass, then each must wait twice as
 *   long as the one before, up to a ceiling. It slows a guesser without ever locking the
 *   owner out for longer than the ceiling (decision record 010).
 */

export interface ThrottlePolicy {
  /** Attempts that pass without waiting. */
  free: number;
  /** The wait after the first attempt past `free`; each further one doubles it. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** An account left alone this long after its last attempt starts again from zero. */
  forgetAfterMs: number;
}

export type ThrottleAnswer = { allowed: true; attempts: number } | { allowed: false; retryAt: Date };

export interface RateLimitStore {
  /** Counts one hit for `key` and returns the count in the current window, this hit included. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }>;
  /** Gives back one hit (an attempt that turned out to be legitimate). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Claims an attempt under a growing delay; concurrent claims are decided one at a time. */
  throttle(key: string, policy: ThrottlePolicy, now: Date): Promise<ThrottleAnswer>;
  clearThrottle(key: string): Promise<void>;
}

/** The wait a throttle imposes after `attempts` attempts. */
export function throttleDelayMs(policy: ThrottlePolicy, attempts: number): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - policy.free));
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

    async undo(key) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },

    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    async throttle(key, policy, now) {
      const t = attemptThrottles;
      const forgetAt = new Date(now.getTime() + policy.forgetAfterMs);
      // Read, decide and write under the row's lock: of several concurrent attempts past the
      // free ones, one claims the slot and the others find it taken.
      return db.transaction(async (tx) => {
        await tx
          .insert(t)
          .values({ key, attempts: 0, lastAttemptAt: new Date(0), expiresAt: forgetAt })
          .onConflictDoNothing({ target: t.key });
        const [row] = await tx.select().from(t).where(eq(t.key, key)).for('update');
        if (!row) throw new Error('throttle row vanished');
        const attempts = row.expiresAt.getTime() <= now.getTime() ? 0 : row.attempts;
        const retryAt = row.lastAttemptAt.getTime() + throttleDelayMs(policy, attempts);
        if (attempts >= policy.free && retryAt > now.getTime()) {
          return { allowed: false as const, retryAt: new Date(retryAt) };
        }
        await tx
          .update(t)
          .set({ attempts: attempts + 1, lastAttemptAt: now, expiresAt: forgetAt })
          .where(eq(t.key, key));
        return { allowed: true as const, attempts: attempts + 1 };
      });
    },

    async clearThrottle(key) {
      await db.delete(attemptThrottles).where(eq(attemptThrottles.key, key));
    },
  };
}

/** 429 `tooManyRequests` with Retry-After (whole seconds, at least 1) until `retryAt`. */
export function tooManyRequests(retryAt: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return new AppError('tooManyRequests', { headers: { 'retry-after': String(retryAfter) } });
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
  if (count > rule.limit) throw tooManyRequests(resetAt, now);
}

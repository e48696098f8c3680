import type { Clock } from '../providers/clock.js';
import { createTtlCache, type TtlCache } from './ttl-cache.js';

/*
 * What this process keeps of answers that say the same to everyone (decision 014), for
 * `seconds` (PUBLIC_CACHE_SECONDS; 0 keeps nothing): the HTTP store's whole answers to the
 * public reads, and the public part of a detail that a signed-in learner's answer adds their own
 * rows to. A write through this process that changes what one of them says (a join, a rating, a
 * payment) calls `changed()`, and every kept copy is forgotten at once: the learner who did it
 * sees it on their next read. A change made elsewhere shows when the seconds have passed.
 */

export interface PublicCache {
  readonly seconds: number;
  /** A store of one kind of public part, kept per key (school and product), forgotten on `changed()`. */
  part<V>(): PublicPart<V>;
  /** Something public changed through this process: forget everything kept. */
  changed(): void;
  /** `forget` runs on every `changed()` (the HTTP store registers its own). */
  onChange(forget: () => void): void;
}

export interface PublicPart<V> {
  /**
   * The public part for this caller. A visitor's is loaded afresh: the HTTP store keeps their
   * whole answer, so it is never kept twice. A signed-in learner's is kept for the seconds.
   */
  get(caller: { tenantId: number; userId: number | null }, key: string, load: () => Promise<V>): Promise<V>;
}

export function createPublicCache(options: { seconds: number; clock: Pick<Clock, 'now'> }): PublicCache {
  const forgets: (() => void)[] = [];
  const keeps = options.seconds > 0;
  return {
    seconds: options.seconds,
    part<V>(): PublicPart<V> {
      if (!keeps) return { get: (_caller, _key, load) => load() };
      const kept: TtlCache<string, V> = createTtlCache({ ttlMs: options.seconds * 1000, clock: options.clock });
      forgets.push(() => kept.clear());
      return {
        get(caller, key, load) {
          return caller.userId === null ? load() : kept.get(`${caller.tenantId}:${key}`, load);
        },
      };
    },
    changed() {
      for (const forget of forgets) forget();
    },
    onChange(forget) {
      // Nothing is kept when the seconds are 0.
      if (keeps) forgets.push(forget);
    },
  };
}

/** Keeps nothing: services built without the process's cache (background jobs, tests). */
export const noPublicCache: PublicCache = createPublicCache({ seconds: 0, clock: { now: () => new Date() } });

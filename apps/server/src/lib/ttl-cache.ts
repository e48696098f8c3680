import type { Clock } from '../providers/clock.js';

/*
 * A school's settings (tenant, system config, tab bar, micro pages) are read by nearly every
 * request and change rarely: each process keeps them for a few seconds. With several processes
 * a change made elsewhere shows within `ttlMs`; one made through this process shows at once
 * (`clear`). Concurrent misses share one load; a failed load is not kept.
 */
export const schoolSettingsTtlMs = 5_000;

export interface TtlCache<K, V> {
  get(key: K, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function createTtlCache<K, V>(options: {
  ttlMs: number;
  clock: Pick<Clock, 'now'>;
  /** Keys may come from requests (hosts, ids): past this many the cache starts over. */
  maxEntries?: number;
}): TtlCache<K, V> {
  const maxEntries = options.maxEntries ?? 1_000;
  const entries = new Map<K, { value: Promise<V>; expiresAt: number }>();
  return {
    get(key, load) {
      const now = options.clock.now().getTime();
      const entry = entries.get(key);
      if (entry !== undefined && entry.expiresAt > now) return entry.value;
      const value = load();
      if (entries.size >= maxEntries) entries.clear();
      const stored = { value, expiresAt: now + options.ttlMs };
      entries.set(key, stored);
      value.catch(() => {
        if (entries.get(key) === stored) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manual-clock.js';
import { createTtlCache } from './ttl-cache.js';

describe('createTtlCache', () => {
  it('loads once for concurrent misses, keeps the value for ttlMs, then loads again', async () => {
    const clock = new ManualClock();
    const cache = createTtlCache<string, number>({ ttlMs: 5_000, clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([1, 1, 1]);
    clock.advance(4_999);
    expect(await cache.get('a', load)).toBe(1);
    clock.advance(1);
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('b', load)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const cache = createTtlCache<string, number>({ ttlMs: 5_000, clock: new ManualClock() });
    await expect(cache.get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });

  it('forgets everything on clear, and starts over past maxEntries', async () => {
    const cache = createTtlCache<number, number>({ ttlMs: 5_000, clock: new ManualClock(), maxEntries: 2 });
    await cache.get(1, async () => 1);
    cache.clear();
    expect(await cache.get(1, async () => 10)).toBe(10);
    await cache.get(2, async () => 20);
    await cache.get(3, async () => 30);
    expect(await cache.get(1, async () => 100)).toBe(100);
  });
});

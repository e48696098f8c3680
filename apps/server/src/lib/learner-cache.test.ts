import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manual-clock.js';
import { createLearnerCache } from './learner-cache.js';

/*
 * The cache's own rules (decision 014). Through the app, on a real database, in
 * learner-rows.test.ts: what the database's notifications make it forget.
 */

function counter() {
  let loads = 0;
  return async () => ++loads;
}

function listeningCache(seconds = 60) {
  const clock = new ManualClock();
  const cache = createLearnerCache({ seconds, clock });
  cache.listening(true);
  return { cache, clock };
}

describe('createLearnerCache', () => {
  it('keeps nothing before it listens, then keeps per key for the seconds', async () => {
    const clock = new ManualClock();
    const cache = createLearnerCache({ seconds: 60, clock });
    const load = counter();
    expect(await cache.own(7, 'a', load)).toBe(1);
    expect(await cache.own(7, 'a', load)).toBe(2);
    cache.listening(true);
    expect(await cache.own(7, 'a', load)).toBe(3);
    expect(await cache.own(7, 'a', load)).toBe(3);
    expect(await cache.own(8, 'a', load)).toBe(4);
    expect(await cache.own(7, 'b', load)).toBe(5);
    clock.advance(59_999);
    expect(await cache.own(7, 'a', load)).toBe(3);
    // The safety net: gone after the seconds, notification or not.
    clock.advance(1);
    expect(await cache.own(7, 'a', load)).toBe(6);
  });

  it("forgets a user's entries when the database names them, everyone's on '*'", async () => {
    const { cache } = listeningCache();
    const load = counter();
    await cache.own(7, 'a', load);
    await cache.own(7, 'b', load);
    await cache.own(8, 'a', load);
    cache.notified('7');
    expect(await cache.own(7, 'a', load)).toBe(4);
    expect(await cache.own(7, 'b', load)).toBe(5);
    expect(await cache.own(8, 'a', load)).toBe(3);
    cache.notified('*');
    expect(await cache.own(8, 'a', load)).toBe(6);
    // Anything else: everything, rather than a guess.
    cache.notified('not a user');
    expect(await cache.own(8, 'a', load)).toBe(7);
  });

  it('keeps an entry under the user its value names, and nothing when it names nobody', async () => {
    const { cache } = listeningCache();
    let loads = 0;
    const session = () =>
      cache.get(
        'session:x',
        async () => ({ userId: 7, n: ++loads }),
        (row) => row.userId,
      );
    expect((await session()).n).toBe(1);
    expect((await session()).n).toBe(1);
    cache.notified('7');
    expect((await session()).n).toBe(2);
    const missing = () =>
      cache.get(
        'session:y',
        async () => {
          loads += 1;
          return null;
        },
        () => null,
      );
    await missing();
    await missing();
    expect(loads).toBe(4);
  });

  it('does not keep a read that started before a notification about its user', async () => {
    const { cache } = listeningCache();
    let release!: () => void;
    const slow = cache.own(
      7,
      'a',
      () => new Promise<string>((resolve) => (release = () => resolve('read before the write'))),
    );
    // The write commits and its notification comes while the read is still out.
    cache.notified('7');
    release();
    expect(await slow).toBe('read before the write');
    expect(await cache.own(7, 'a', async () => 'fresh')).toBe('fresh');

    // A notification about someone else does not stop it being kept.
    let releaseOther!: () => void;
    const other = cache.own(7, 'b', () => new Promise<string>((resolve) => (releaseOther = () => resolve('kept'))));
    cache.notified('8');
    releaseOther();
    await other;
    expect(await cache.own(7, 'b', async () => 'not read')).toBe('kept');
  });

  it('forgets everything when it stops listening, keeps nothing until it listens again, and forgets again then', async () => {
    const { cache } = listeningCache();
    const load = counter();
    await cache.own(7, 'a', load);
    cache.listening(false);
    expect(await cache.own(7, 'a', load)).toBe(2);
    expect(await cache.own(7, 'a', load)).toBe(3);
    // A read out while it listens again may hold rows whose notification was missed.
    let release!: () => void;
    const straddling = cache.own(7, 'b', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    cache.listening(true);
    release();
    await straddling;
    expect(await cache.own(7, 'b', async () => 'new')).toBe('new');
    expect(await cache.own(7, 'a', load)).toBe(4);
    expect(await cache.own(7, 'a', load)).toBe(4);
  });

  it('keeps nothing when the seconds are 0', async () => {
    const { cache } = listeningCache(0);
    const load = counter();
    await cache.own(7, 'a', load);
    expect(await cache.own(7, 'a', load)).toBe(2);
  });
});

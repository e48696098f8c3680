import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manual-clock.js';
import { createPublicCache } from './public-cache.js';

describe('createPublicCache', () => {
  const learner = { tenantId: 1, userId: 7 };
  const visitor = { tenantId: 1, userId: null };

  it("keeps a learner's public part per school and key for the seconds; a visitor's is always loaded", async () => {
    const clock = new ManualClock();
    const part = createPublicCache({ seconds: 10, clock }).part<number>();
    let loads = 0;
    const load = async () => ++loads;
    expect(await part.get(learner, 'a', load)).toBe(1);
    expect(await part.get({ tenantId: 1, userId: 8 }, 'a', load)).toBe(1);
    expect(await part.get({ tenantId: 2, userId: 7 }, 'a', load)).toBe(2);
    expect(await part.get(visitor, 'a', load)).toBe(3);
    clock.advance(10_000);
    expect(await part.get(learner, 'a', load)).toBe(4);
  });

  it('forgets every part and tells every listener on a change', async () => {
    const cache = createPublicCache({ seconds: 10, clock: new ManualClock() });
    const first = cache.part<string>();
    const second = cache.part<string>();
    let forgotten = 0;
    cache.onChange(() => (forgotten += 1));
    await first.get(learner, 'a', async () => 'old');
    await second.get(learner, 'a', async () => 'old');
    cache.changed();
    expect(forgotten).toBe(1);
    expect(await first.get(learner, 'a', async () => 'new')).toBe('new');
    expect(await second.get(learner, 'a', async () => 'new')).toBe('new');
  });

  it('keeps nothing when the seconds are 0', async () => {
    const part = createPublicCache({ seconds: 0, clock: new ManualClock() }).part<number>();
    let loads = 0;
    await part.get(learner, 'a', async () => ++loads);
    expect(await part.get(learner, 'a', async () => ++loads)).toBe(2);
  });
});

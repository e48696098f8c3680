import { describe, expect, it } from 'vitest';
import { createWindowCounter } from './window-counter.js';

describe('createWindowCounter', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 27) + ms);

  it('counts hits per key within a window and starts again after it', () => {
    const counter = createWindowCounter({ windowMs: 60_000, maxKeys: 10 });
    expect(counter.hit('a', at(0))).toEqual({ count: 1, resetAt: at(60_000) });
    expect(counter.hit('a', at(59_999)).count).toBe(2);
    expect(counter.hit('b', at(1)).count).toBe(1);
    expect(counter.hit('a', at(60_000))).toEqual({ count: 1, resetAt: at(120_000) });
  });

  it('keeps at most maxKeys windows, dropping ended ones first, then the oldest', () => {
    const counter = createWindowCounter({ windowMs: 1_000, maxKeys: 2 });
    counter.hit('old', at(0));
    counter.hit('old', at(0));
    counter.hit('kept', at(900));
    // 'old' has ended by then and goes; 'kept' keeps its count.
    counter.hit('new', at(1_500));
    expect(counter.hit('kept', at(1_600)).count).toBe(2);
    // Nothing has ended: the oldest key ('kept') goes to make room, 'new' keeps its count.
    counter.hit('newer', at(1_700));
    expect(counter.hit('new', at(1_800)).count).toBe(2);
    expect(counter.hit('kept', at(1_800)).count).toBe(1);
  });
});

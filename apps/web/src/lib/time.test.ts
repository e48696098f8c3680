import { describe, expect, it } from 'vitest';
import { timeOf } from './time';

describe('timeOf', () => {
  it('reads an ISO time as epoch milliseconds', () => {
    expect(timeOf('2026-01-02T03:04:05.000Z')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
  });

  it('is null for no time or an unreadable one', () => {
    expect(timeOf(null)).toBeNull();
    expect(timeOf('soon')).toBeNull();
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverClockOffset, useServerClock } from './server-clock';

describe('serverClockOffset', () => {
  it('is the server time minus the local arrival time', () => {
    const received = Date.parse('2025-06-15T12:00:00Z');
    expect(serverClockOffset('2025-06-15T12:05:00Z', received)).toBe(5 * 60_000);
    expect(serverClockOffset('2025-06-15T11:59:30+00:00', received)).toBe(-30_000);
  });

  it('is 0 for an unreadable time or an unknown arrival', () => {
    expect(serverClockOffset('not a time', Date.now())).toBe(0);
    expect(serverClockOffset('2025-06-15T12:05:00Z', 0)).toBe(0);
  });
});

describe('useServerClock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the phone clock corrected by the offset and ticks with it', () => {
    // The phone is 10 minutes behind the server.
    vi.setSystemTime(Date.parse('2025-06-15T11:50:00Z'));
    const receivedAt = Date.now();
    const { result } = renderHook(() =>
      useServerClock({ serverNow: '2025-06-15T12:00:00Z', receivedAt, intervalMs: 1000 }),
    );
    expect(new Date(result.current).toISOString()).toBe('2025-06-15T12:00:00.000Z');
    act(() => vi.advanceTimersByTime(3000));
    expect(new Date(result.current).toISOString()).toBe('2025-06-15T12:00:03.000Z');
  });

  it("first renders the answer's own time, so a hydrating browser computes what the server rendered", () => {
    // The server answered and rendered at 12:00:00; the phone hydrates the page 90 s later.
    const receivedAt = Date.parse('2025-06-15T12:00:00Z');
    vi.setSystemTime(receivedAt + 90_000);
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const now = useServerClock({ serverNow: '2025-06-15T12:00:00Z', receivedAt, enabled: false });
      seen.push(now);
      return now;
    });
    expect(new Date(seen[0]!).toISOString()).toBe('2025-06-15T12:00:00.000Z');
    // Mounted, it reads the clock at once, ticking or not.
    act(() => vi.advanceTimersByTime(0));
    expect(new Date(result.current).toISOString()).toBe('2025-06-15T12:01:30.000Z');
  });

  it('does not tick when disabled', () => {
    vi.setSystemTime(Date.parse('2025-06-15T12:00:00Z'));
    const { result } = renderHook(() => useServerClock({ serverNow: undefined, receivedAt: 0, enabled: false }));
    const first = result.current;
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(first);
  });
});

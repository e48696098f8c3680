import { useEffect, useState } from 'react';

/**
 * How far the server's clock is ahead of this phone's (negative: behind), from an answer's
 * `now` and the local time the answer arrived. Countdowns add it to Date.now(), so a phone set
 * to the wrong time still counts down to the school's real start and end times.
 */
export function serverClockOffset(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) && receivedAt > 0 ? server - receivedAt : 0;
}

interface ServerClockOptions {
  /** The answer's `now`; undefined until there is an answer (no correction then). */
  serverNow: string | undefined;
  /** Local time the answer arrived (TanStack's `dataUpdatedAt`). */
  receivedAt: number;
  intervalMs?: number;
  /** Stops ticking when nothing on screen depends on the time. */
  enabled?: boolean;
  clock?: () => number;
}

/**
 * The server's current time in ms, re-rendering the caller every `intervalMs`. Counted from
 * the clock each tick rather than by decrements, so a tab the phone throttled in the
 * background is right again as soon as it is shown.
 *
 * The first render reads the answer's own `now`, not a clock: a server-rendered screen and the
 * browser hydrating it then compute the same countdown even when a minute turned between the
 * two, and React keeps the markup. The phone's corrected clock takes over right after it mounts.
 */
export function useServerClock({
  serverNow,
  receivedAt,
  intervalMs = 1000,
  enabled = true,
  clock = Date.now,
}: ServerClockOptions): number {
  const [localNow, setLocalNow] = useState(() => (serverNow && receivedAt > 0 ? receivedAt : clock()));
  useEffect(() => {
    const tick = () => setLocalNow(clock());
    // Once at once, ticking or not: the first render showed the answer's time, which may be old.
    const first = setTimeout(tick, 0);
    const timer = enabled ? setInterval(tick, intervalMs) : undefined;
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [enabled, intervalMs, clock]);
  return localNow + (serverNow ? serverClockOffset(serverNow, receivedAt) : 0);
}

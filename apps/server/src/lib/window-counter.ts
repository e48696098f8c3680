/*
 * Hits per key in fixed windows, kept in this process only. For a flood guard on a hot write
 * path (exam answer saves), where a counter row in the database is a second commit for every
 * request: on PostgreSQL, 200 takers saved 545 times a second with a counter row (p99 3.4 s at
 * 1,000/s offered), 815 with this counter (0.8 s) and 821 with no limit (1.0 s), one run each
 * in one session (decision 018). Behind N processes a client can reach N times the limit, which
 * still stops a script; the limits that protect accounts and money (logins, SMS) stay in the
 * database's store.
 */

export interface WindowCounter {
  /** Counts one hit for `key`; the count in the current window, this hit included. */
  hit(key: string, now: Date): { count: number; resetAt: Date };
}

export function createWindowCounter({ windowMs, maxKeys }: { windowMs: number; maxKeys: number }): WindowCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  /** Makes room for one more key: drops ended windows, then if need be the oldest (a Map keeps insertion order). */
  function makeRoom(now: number) {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    hit(key, now) {
      const at = now.getTime();
      let window = windows.get(key);
      if (window === undefined || window.resetAt <= at) {
        windows.delete(key);
        if (windows.size >= maxKeys) makeRoom(at);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetAt: new Date(window.resetAt) };
    },
  };
}

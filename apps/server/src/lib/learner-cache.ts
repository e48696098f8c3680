import type { Clock } from '../providers/clock.js';

/*
 * What this process keeps of a signed-in learner between requests (decision 014): their session
 * and their own rows that a detail adds to its public part (membership, progress, attempts).
 * The database keeps it fresh: triggers on every table those reads use notify the channel
 * `learnerRowsChannel` with the id of the user whose rows changed (migration 0007), after
 * commit, whoever wrote them (this process, another one, an admin's SQL), and everything kept of
 * that user is forgotten when it arrives. So:
 * - a kept entry is used only while this process listens: before it listens, and from the
 *   moment its listening connection is lost until it listens again, nothing is kept and every
 *   read goes to the database (everything is forgotten at both ends);
 * - an entry whose read started before a notification about its user is not kept: it may hold
 *   rows from before a write whose notification has already come (the same idea as the public
 *   cache's `changes`);
 * - deadlines (a session's expiry, a membership's end) are kept as timestamps and judged at each
 *   read, and every entry is dropped after `seconds` whatever happens, as a safety net;
 * - on PGlite a notification arrives with the result of the write that sent it; on PostgreSQL
 *   by a round trip on the listening connection (the listener's `settle`), which the app awaits
 *   before answering a write: a learner's next request sees their own write in this process.
 */

/** The channel the triggers notify; the payload is a user's id, or '*' for everyone. */
export const learnerRowsChannel = 'learner_rows';

// Users are few per process next to this; when full, the oldest entry goes.
const maxEntries = 20_000;

export interface LearnerCache {
  /**
   * What `load` reads, kept under `key` if `ownerOf` names whose rows it was read from (null:
   * nothing kept, e.g. no session found), until a notification about them or `seconds` pass.
   */
  get<V>(key: string, load: () => Promise<V>, ownerOf: (value: V) => number | null): Promise<V>;
  /** `get` for rows of one user: kept per user and key. */
  own<V>(userId: number, key: string, load: () => Promise<V>): Promise<V>;
  /** Forgets what is kept of a user at once (a write of this process whose notification will follow). */
  forget(userId: number): void;
  /** The listener's handlers (db/database.ts `listen`). */
  notified(payload: string): void;
  listening(listening: boolean): void;
}

interface Entry {
  value: unknown;
  owner: number;
  expiresAt: number;
}

export function createLearnerCache(options: { seconds: number; clock: Pick<Clock, 'now'> }): LearnerCache {
  const keeps = options.seconds > 0;
  const lifetimeMs = options.seconds * 1000;
  const entries = new Map<string, Entry>();
  const keysOf = new Map<number, Set<string>>();
  // Counts notifications: a read keeps its result only if nothing was said about its user (or
  // everyone) after it started.
  let tick = 0;
  let allChangedAt = 0;
  const changedAt = new Map<number, number>();
  let listening = false;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    const keys = keysOf.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.owner);
  }

  function forgetAll(): void {
    tick += 1;
    allChangedAt = tick;
    entries.clear();
    keysOf.clear();
    changedAt.clear();
  }

  function forget(userId: number): void {
    tick += 1;
    // Bounded: past the limit, forgetting who changed when is forgetting everything.
    if (changedAt.size >= maxEntries) forgetAll();
    changedAt.set(userId, tick);
    for (const key of keysOf.get(userId) ?? []) entries.delete(key);
    keysOf.delete(userId);
  }

  function store(key: string, owner: number, value: unknown): void {
    drop(key);
    if (entries.size >= maxEntries) drop(entries.keys().next().value!);
    entries.set(key, { value, owner, expiresAt: options.clock.now().getTime() + lifetimeMs });
    let keys = keysOf.get(owner);
    if (keys === undefined) keysOf.set(owner, (keys = new Set()));
    keys.add(key);
  }

  async function get<V>(key: string, load: () => Promise<V>, ownerOf: (value: V) => number | null): Promise<V> {
    if (!keeps || !listening) return load();
    const kept = entries.get(key);
    if (kept !== undefined) {
      if (kept.expiresAt > options.clock.now().getTime()) return kept.value as V;
      drop(key);
    }
    const startedAt = tick;
    const value = await load();
    const owner = ownerOf(value);
    if (owner !== null && listening && allChangedAt <= startedAt && (changedAt.get(owner) ?? 0) <= startedAt) {
      store(key, owner, value);
    }
    return value;
  }

  return {
    get,
    own: (userId, key, load) => get(`${userId}:${key}`, load, () => userId),
    forget,
    notified(payload) {
      const userId = /^\d{1,15}$/.test(payload) ? Number(payload) : null;
      // '*' or anything this code does not send: forget everything rather than guess.
      if (userId === null) forgetAll();
      else forget(userId);
    },
    listening(now) {
      listening = now;
      forgetAll();
    },
  };
}

/** Keeps nothing: services built without the process's cache (background jobs, tests). */
export const noLearnerCache: LearnerCache = createLearnerCache({ seconds: 0, clock: { now: () => new Date() } });

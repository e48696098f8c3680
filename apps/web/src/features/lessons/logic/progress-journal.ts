import { del, entries, set } from 'idb-keyval';
import { guardedIdbStore } from '../../../lib/guarded-idb-store';

/** A progress report waiting to reach the server, with whose it is and where it belongs. */
export interface JournalEntry {
  /** The learner who made it: a shared phone never replays one learner's report as another's. */
  userId: number;
  lessonId: number;
  /** Lets a replay refresh the course the lesson belongs to. */
  courseUid: string;
  position: number;
  /** ISO time the learner was at `position`: the server keeps the newest, so replays are safe. */
  at: string;
}

export type JournalKey = string;

/** The reports not yet acknowledged, oldest first. */
export interface ProgressJournal {
  add(entry: JournalEntry): Promise<JournalKey>;
  remove(key: JournalKey): Promise<void>;
  list(): Promise<Array<[JournalKey, JournalEntry]>>;
}

let sequence = 0;

/**
 * Keys sort as the reports were made (IndexedDB lists keys in order): the report's time, then a
 * counter for reports of the same millisecond, then a random tail so two tabs never collide.
 */
export function journalKey(entry: Pick<JournalEntry, 'at'>): JournalKey {
  sequence = (sequence + 1) % 1_000_000;
  const time = String(Date.parse(entry.at)).padStart(15, '0');
  return `${time}-${String(sequence).padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A journal in memory: where IndexedDB is missing or refuses (some private modes), and in tests. */
export function memoryJournal(): ProgressJournal {
  const rows = new Map<JournalKey, JournalEntry>();
  return {
    async add(entry) {
      const key = journalKey(entry);
      rows.set(key, entry);
      return key;
    },
    async remove(key) {
      rows.delete(key);
    },
    async list() {
      return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    },
  };
}

/**
 * The journal in IndexedDB, so a report made offline, or lost with the page, is replayed on
 * the next visit. Falls back to memory for the rest of the visit when the database cannot be
 * opened or written (some private modes).
 */
export function indexedDbJournal(dbName = 'school-progress', storeName = 'reports'): ProgressJournal {
  const fallback = memoryJournal();
  // Opens on first use, without a version: a database the earlier helper made opens as it is
  // (its reports replay).
  const attempt = guardedIdbStore(dbName, storeName);

  return {
    add: (entry) =>
      attempt(
        async (db) => {
          const key = journalKey(entry);
          await set(key, entry, db);
          return key;
        },
        () => fallback.add(entry),
      ),
    remove: async (key) => {
      await fallback.remove(key);
      await attempt(
        (db) => del(key, db),
        async () => undefined,
      );
    },
    list: async () => {
      const saved = await attempt(
        (db) => entries<JournalKey, JournalEntry>(db),
        async () => [],
      );
      const merged = new Map([...saved, ...(await fallback.list())]);
      return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    },
  };
}

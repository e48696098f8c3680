import type { SavedAnswer } from '@school/contract/exam-taking';
import { del, get, set } from 'idb-keyval';
import { guardedIdbStore } from '../../../lib/guarded-idb-store';

/**
 * What this phone knows of one attempt's answers: the newest answer made to each question
 * (with its seq), the seq the server has acknowledged per question, and the last seq handed out.
 * An answer whose seq is above the acknowledged one has not reached the server yet.
 */
export interface AttemptJournal {
  attemptId: number;
  /** The per-attempt counter: every change takes the next number, strictly increasing. */
  lastSeq: number;
  /** By question id. */
  answers: Record<string, SavedAnswer>;
  /** By question id: the seq the server holds. */
  acked: Record<string, number>;
}

export interface AnswerJournal {
  load(attemptId: number): Promise<AttemptJournal | undefined>;
  save(journal: AttemptJournal): Promise<void>;
  remove(attemptId: number): Promise<void>;
}

const keyOf = (attemptId: number) => `attempt:${attemptId}`;

/** A journal in memory: where IndexedDB is missing or refuses (some private modes), and in tests. */
export function memoryAnswerJournal(): AnswerJournal {
  const rows = new Map<string, AttemptJournal>();
  return {
    load: async (attemptId) => {
      const row = rows.get(keyOf(attemptId));
      return row ? structuredClone(row) : undefined;
    },
    save: async (journal) => void rows.set(keyOf(journal.attemptId), structuredClone(journal)),
    remove: async (attemptId) => void rows.delete(keyOf(attemptId)),
  };
}

/**
 * The answers journal in IndexedDB (idb-keyval, as the lesson progress journal): written on
 * every change, so an answer made offline, or with a page that is then closed, is there on the
 * next visit. Each write is the whole attempt's record; IndexedDB runs read-write transactions
 * on one store in the order they were made, so the last write is the newest state.
 * Falls back to memory for the rest of the visit when the database cannot be used.
 */
export function indexedDbAnswerJournal(dbName = 'school-exam-answers', storeName = 'attempts'): AnswerJournal {
  const fallback = memoryAnswerJournal();
  const withStore = guardedIdbStore(dbName, storeName);

  return {
    load: (attemptId) =>
      withStore(
        (db) => get<AttemptJournal>(keyOf(attemptId), db),
        () => fallback.load(attemptId),
      ),
    save: (journal) =>
      withStore(
        (db) => set(keyOf(journal.attemptId), journal, db),
        () => fallback.save(journal),
      ),
    remove: async (attemptId) => {
      await fallback.remove(attemptId);
      await withStore(
        (db) => del(keyOf(attemptId), db),
        async () => undefined,
      );
    },
  };
}

import type { LessonProgressReport, LessonProgressResult } from '@school/contract/lessons';
import { isApiError } from '../../../lib/api-error';
import type { JournalEntry, JournalKey, ProgressJournal } from './progress-journal';

/** A report the server will never take (lesson now locked, membership ended, bad input). */
function isFinalRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  // 0: no answer; 401: the learner signs in again and it goes through; 408/429/5xx: try later.
  return error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

/** Reports older than this are not worth replaying: the learner has long moved on. */
const maxAgeMs = 30 * 24 * 60 * 60 * 1000;

export interface ProgressSyncDeps {
  journal: ProgressJournal;
  /** Sends one report with a request that outlives the page (fetch `keepalive`). */
  send(lessonId: number, report: LessonProgressReport): Promise<LessonProgressResult>;
  /** The signed-in learner now; null when nobody is. */
  currentUserId(): number | null;
  now(): number;
}

export type SyncEvent =
  | { kind: 'saved'; entry: JournalEntry; result: LessonProgressResult; replayed: boolean }
  | { kind: 'refused'; entry: JournalEntry; error: unknown };

/**
 * Every report is written to the journal before it is sent and removed once the server has it
 * (or refused it for good). What stays behind (offline, a page closed mid-request, a server
 * hiccup) is replayed oldest first on the next visit or when the phone comes back online. The
 * server keeps the newest report by `at`, so a report sent twice changes nothing.
 */
export function createProgressSync(deps: ProgressSyncDeps) {
  const listeners = new Set<(event: SyncEvent) => void>();
  const emit = (event: SyncEvent) => listeners.forEach((listener) => listener(event));
  let replaying: Promise<void> | null = null;
  // A report failed to arrive: the next one that does is the sign to send the rest.
  let behind = false;

  const send = (entry: JournalEntry) => deps.send(entry.lessonId, { position: entry.position, at: entry.at });

  /** Waits for a journaled report's answer; false when it should be tried again later. */
  async function settle(
    key: JournalKey,
    entry: JournalEntry,
    sending: Promise<LessonProgressResult>,
    replayed: boolean,
  ) {
    try {
      const result = await sending;
      await deps.journal.remove(key);
      emit({ kind: 'saved', entry, result, replayed });
      return true;
    } catch (error) {
      if (!isFinalRefusal(error)) return false;
      await deps.journal.remove(key);
      emit({ kind: 'refused', entry, error });
      return true;
    }
  }

  return {
    subscribe(listener: (event: SyncEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /**
     * Sends a report and journals it. The request starts before the journal write and outlives
     * the page: a learner may leave (a tap on a link, a reload, the page hidden) at any moment,
     * and a report started then still arrives. Should the page go before the journal write
     * finishes, nothing is left to replay; should the request fail, the journal replays it.
     */
    async submit(entry: JournalEntry): Promise<void> {
      const sending = send(entry);
      // Settled by `settle` below; a failure here must not be reported unhandled meanwhile.
      sending.catch(() => undefined);
      const key = await deps.journal.add(entry);
      const delivered = await settle(key, entry, sending, false);
      if (!delivered) behind = true;
      else if (behind) {
        behind = false;
        await this.replay();
      }
    },

    /** Sends what the journal holds for the signed-in learner, oldest first; stops at the first failure. */
    replay(): Promise<void> {
      replaying ??= (async () => {
        const userId = deps.currentUserId();
        if (userId === null) return;
        for (const [key, entry] of await deps.journal.list()) {
          if (deps.now() - Date.parse(entry.at) > maxAgeMs) {
            await deps.journal.remove(key);
            continue;
          }
          // Another learner's, made on this phone: theirs to send when they sign in.
          if (entry.userId !== userId) continue;
          if (!(await settle(key, entry, send(entry), true))) {
            behind = true;
            return;
          }
        }
      })().finally(() => {
        replaying = null;
      });
      return replaying;
    },
  };
}

export type ProgressSync = ReturnType<typeof createProgressSync>;

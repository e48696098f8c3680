import { answerLimits } from '@school/contract/exam-limits';
import type { AnswerSavesResult, GivenAnswer, SavedAnswer } from '@school/contract/exam-taking';
import { isApiError } from '../../../lib/api-error';
import type { AnswerJournal, AttemptJournal } from './answer-journal';

/** What the status line says: everything on the server, on its way, or kept on the phone. */
export type SaveStatus = 'saved' | 'saving' | 'offline' | 'ended';

export interface AnswerSyncDeps {
  attemptId: number;
  journal: AnswerJournal;
  send(attemptId: number, saves: SavedAnswer[], options: { keepalive: boolean }): Promise<AnswerSavesResult>;
  /** Saves leave at most this long after a change (docs/product.md#exam-flow: within 2 s). */
  debounceMs?: number;
  /** After a failed send, try again after this long (also on `online` and on the next load). */
  retryMs?: number;
}

/** The attempt is over (time up or submitted): the server will take no more saves. */
function isEnded(error: unknown): boolean {
  return isApiError(error) && error.code === 'examHasEnded';
}

/**
 * Too many saves of this attempt in a minute (429): the server takes them again once the minute
 * is over. Nothing is wrong with the connection, so the status stays "saving" rather than
 * "offline"; the saves wait in the journal and go again with the next retry.
 */
function isThrottled(error: unknown): boolean {
  return isApiError(error) && error.status === 429;
}

/** A save the server will never take (bad input): dropping it keeps it from blocking the rest. */
function isRejected(error: unknown): boolean {
  return isApiError(error) && error.status === 400;
}

/** Browsers refuse a keepalive request whose body passes 64 KB: leave room for the wrapper. */
const keepaliveBodyMax = 60_000;

/** The oldest saves that fit one keepalive request (at least one; an oversized one fails and waits). */
function keepaliveBatch(saves: SavedAnswer[]): SavedAnswer[] {
  const batch: SavedAnswer[] = [];
  let size = 0;
  for (const save of saves.slice(0, answerLimits.savesMax)) {
    size += JSON.stringify(save).length + 1;
    if (batch.length > 0 && size > keepaliveBodyMax) break;
    batch.push(save);
  }
  return batch;
}

/**
 * Never lose an answer: every change is written to the journal at once and sent, in seq order,
 * at most `debounceMs` later (at once when the page is hidden). What did not arrive stays
 * pending in the journal and is sent again on retry, `online` and the next load. The server
 * keeps a save only if its seq is above the one it holds, so sending twice is harmless.
 */
export function createAnswerSync(deps: AnswerSyncDeps) {
  const { attemptId, journal, send, debounceMs = 2000, retryMs = 10_000 } = deps;
  let state: AttemptJournal = { attemptId, lastSeq: 0, answers: {}, acked: {} };
  let status: SaveStatus = 'saved';
  let failed = false;
  /** Why the last send did not arrive; null once one did. */
  let lastError: unknown = null;
  let debounce: ReturnType<typeof setTimeout> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let writing: Promise<void> = Promise.resolve();
  const listeners = new Set<(status: SaveStatus) => void>();

  // A function, not a comparison in place: `status` changes inside awaited sends.
  const isOver = () => status === 'ended';
  const pending = () =>
    Object.values(state.answers)
      .filter((saved) => saved.seq > (state.acked[saved.questionId] ?? -1))
      .sort((a, b) => a.seq - b.seq);

  function setStatus(next: SaveStatus) {
    if (status === 'ended') return;
    if (next === status) return;
    status = next;
    listeners.forEach((listener) => listener(status));
  }

  function refreshStatus() {
    if (pending().length === 0) setStatus('saved');
    else setStatus(failed ? 'offline' : 'saving');
  }

  /** Writes the state as it is now; writes are chained so they land in order. */
  function persist(): Promise<void> {
    const snapshot = structuredClone(state);
    writing = writing.then(() => journal.save(snapshot)).catch(() => undefined);
    return writing;
  }

  function clearTimers() {
    if (debounce) clearTimeout(debounce);
    if (retry) clearTimeout(retry);
    debounce = retry = null;
  }

  async function sendPending(keepalive: boolean): Promise<void> {
    while (!isOver()) {
      const batch = keepalive ? keepaliveBatch(pending()) : pending().slice(0, answerLimits.savesMax);
      if (batch.length === 0) break;
      try {
        const result = await send(attemptId, batch, { keepalive });
        for (const { questionId, seq } of result.saved) {
          state.acked[questionId] = Math.max(state.acked[questionId] ?? -1, seq);
        }
        // Whatever the answer left out, the server has it or will never want it again.
        for (const save of batch) state.acked[save.questionId] = Math.max(state.acked[save.questionId] ?? -1, save.seq);
        failed = false;
        lastError = null;
      } catch (error) {
        if (isEnded(error)) {
          clearTimers();
          setStatus('ended');
          return;
        }
        if (isRejected(error)) {
          for (const save of batch) state.acked[save.questionId] = save.seq;
          continue;
        }
        failed = !isThrottled(error);
        lastError = error;
        retry ??= setTimeout(() => {
          retry = null;
          void flush();
        }, retryMs);
        break;
      } finally {
        void persist();
      }
    }
    refreshStatus();
  }

  /** Sends what is pending now; one request at a time, in seq order (keepalive: the page is going away). */
  function flush({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
    if (debounce) clearTimeout(debounce);
    debounce = null;
    if (status === 'ended') return Promise.resolve();
    // Leaving the page: the request must start now, even beside one already under way.
    if (keepalive) return sendPending(true);
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      do {
        again = false;
        await sendPending(false);
      } while (again && !isOver());
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    status: () => status,
    answers: () => state.answers,
    lastSeq: () => state.lastSeq,
    subscribe(listener: (status: SaveStatus) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /**
     * Merges the server's answers with the journal: the newer seq of each question wins, and
     * the journal's wins are sent again. The next seq is above both.
     */
    async open(serverAnswers: SavedAnswer[]): Promise<Record<string, SavedAnswer>> {
      const saved = await journal.load(attemptId);
      state = saved ?? { attemptId, lastSeq: 0, answers: {}, acked: {} };
      for (const answer of serverAnswers) {
        const mine = state.answers[answer.questionId];
        state.acked[answer.questionId] = Math.max(state.acked[answer.questionId] ?? -1, answer.seq);
        if (!mine || mine.seq <= answer.seq) state.answers[answer.questionId] = answer;
        state.lastSeq = Math.max(state.lastSeq, answer.seq);
      }
      await persist();
      refreshStatus();
      if (pending().length > 0) void flush();
      return state.answers;
    },

    /** One change by the learner: journaled at once, sent within `debounceMs`. */
    change(questionId: number, answer: GivenAnswer, flagged: boolean): SavedAnswer {
      state.lastSeq += 1;
      const saved: SavedAnswer = { questionId, answer, seq: state.lastSeq, flagged };
      state.answers[questionId] = saved;
      void persist();
      if (status === 'ended') return saved;
      refreshStatus();
      debounce ??= setTimeout(() => {
        debounce = null;
        void flush();
      }, debounceMs);
      return saved;
    },

    flush,
    /**
     * Why saves are still waiting after a flush (offline, too many saves, a server failure), or
     * null when the server holds every answer (or will take none any more: the exam ended).
     */
    unsentError: (): unknown => (status === 'ended' || pending().length === 0 ? null : (lastError ?? null)),
    /** Waits for the journal writes made so far (tests, and before leaving for the result). */
    written: () => writing,
    /** The attempt is submitted: nothing more to send, nothing to keep. */
    async forget(): Promise<void> {
      clearTimers();
      await writing;
      await journal.remove(attemptId);
    },
    dispose: clearTimers,
  };
}

export type AnswerSync = ReturnType<typeof createAnswerSync>;

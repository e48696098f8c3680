import type { Attempt, GivenAnswer, QuestionView, SavedAnswer } from '@school/contract/exam-taking';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLatest } from '../../../components/media/use-latest';
import { apiClient } from '../../../lib/api-client';
import { postAnswers } from '../api/save-answers';
import { submitAttempt } from '../api/submit-attempt';
import { indexedDbAnswerJournal, type AnswerJournal } from './answer-journal';
import { createAnswerSync, type AnswerSync, type SaveStatus } from './answer-sync';
import { emptyAnswer } from './answers';

// One journal for the app: opened on first use.
let sharedJournal: AnswerJournal | null = null;
const answerJournal = () => (sharedJournal ??= indexedDbAnswerJournal());

export interface AnswerSheet {
  /**
   * What the screen shows: the server's answers until the phone's journal has been merged with
   * them (a page the server rendered shows these first), then the merged ones. Null without an
   * attempt.
   */
  answers: Record<string, SavedAnswer> | null;
  /**
   * The journal has been merged: answers may be given. Until then the inputs wait, or an answer
   * given on the server's would be overwritten by the journal's.
   */
  ready: boolean;
  status: SaveStatus;
  answer(question: QuestionView, answer: GivenAnswer): void;
  toggleFlag(question: QuestionView): void;
  /** Sends what is pending and waits for it (before submitting). */
  flush(): Promise<void>;
  /** After a flush: why answers are still not on the server, or null when they all are. */
  unsentError(): unknown;
  /** After the attempt is submitted: the journal has nothing more to keep. */
  forget(): Promise<void>;
}

/**
 * The answers of an attempt on screen, kept by an answer sync: merged with the journal on
 * open, sent when the page is hidden (keepalive) and again when the phone is back online.
 * A read-only attempt (submitted) shows the server's answers and sends nothing.
 */
export function useAnswerSheet(
  attempt: Attempt | undefined,
  readOnly: boolean,
  /** The server took no more saves (examHasEnded): the time is over. */
  onEnded?: () => void,
): AnswerSheet {
  const [sync, setSync] = useState<AnswerSync | null>(null);
  const [liveAnswers, setAnswers] = useState<Record<string, SavedAnswer> | null>(null);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const ended = useLatest(onEnded);
  const attemptId = attempt?.id;
  const serverAnswers = useMemo(
    () => (attempt ? Object.fromEntries(attempt.answers.map((a) => [a.questionId, a])) : null),
    [attempt],
  );
  // A submitted attempt shows what the server holds and sends nothing.
  const answers = readOnly ? serverAnswers : (liveAnswers ?? serverAnswers);

  useEffect(() => {
    if (!attempt || readOnly) return;
    let live = true;
    const created = createAnswerSync({ attemptId: attempt.id, journal: answerJournal(), send: postAnswers });
    const unsubscribe = created.subscribe((next) => {
      setStatus(next);
      if (next !== 'ended') return;
      // The server will take none of what is left: nothing is worth keeping on the phone.
      void created.forget();
      ended.current?.();
    });
    void created.open(attempt.answers).then((merged) => {
      if (!live) return;
      setAnswers({ ...merged });
      setStatus(created.status());
      setSync(created);
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void created.flush({ keepalive: true });
    };
    const onPageHide = () => void created.flush({ keepalive: true });
    const onOnline = () => void created.flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    return () => {
      live = false;
      unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      // Leaving the screen within the app: what is pending goes now rather than never.
      void created.flush({ keepalive: true });
      created.dispose();
    };
    // The attempt object is read once per attempt id (the query is never refetched).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attemptId, readOnly, ended]);

  const record = useCallback(
    (
      question: QuestionView,
      change: (current: SavedAnswer | undefined) => { answer: GivenAnswer; flagged: boolean },
    ) => {
      if (!sync) return;
      const { answer, flagged } = change(sync.answers()[question.id]);
      sync.change(question.id, answer, flagged);
      setAnswers({ ...sync.answers() });
    },
    [sync],
  );

  return {
    answers,
    ready: readOnly || liveAnswers !== null,
    status,
    answer: (question, answer) => record(question, (current) => ({ answer, flagged: current?.flagged ?? false })),
    toggleFlag: (question) =>
      record(question, (current) => ({
        answer: current?.answer ?? emptyAnswer(question),
        flagged: !(current?.flagged ?? false),
      })),
    flush: () => sync?.flush() ?? Promise.resolve(),
    unsentError: () => sync?.unsentError() ?? null,
    forget: () => sync?.forget() ?? Promise.resolve(),
  };
}

/**
 * Hands the attempt in: what is pending is sent first (the server scores what it holds), then
 * the journal is dropped. A failure leaves the answers on screen and in the journal. An answer
 * the server did not take (offline, too many saves in a minute) stops the submission, with the
 * notice of why: submitted without it, it would be lost.
 */
export async function submitAnswers(sheet: AnswerSheet, attemptId: number): Promise<void> {
  await sheet.flush();
  const unsent = sheet.unsentError();
  if (unsent !== null) {
    apiClient.notifyError(unsent);
    throw unsent;
  }
  await submitAttempt(attemptId);
  await sheet.forget();
}

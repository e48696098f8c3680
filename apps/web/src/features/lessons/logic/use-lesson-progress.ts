import type { LessonDetail, LessonProgressResult } from '@school/contract/lessons';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { deferredModule } from '../../../lib/deferred-module';
import { useSessionUser } from '../../../lib/use-session-user';
import { courseCacheKey, lessonKeys } from '../api/lesson-keys';
import { isStudying } from './lesson-access';
import type { JournalEntry } from './progress-journal';
import { ProgressReporter } from './progress-reporter';
import type { SyncEvent } from './progress-sync';

const progressEngine = deferredModule(() => import('./progress-engine'));

/**
 * Hands a report to the journal and sender. Once loaded (it is, from the lesson's arrival on)
 * synchronously: a report made as the page goes away must start its request before it is gone.
 */
function submit(entry: JournalEntry): void {
  const engine = progressEngine.peek();
  if (engine) void engine.lessonProgressSync.submit(entry);
  else void progressEngine.load().then((loaded) => loaded.lessonProgressSync.submit(entry));
}

/** What a viewer tells about where the learner is; a preview or a refusal keeps none of it. */
export interface ViewerProgress {
  /** Where the learner is now, not reported yet (a note stamps it; leaving the page reports it). */
  at(position: number): void;
  /** Report at once: pause, seek, end, a tap on download / enter / open. */
  report(position: number): void;
  /** Report after a quiet moment: page turns, scrolling. */
  reportSoon(position: number): void;
  /** The last position a viewer gave, or null. */
  position(): number | null;
}

/** Puts a saved report into the cached lesson; true when its status moved (the outline must follow). */
function applyResult(client: QueryClient, lessonId: number, result: LessonProgressResult): boolean {
  let statusMoved = false;
  client.setQueriesData<LessonDetail>({ queryKey: lessonKeys.detail(lessonId) }, (lesson) => {
    if (!lesson) return lesson;
    statusMoved ||= (lesson.progress?.status ?? 'NOT_STARTED') !== result.status;
    return {
      ...lesson,
      progress: { status: result.status, position: result.position },
      membership: lesson.membership ? { ...lesson.membership, progress: result.courseProgress } : null,
    };
  });
  return statusMoved;
}

function onSyncEvent(client: QueryClient, event: SyncEvent) {
  const { lessonId, courseUid } = event.entry;
  if (event.kind === 'refused') {
    // Locked or expired meanwhile: the lesson's answer now says why.
    void client.invalidateQueries({ queryKey: lessonKeys.detail(lessonId) });
    return;
  }
  // A replayed report may be for any lesson: its cached status is unknown, refresh it anyway.
  const statusMoved = applyResult(client, lessonId, event.result) || event.replayed;
  if (!statusMoved) return;
  void client.invalidateQueries({ queryKey: lessonKeys.detail(lessonId) });
  void client.invalidateQueries({ queryKey: courseCacheKey(courseUid) });
}

const idle: ViewerProgress = {
  at: () => undefined,
  report: () => undefined,
  reportSoon: () => undefined,
  position: () => null,
};

/**
 * Reports a member's position in this lesson (decision record 011): viewers call `report` /
 * `reportSoon`; the page being hidden or closed reports where they are with a request that
 * outlives the page; leaving the screen reports it too. Replays the journal on arrival and
 * whenever the phone comes back online.
 */
export function useLessonProgress(lesson: LessonDetail): ViewerProgress {
  const client = useQueryClient();
  const userId = useSessionUser()?.id ?? null;
  const studying = userId !== null && isStudying(lesson);
  const { id: lessonId } = lesson;
  const courseUid = lesson.course.uid;
  // Read once per lesson: later answers carry the positions this reporter sent itself.
  const knownPosition = lesson.progress?.position ?? null;

  const reporter = useMemo(
    () =>
      studying && userId !== null
        ? new ProgressReporter({
            lessonId,
            courseUid,
            userId,
            knownPosition,
            submit,
          })
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- knownPosition: the position at arrival only
    [studying, userId, lessonId, courseUid],
  );

  useEffect(() => {
    if (userId === null) return;
    let stopped = false;
    let unsubscribe = () => undefined as void;
    const replay = () => void progressEngine.load().then(({ lessonProgressSync }) => lessonProgressSync.replay());
    void progressEngine.load().then(({ lessonProgressSync }) => {
      if (stopped) return;
      unsubscribe = lessonProgressSync.subscribe((event) => onSyncEvent(client, event));
      void lessonProgressSync.replay();
    });
    window.addEventListener('online', replay);
    return () => {
      stopped = true;
      unsubscribe();
      window.removeEventListener('online', replay);
    };
  }, [client, userId]);

  useEffect(() => {
    if (!reporter) return;
    const onHidden = () => {
      if (document.visibilityState === 'hidden') reporter.leave();
    };
    const onPageHide = () => reporter.leave();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      // Another lesson or screen: the player is going, say where the learner stopped.
      reporter.leave();
    };
  }, [reporter]);

  return useMemo(() => {
    if (!reporter) return idle;
    return {
      at: (position) => reporter.at(position),
      report: (position) => reporter.report(position),
      reportSoon: (position) => reporter.reportSoon(position),
      position: () => reporter.position,
    };
  }, [reporter]);
}

import type { LessonDetail } from '@school/contract/lessons';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { addMessages, useTranslation } from '../../../lib/i18n';
import { formMessages, lessonRefusalMessages } from '../../../app/messages/registry/screen-messages';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/state-message';
import { accessEnded, downloadsAvailable, isDownloadable } from '../../../lib/lesson-download-rules';
import { useInteractive } from '../../../lib/use-interactive';
import { useSessionUser } from '../../../lib/use-session-user';
import { lessonKeys } from '../api/lesson-keys';
import { isStudying, type PlayerMode } from '../logic/lesson-access';
import { noteAnchor, positionFromQuery, startPosition, type NoteAnchor } from '../logic/lesson-position';
import { useLessonProgress } from '../logic/use-lesson-progress';
import { CourseOfferLink } from './course-offer-link';
import { NoteIcon, OutlineIcon } from './lesson-icons';
import { LessonHomework } from './lesson-homework';
import { LessonNavigation } from './lesson-navigation';
import { LessonSummary } from './lesson-summary';
import { LessonViewer } from './lesson-viewer';

// Why a lesson cannot be opened, with its texts, only when it cannot (a member's lesson opens):
// not part of the player's first download (issue 28).
const RefusalPanel = lazy(() =>
  Promise.all([import('./refusal-panel'), addMessages(lessonRefusalMessages)]).then(([panel]) => ({
    default: panel.RefusalPanel,
  })),
);

// Both open on a tap: the popup and the form library stay off the player's first load.
const LessonOutline = lazy(() => import('./lesson-outline'));
// The note form's texts (its rules, the form pieces') come with the sheet, not with the player.
const NoteSheet = lazy(() => Promise.all([import('./note-sheet'), addMessages(formMessages)]).then(([sheet]) => sheet));
// Only where a download is possible, with its texts; failing to arrive, it shows nothing.
const LessonDownload = lazy(() =>
  import('../../../components/offline/lesson-download')
    .then((m) => m.withTexts())
    .catch(() => ({ default: () => null })),
);

/**
 * The download button, where this phone can keep lessons (the offline worker controls the page).
 * The server cannot know: it renders none, the page hydrates with none, and the button comes
 * right after. In a component of its own, so that only it renders again then, not a screen
 * whose lazy parts may still be hydrating (decision 028).
 */
function DownloadSlot({ lesson, learnerId }: { lesson: LessonDetail; learnerId: number }) {
  const interactive = useInteractive();
  if (!interactive || !downloadsAvailable()) return null;
  return (
    <div className="px-4">
      <Suspense fallback={null}>
        <LessonDownload lesson={lesson} learnerId={learnerId} />
      </Suspense>
    </div>
  );
}

const toolClass =
  'flex h-9 items-center gap-1.5 rounded-full border border-line bg-surface px-3 text-sm text-ink active:bg-canvas';

/** A preview's invitation: a line under the viewer, and a card once the preview has played to its end. */
function TrialOffer({ lesson, ended }: { lesson: LessonDetail; ended: boolean }) {
  const { t } = useTranslation();
  if (ended) {
    return (
      <section role="status" className="bg-brand-soft px-4 py-5 text-center" data-testid="trial-ended">
        <h2 className="text-base font-semibold text-ink">{t('lessons.trial.ended')}</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">{t('lessons.trial.endedWhy')}</p>
        <CourseOfferLink lesson={lesson} />
      </section>
    );
  }
  return (
    <div
      className="flex items-center justify-between gap-3 bg-brand-soft px-4 py-2 text-sm text-brand-strong"
      data-testid="trial-notice"
    >
      <span>{t('lessons.trial.notice')}</span>
      <CourseOfferLink lesson={lesson} className="!h-8 !w-auto shrink-0 !px-4 text-xs" />
    </div>
  );
}

/** One lesson, loaded: the viewer or the refusal, then the lesson's place in the course. */
export function LessonView({ lesson, mode }: { lesson: LessonDetail; mode: PlayerMode }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const user = useSessionUser();
  const signedIn = user !== null;
  const studying = signedIn && isStudying(lesson);
  const progress = useLessonProgress(lesson);
  // Where the viewer opens, decided once: later answers carry the positions reported since.
  const [startAt] = useState(() => startPosition(lesson, positionFromQuery(params.get('position'))));
  const [trialEnded, setTrialEnded] = useState(false);
  const [outline, setOutline] = useState({ loaded: false, open: false });
  const [note, setNote] = useState<{ loaded: boolean; open: boolean; anchor: NoteAnchor }>({
    loaded: false,
    open: false,
    anchor: null,
  });

  // A download of a course the learner no longer holds ends here (the worker also ends it at the
  // membership's known end, online or not).
  const ended = user !== null && accessEnded(lesson);
  useEffect(() => {
    if (ended && user && typeof caches !== 'undefined') {
      // The storing code comes only for this (a learner's first screen carries the rules alone).
      void import('../../../lib/lesson-downloads')
        .then(({ removeDownload }) => removeDownload(user.id, lesson.id))
        .catch(() => {});
    }
  }, [ended, user, lesson.id]);

  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: lessonKeys.detail(lesson.id) }),
    [client, lesson.id],
  );
  const onMediaEnded = useCallback(() => {
    if (lesson.trial) setTrialEnded(true);
  }, [lesson.trial]);

  const openNote = () => {
    // Stamped now: the video may keep playing while the learner writes.
    const kind = lesson.content?.kind;
    const fallback = kind === 'PDF' || kind === 'SLIDES' ? (startAt ?? 1) : (startAt ?? 0);
    setNote({ loaded: true, open: true, anchor: noteAnchor(lesson.content, progress.position() ?? fallback) });
  };

  let viewer;
  if (lesson.refusal) {
    viewer = (
      // The panel's surface at its usual height (an icon, a title, a line or two, a button) while its code arrives.
      <Suspense fallback={<div className="min-h-80 bg-surface" />}>
        <RefusalPanel refusal={lesson.refusal} lesson={lesson} mode={mode} onCheckAgain={refresh} />
      </Suspense>
    );
  } else if (lesson.content) {
    viewer = (
      <LessonViewer
        lesson={lesson}
        content={lesson.content}
        startAt={startAt}
        progress={progress}
        studying={studying}
        signedIn={signedIn}
        onMediaEnded={onMediaEnded}
        onRefresh={refresh}
      />
    );
  } else {
    // Neither content nor a reason: never a blank screen.
    viewer = <ErrorState onRetry={refresh} />;
  }

  return (
    <div className="space-y-2 pb-[env(safe-area-inset-bottom)]">
      <div>
        <section
          aria-label={t('lessons.viewer')}
          data-testid="lesson-viewer"
          data-kind={lesson.content?.kind ?? 'NONE'}
        >
          {viewer}
        </section>
        {lesson.trial && !lesson.refusal ? <TrialOffer lesson={lesson} ended={trialEnded} /> : null}
      </div>
      <LessonSummary lesson={lesson} />
      <div className="flex gap-2 px-4">
        <button
          type="button"
          className={toolClass}
          aria-haspopup="dialog"
          onClick={() => setOutline({ loaded: true, open: true })}
        >
          <OutlineIcon />
          {t('lessons.outline.open')}
        </button>
        {studying ? (
          <button type="button" className={toolClass} aria-haspopup="dialog" onClick={openNote}>
            <NoteIcon />
            {t('lessons.note.write')}
          </button>
        ) : null}
      </div>
      {user && studying && !lesson.refusal && isDownloadable(lesson.content) ? (
        <DownloadSlot lesson={lesson} learnerId={user.id} />
      ) : null}
      <LessonHomework lesson={lesson} />
      <LessonNavigation lesson={lesson} mode={mode} />
      <Suspense fallback={null}>
        {outline.loaded ? (
          <LessonOutline
            open={outline.open}
            chapters={lesson.chapters}
            currentId={lesson.id}
            mode={mode}
            onClose={() => setOutline({ loaded: true, open: false })}
          />
        ) : null}
        {note.loaded ? (
          <NoteSheet
            open={note.open}
            lessonId={lesson.id}
            courseUid={lesson.course.uid}
            anchor={note.anchor}
            onClose={() => setNote((current) => ({ ...current, open: false }))}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

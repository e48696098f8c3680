import type { NoteDetail } from '@school/contract/courses';
import { useTranslation } from '../../../lib/i18n';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { DetailUnavailable } from '../../../components/catalogue/detail-unavailable';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { href } from '../../../config/route-paths';
import { isoDateMinutes } from '../../../lib/format';
import { useNote } from '../api/get-note';
import { noteLessonHref } from '../logic/note-position';
import { positiveId } from '../logic/route-ids';
import { actionLinkClass } from '../../../components/form/form-styles';
import { NotePositionLabel } from './note-position-label';

function NoteSkeleton() {
  return (
    <LoadingRegion>
      <div className="space-y-3 bg-surface px-4 py-4">
        <SkeletonBlock className="h-4 w-1/2" />
        <SkeletonBlock className="h-6 w-4/5" />
        <SkeletonBlock className="h-24" />
        <SkeletonBlock className="h-10 w-1/2" />
      </div>
    </LoadingRegion>
  );
}

function Note({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  return (
    <article className="space-y-3 bg-surface px-4 py-4" data-testid="note-detail">
      <Link
        to={href('courseDetail', { uid: note.course.uid }, { tab: 'notes' })}
        className="block text-xs text-brand-strong"
      >
        {t('courses.notes.course', { title: note.course.title })}
      </Link>
      <div className="flex items-center gap-2">
        <h2 className="min-w-0 flex-1 text-base font-semibold text-ink">
          {t('courses.notes.lesson', { title: note.lesson.title })}
        </h2>
        <NotePositionLabel note={note} />
      </div>
      <p className="whitespace-pre-line break-words text-[0.9375rem] leading-6 text-ink">{note.content}</p>
      <p className="text-xs text-ink-subtle">
        <time dateTime={note.createdAt}>{isoDateMinutes(note.createdAt)}</time>
      </p>
      <Link to={noteLessonHref(note)} className={actionLinkClass}>
        {note.position === null ? t('courses.notes.toLessonStart') : t('courses.notes.toLesson')}
      </Link>
    </article>
  );
}

/** /notes/:id: one of the learner's own notes, with the way back into the lesson where it was taken. */
export default function NoteDetailScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const noteId = positiveId(id);
  const query = useNote(noteId ?? 0, noteId !== null);

  let body;
  if (noteId === null || query.isError) {
    body = (
      <DetailUnavailable
        missing={noteId === null}
        error={query.error}
        onRetry={() => void query.refetch()}
        notFound={{ title: t('courses.notes.notFound'), description: t('courses.notes.notFoundHint') }}
        notFoundTestId="note-not-found"
        describeError
      />
    );
  } else if (!query.data) {
    body = <NoteSkeleton />;
  } else {
    body = <Note note={query.data} />;
  }
  return (
    <ScreenLayout title={t('courses.notes.title')} back>
      {body}
    </ScreenLayout>
  );
}

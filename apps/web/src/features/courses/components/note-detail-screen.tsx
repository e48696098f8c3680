import { zodResolver } from '@hookform/resolvers/zod';
import type { NoteDetail } from '@school/contract/courses';
import { noteUpdateSchema, type NoteUpdate } from '@school/contract/lessons';
import { limits } from '@school/contract/limits';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { TextAreaField } from '../../../components/form/text-area-field';
import { apiClient } from '../../../lib/api-client';
import { EditDeleteActions } from '../../../components/ui/edit-delete-actions';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useDeleteNote, useRewriteNote } from '../api/change-note';
import { Link } from '../../../components/ui/router-link';
import { DetailUnavailable } from '../../../components/catalogue/detail-unavailable';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { href } from '../../../config/route-paths';
import { isoDateMinutes } from '../../../lib/format';
import { useNote } from '../api/get-note';
import { noteLessonHref } from '../logic/note-position';
import { positiveId } from '../logic/route-ids';
import { actionLinkClass, primaryButtonClass } from '../../../components/form/form-styles';
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

/** The note's text in a box, saved with the same rules as a new note. */
function RewriteNote({ note, onDone }: { note: NoteDetail; onDone(): void }) {
  const { t } = useTranslation();
  const rewrite = useRewriteNote(note);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NoteUpdate>({ resolver: zodResolver(noteUpdateSchema), defaultValues: { content: note.content } });
  const setFieldError = fieldErrorSetter(setError, ['content'] as const);
  const submit = handleSubmit(async (body) => {
    try {
      await rewrite.mutateAsync(body);
      showToast(t('courses.notes.saved'), 'success');
      onDone();
    } catch (error) {
      if (!setFieldError(error)) apiClient.notifyError(error);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3" data-testid="note-edit-form">
      <TextAreaField
        label={t('courses.notes.text')}
        rows={6}
        maxLength={limits.noteMax}
        error={errors.content?.message}
        {...register('content')}
      />
      <button
        type="submit"
        disabled={rewrite.isPending}
        aria-busy={rewrite.isPending || undefined}
        className={primaryButtonClass}
      >
        {rewrite.isPending ? t('courses.notes.saving') : t('courses.notes.save')}
      </button>
      <button type="button" onClick={onDone} className="min-h-11 w-full text-sm text-ink-muted">
        {t('courses.notes.cancel')}
      </button>
    </form>
  );
}

function Note({ note }: { note: NoteDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteNote(note);
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
      {editing ? (
        <RewriteNote note={note} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p className="whitespace-pre-line break-words text-[0.9375rem] leading-6 text-ink">{note.content}</p>
          <div className="flex items-center justify-between text-xs text-ink-subtle">
            <time dateTime={note.createdAt}>{isoDateMinutes(note.createdAt)}</time>
            <EditDeleteActions
              editLabel={t('courses.notes.edit')}
              onEdit={() => setEditing(true)}
              confirm={{
                title: t('courses.notes.deleteTitle'),
                content: t('courses.notes.deleteContent'),
                confirmText: t('courses.notes.delete'),
                cancelText: t('courses.notes.cancel'),
              }}
              deletedText={t('courses.notes.deleted')}
              remove={() => remove.mutateAsync()}
              deleting={remove.isPending}
              // Back to the course's notes, without this one; Back does not return to a deleted note.
              onDeleted={() =>
                void navigate(href('courseDetail', { uid: note.course.uid }, { tab: 'notes' }), { replace: true })
              }
            />
          </div>
          <Link to={noteLessonHref(note)} className={actionLinkClass}>
            {note.position === null ? t('courses.notes.toLessonStart') : t('courses.notes.toLesson')}
          </Link>
        </>
      )}
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

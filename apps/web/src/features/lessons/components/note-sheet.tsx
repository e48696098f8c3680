import { zodResolver } from '@hookform/resolvers/zod';
import { noteCreateSchema } from '@school/contract/lessons';
import { limits } from '@school/contract/limits';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { TextAreaField } from '../../../components/form/text-area-field';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { showToast } from '../../../lib/toast';
import { useCreateNote } from '../api/create-note';
import { formatClock } from '../../../lib/format';
import type { NoteAnchor } from '../logic/lesson-position';
import { primaryButtonClass } from '../../../components/form/form-styles';

type NoteInput = z.input<typeof noteCreateSchema>;
type NoteOutput = z.output<typeof noteCreateSchema>;

interface NoteSheetProps {
  open: boolean;
  lessonId: number;
  courseUid: string;
  /** Where the note is taken, fixed when the sheet opened. */
  anchor: NoteAnchor;
  onClose(): void;
}

function AnchorText({ anchor }: { anchor: NoteAnchor }) {
  const { t } = useTranslation();
  if (!anchor) return <>{t('lessons.note.wholeLesson')}</>;
  if (anchor.kind === 'second') return <>{t('lessons.note.atSecond', { time: formatClock(anchor.position) })}</>;
  if (anchor.kind === 'page') return <>{t('lessons.note.atPage', { page: anchor.position })}</>;
  return <>{t('lessons.note.atSlide', { slide: anchor.position })}</>;
}

/**
 * "Write a note": a bottom sheet with the note's text, stamped with the video or audio second,
 * the page or the slide the learner is at, checked by the contract's rules like the server.
 * Loaded the first time it opens (the form library stays off the player's first load).
 */
export default function NoteSheet({ open, lessonId, courseUid, anchor, onClose }: NoteSheetProps) {
  const { t } = useTranslation();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const create = useCreateNote(lessonId, courseUid);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<NoteInput, unknown, NoteOutput>({
    resolver: zodResolver(noteCreateSchema),
    defaultValues: { content: '', position: null },
  });
  const setFieldError = fieldErrorSetter(setError, ['content'] as const);
  const { ref: contentRef, ...contentField } = register('content');

  const submit = handleSubmit(async ({ content }) => {
    try {
      await create.mutateAsync({ content, position: anchor?.position ?? null });
      reset();
      showToast(t('lessons.note.saved'), 'success');
      onClose();
    } catch (error) {
      // The HTTP client has shown the notice; a refused text is also shown under the field.
      setFieldError(error);
    }
  });

  return (
    <BottomSheet
      look="panel"
      open={open}
      title={t('lessons.note.title')}
      closeLabel={t('lessons.note.close')}
      onClose={onClose}
      focusTarget={() => textarea.current}
      testId="note-sheet"
    >
      <form
        noValidate
        aria-label={t('lessons.note.title')}
        onSubmit={(event) => void submit(event)}
        className="px-4 pt-2 pb-4"
      >
        <p className="mb-3 text-xs text-ink-muted" data-testid="note-anchor">
          <AnchorText anchor={anchor} />
        </p>
        <TextAreaField
          label={t('lessons.note.content')}
          rows={5}
          maxLength={limits.noteMax}
          placeholder={t('lessons.note.placeholder')}
          error={errors.content?.message}
          ref={(element) => {
            contentRef(element);
            textarea.current = element;
          }}
          {...contentField}
        />
        <button type="submit" disabled={create.isPending} className={`mt-3 ${primaryButtonClass}`}>
          {create.isPending ? t('lessons.note.saving') : t('lessons.note.save')}
        </button>
      </form>
    </BottomSheet>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { commentCreateSchema } from '@school/contract/catalogue';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { RatingInput } from '../../../components/catalogue/rating-input';
import { FieldError } from '../../../components/form/field-error';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { showToast } from '../../../lib/toast';
import { useCreateCourseComment } from '../api/create-course-comment';
import { primaryButtonClass } from '../../../components/form/form-styles';
import { TextAreaField } from '../../../components/form/text-area-field';

type CommentInput = z.input<typeof commentCreateSchema>;
type CommentOutput = z.output<typeof commentCreateSchema>;

/** Stars and text, checked by the contract's rules (text required, 1–5 stars) like the server. */
export function CourseCommentForm({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateCourseComment(uid);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CommentInput, unknown, CommentOutput>({
    resolver: zodResolver(commentCreateSchema),
    defaultValues: { score: undefined, content: '' },
  });
  const setFieldError = fieldErrorSetter(setError, ['score', 'content'] as const);

  const submit = handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
      reset();
      showToast(t('courses.comments.thanks'), 'success');
    } catch (error) {
      // The HTTP client has shown the notice (a duplicate reads the catalogue's text).
      setFieldError(error);
    }
  });

  const scoreError = errors.score?.message;
  const contentError = errors.content?.message;
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      className="space-y-3 bg-surface px-4 py-4"
      data-testid="course-comment-form"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-ink">
        {t('courses.comments.form')}
      </h2>
      <div>
        <Controller
          control={control}
          name="score"
          render={({ field }) => (
            <RatingInput
              label={t('courses.comments.score')}
              name={field.name}
              value={typeof field.value === 'number' ? field.value : undefined}
              onChange={field.onChange}
              invalid={!!scoreError}
              errorId={scoreError ? `${id}-score-error` : undefined}
            />
          )}
        />
        <FieldError id={`${id}-score-error`} message={scoreError} />
      </div>
      <TextAreaField
        label={t('courses.comments.content')}
        maxLength={2000}
        placeholder={t('courses.comments.placeholder')}
        error={contentError}
        {...register('content')}
      />
      <button type="submit" disabled={create.isPending} className={primaryButtonClass}>
        {create.isPending ? t('courses.comments.submitting') : t('courses.comments.submit')}
      </button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { commentCreateSchema } from '@school/contract/catalogue';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { z } from 'zod';
import { RatingInput } from '../../../components/catalogue/rating-input';
import { FieldError } from '../../../components/form/field-error';
import { labelClass } from '../../../components/form/field-styles';
import { apiClient } from '../../../lib/api-client';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { showToast } from '../../../lib/toast';
import { useCreateClassroomComment } from '../api/create-classroom-comment';

type CommentFormInput = z.input<typeof commentCreateSchema>;
type CommentFormOutput = z.output<typeof commentCreateSchema>;

/** The contract's upper bound of a comment's text. */
const contentMax = 2000;

/**
 * A member's one rating of the classroom: 1–5 stars and a required text, checked with the
 * contract's rules so the form and the server refuse the same input with the same words.
 */
export function ClassroomCommentForm({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const create = useCreateClassroomComment(uid);
  const headingId = useId();
  const contentId = useId();
  const scoreErrorId = useId();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CommentFormInput, unknown, CommentFormOutput>({
    resolver: zodResolver(commentCreateSchema),
    defaultValues: { score: undefined, content: '' },
  });
  const setFieldError = fieldErrorSetter(setError, ['score', 'content'] as const);

  const submit = handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
      reset({ score: undefined, content: '' });
      showToast(t('classrooms.comments.posted'), 'success');
    } catch (error) {
      // Already rated (another tab or device), not a member any more…: the notice says which.
      if (!setFieldError(error)) apiClient.notifyError(error);
    }
  });

  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3 bg-surface p-4"
      data-testid="classroom-comment-form"
    >
      <h2 id={headingId} className="text-base font-semibold text-ink">
        {t('classrooms.comments.formTitle')}
      </h2>
      <Controller
        control={control}
        name="score"
        render={({ field }) => (
          <div>
            <RatingInput
              label={t('classrooms.comments.score')}
              name={field.name}
              value={typeof field.value === 'number' ? field.value : undefined}
              onChange={field.onChange}
              errorId={errors.score ? scoreErrorId : undefined}
              invalid={!!errors.score}
            />
            <FieldError id={scoreErrorId} message={errors.score?.message} />
          </div>
        )}
      />
      <div>
        <label htmlFor={contentId} className={labelClass}>
          {t('classrooms.comments.content')}
        </label>
        <textarea
          id={contentId}
          rows={4}
          maxLength={contentMax}
          placeholder={t('classrooms.comments.placeholder')}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${contentId}-error` : undefined}
          className={`w-full rounded-lg border bg-surface px-3 py-2 text-[0.9375rem] text-ink placeholder:text-ink-subtle ${
            errors.content ? 'border-danger' : 'border-line'
          }`}
          data-testid="classroom-comment-content"
          {...register('content')}
        />
        <FieldError id={`${contentId}-error`} message={errors.content?.message} />
      </div>
      <button
        type="submit"
        disabled={create.isPending}
        aria-busy={create.isPending || undefined}
        className="h-11 w-full rounded-full bg-brand-strong text-[0.9375rem] font-semibold text-white active:opacity-80 disabled:opacity-60"
        data-testid="classroom-comment-submit"
      >
        {create.isPending ? t('classrooms.comments.submitting') : t('classrooms.comments.submit')}
      </button>
    </form>
  );
}

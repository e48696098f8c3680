import { zodResolver } from '@hookform/resolvers/zod';
import { commentCreateSchema, type CommentCreate } from '@school/contract/catalogue';
import { limits } from '@school/contract/limits';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiClient } from '../../lib/api-client';
import { fieldErrorSetter } from '../../lib/field-error-setter';
import { useTranslation, type MessageId } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { FieldError } from '../form/field-error';
import { primaryButtonClass } from '../form/form-styles';
import { TextAreaField } from '../form/text-area-field';
import { RatingInput } from './rating-input';

type CommentInput = z.input<typeof commentCreateSchema>;
type CommentOutput = z.output<typeof commentCreateSchema>;

/** The form's texts, each product's own ("Rate this course"): `${messages}.formTitle` and so on. */
type CommentFormMessage = 'formTitle' | 'score' | 'content' | 'placeholder' | 'submit' | 'submitting' | 'posted';
/** A message id prefix under which every `CommentFormMessage` exists (`courses.comments`). */
type CommentFormMessages<Id = MessageId> = Id extends `${infer Prefix}.formTitle`
  ? `${Prefix}.${CommentFormMessage}` extends MessageId
    ? Prefix
    : never
  : never;

interface CommentFormProps {
  /**
   * Posts the rating: the product's mutation, which refreshes what a new rating changes. Its
   * request is silent: this form puts a refusal on its field, or else shows the notice.
   */
  create: { mutateAsync(body: CommentCreate): Promise<unknown>; isPending: boolean };
  messages: CommentFormMessages;
  /** Test ids of the form and its text and submit button: `${testId}-form`, `-content`, `-submit`. */
  testId: string;
  /** Changing the learner's own rating: the form starts from it, saves it, and can be left. */
  editing?: { initial: CommentCreate; onDone(): void };
}

/**
 * A member's one rating of a course or classroom: 1–5 stars and a required text, checked with
 * the contract's rules so the form and the server refuse the same input with the same words.
 */
export function CommentForm({ create, messages, testId, editing }: CommentFormProps) {
  const { t: translate } = useTranslation();
  const editTexts = {
    formTitle: 'ui.comment.editTitle',
    submit: 'ui.comment.save',
    submitting: 'ui.comment.saving',
    posted: 'ui.comment.saved',
  } as const satisfies Partial<Record<CommentFormMessage, MessageId>>;
  const t = (message: CommentFormMessage) =>
    translate(
      editing && message in editTexts
        ? editTexts[message as keyof typeof editTexts]
        : (`${messages}.${message}` as MessageId),
    );
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CommentInput, unknown, CommentOutput>({
    resolver: zodResolver(commentCreateSchema),
    defaultValues: editing?.initial ?? { score: undefined, content: '' },
  });
  const setFieldError = fieldErrorSetter(setError, ['score', 'content'] as const);

  const submit = handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
      reset();
      showToast(t('posted'), 'success');
      editing?.onDone();
    } catch (error) {
      // Already rated (another tab or device), not a member any more…: the notice says which.
      if (!setFieldError(error)) apiClient.notifyError(error);
    }
  });

  const scoreError = errors.score?.message;
  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      className="space-y-3 bg-surface px-4 py-4"
      data-testid={`${testId}-form`}
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-ink">
        {t('formTitle')}
      </h2>
      <div>
        <Controller
          control={control}
          name="score"
          render={({ field }) => (
            <RatingInput
              label={t('score')}
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
        label={t('content')}
        maxLength={limits.commentMax}
        placeholder={t('placeholder')}
        error={errors.content?.message}
        data-testid={`${testId}-content`}
        {...register('content')}
      />
      <button
        type="submit"
        disabled={create.isPending}
        aria-busy={create.isPending || undefined}
        className={primaryButtonClass}
        data-testid={`${testId}-submit`}
      >
        {create.isPending ? t('submitting') : t('submit')}
      </button>
      {editing ? (
        <button type="button" onClick={editing.onDone} className="min-h-11 w-full text-sm text-ink-muted">
          {translate('ui.comment.cancel')}
        </button>
      ) : null}
    </form>
  );
}

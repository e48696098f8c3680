import { zodResolver } from '@hookform/resolvers/zod';
import { threadCreateSchema } from '@school/contract/courses';
import { limits } from '@school/contract/limits';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../../components/form/text-field';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { href } from '../../../config/route-paths';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { showToast } from '../../../lib/toast';
import { useCreateCourseThread } from '../api/create-course-thread';
import { primaryButtonClass } from '../../../components/form/form-styles';
import { TextAreaField } from '../../../components/form/text-area-field';

type QuestionInput = z.input<typeof threadCreateSchema>;
type QuestionOutput = z.output<typeof threadCreateSchema>;

/**
 * /courses/:uid/threads/new: a member asks a question (title and details), checked by the
 * contract's rules like the server; once posted, the question's own page replaces this one.
 */
export default function ThreadCreateScreen() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateCourseThread(uid);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<QuestionInput, unknown, QuestionOutput>({
    resolver: zodResolver(threadCreateSchema),
    defaultValues: { title: '', content: '' },
  });
  const setFieldError = fieldErrorSetter(setError, ['title', 'content'] as const);

  const submit = handleSubmit(async (body) => {
    try {
      const thread = await create.mutateAsync(body);
      showToast(t('courses.ask.sent'), 'success');
      // Replace: going back from the question returns to the board, not to an emptied form.
      void navigate(href('courseThreadDetail', { uid, id: thread.id }), { replace: true });
    } catch (error) {
      // The HTTP client has shown the notice (not a member, membership ended…); the text stays.
      setFieldError(error);
    }
  });

  return (
    <ScreenLayout title={t('courses.ask.title')} back surface="white">
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t('courses.ask.title')}
        className="space-y-4 px-4 py-4"
        data-testid="thread-create-form"
      >
        <TextField
          label={t('courses.ask.titleLabel')}
          placeholder={t('courses.ask.titlePlaceholder')}
          maxLength={limits.threadTitleMax}
          autoComplete="off"
          error={errors.title?.message}
          {...register('title')}
        />
        <TextAreaField
          label={t('courses.ask.contentLabel')}
          placeholder={t('courses.ask.contentPlaceholder')}
          rows={8}
          maxLength={limits.threadTextMax}
          error={errors.content?.message}
          {...register('content')}
        />
        <button type="submit" disabled={create.isPending} className={primaryButtonClass}>
          {create.isPending ? t('courses.ask.submitting') : t('courses.ask.submit')}
        </button>
      </form>
    </ScreenLayout>
  );
}

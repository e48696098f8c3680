import { zodResolver } from '@hookform/resolvers/zod';
import { threadPostCreateSchema, type ThreadDetail } from '@school/contract/courses';
import { limits } from '@school/contract/limits';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/state-message';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { showToast } from '../../../lib/toast';
import { useAnswerThread } from '../api/create-thread-post';
import { useCourseThread } from '../api/get-course-thread';
import { positiveId } from '../logic/route-ids';
import { AuthorLine } from './author-line';
import { primaryButtonClass } from '../../../components/form/form-styles';
import { MemberContentUnavailable } from './member-content-unavailable';
import { TextAreaField } from '../../../components/form/text-area-field';

type AnswerInput = z.input<typeof threadPostCreateSchema>;
type AnswerOutput = z.output<typeof threadPostCreateSchema>;

function ThreadSkeleton() {
  return (
    <LoadingRegion>
      <div className="space-y-3 bg-surface px-4 py-4">
        <SkeletonBlock className="h-8 w-1/2" />
        <SkeletonBlock className="h-6 w-4/5" />
        <SkeletonBlock className="h-16" />
      </div>
      <div className="mt-3 space-y-3 bg-surface px-4 py-4">
        <SkeletonBlock className="h-14" />
        <SkeletonBlock className="h-14" />
      </div>
    </LoadingRegion>
  );
}

/** The answer box under a question: sent once at a time, kept when sending fails. */
function AnswerForm({ uid, threadId }: { uid: string; threadId: number }) {
  const { t } = useTranslation();
  const answer = useAnswerThread(uid, threadId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<AnswerInput, unknown, AnswerOutput>({
    resolver: zodResolver(threadPostCreateSchema),
    defaultValues: { content: '' },
  });
  const setFieldError = fieldErrorSetter(setError, ['content'] as const);

  const submit = handleSubmit(async (body) => {
    try {
      await answer.mutateAsync(body);
      reset();
      showToast(t('courses.thread.sent'), 'success');
    } catch (error) {
      // The HTTP client has shown the notice; the answer stays in the box to send again.
      setFieldError(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('courses.thread.answerForm')}
      className="space-y-3 bg-surface px-4 py-4"
      data-testid="thread-answer-form"
    >
      <TextAreaField
        label={t('courses.thread.answerLabel')}
        placeholder={t('courses.thread.answerPlaceholder')}
        maxLength={limits.threadTextMax}
        readOnly={answer.isPending}
        error={errors.content?.message}
        {...register('content')}
      />
      <button type="submit" disabled={answer.isPending} className={primaryButtonClass}>
        {answer.isPending ? t('courses.thread.submitting') : t('courses.thread.submit')}
      </button>
    </form>
  );
}

function Thread({ thread, uid }: { thread: ThreadDetail; uid: string }) {
  const { t } = useTranslation();
  return (
    <>
      <article className="space-y-2 bg-surface px-4 py-4" aria-labelledby="thread-title" data-testid="thread-question">
        <AuthorLine nickname={thread.user.nickname} avatar={thread.user.avatar} createdAt={thread.createdAt} />
        <h2 id="thread-title" className="text-lg font-semibold leading-snug text-ink">
          {thread.title}
        </h2>
        <p className="whitespace-pre-line break-words text-[0.9375rem] leading-6 text-ink">{thread.content}</p>
      </article>
      <section className="mt-3 bg-surface" aria-labelledby="thread-answers">
        <h2 id="thread-answers" className="border-b border-line px-4 py-3 text-sm font-semibold text-ink">
          {t('courses.thread.answers', { count: thread.posts.length })}
        </h2>
        {thread.posts.length === 0 ? (
          <EmptyState title={t('courses.thread.noAnswers')} description={t('courses.thread.noAnswersHint')} />
        ) : (
          <ol aria-labelledby="thread-answers" data-testid="thread-answers">
            {thread.posts.map((post) => (
              <li key={post.id} className="space-y-1 border-b border-line px-4 py-3 last:border-b-0">
                <AuthorLine nickname={post.user.nickname} avatar={post.user.avatar} createdAt={post.createdAt} />
                <p className="whitespace-pre-line break-words text-sm text-ink">{post.content}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <div className="mt-3">
        <AnswerForm uid={uid} threadId={thread.id} />
      </div>
    </>
  );
}

/** /courses/:uid/threads/:id: a question of the course's Q&A, its answers oldest first, and the answer box. */
export default function ThreadDetailScreen() {
  const { t } = useTranslation();
  const { uid = '', id } = useParams();
  const threadId = positiveId(id);
  const query = useCourseThread(uid, threadId ?? 0, threadId !== null);

  let body;
  if (threadId === null || query.isError) {
    body = (
      <MemberContentUnavailable
        uid={uid}
        missing={threadId === null}
        error={query.error}
        onRetry={() => void query.refetch()}
        notFound={{ title: t('error.threadNotFound'), description: t('courses.thread.notFound') }}
        notFoundTestId="thread-not-found"
      />
    );
  } else if (!query.data) {
    body = <ThreadSkeleton />;
  } else {
    body = <Thread thread={query.data} uid={uid} />;
  }
  return (
    <ScreenLayout title={t('courses.thread.title')} back>
      {body}
    </ScreenLayout>
  );
}

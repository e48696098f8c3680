import { zodResolver } from '@hookform/resolvers/zod';
import {
  threadCreateSchema,
  threadPostCreateSchema,
  type ThreadDetail,
  type ThreadPost,
} from '@school/contract/courses';
import { limits } from '@school/contract/limits';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useParams } from 'react-router';
import { TextField } from '../../../components/form/text-field';
import { href } from '../../../config/route-paths';
import { apiClient } from '../../../lib/api-client';
import { EditDeleteActions } from '../../../components/ui/edit-delete-actions';
import { useOwnAnswer, useOwnQuestion } from '../api/change-thread';
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
type QuestionInput = z.input<typeof threadCreateSchema>;
type QuestionOutput = z.output<typeof threadCreateSchema>;

/** Edit and Delete under what the learner wrote themselves; Delete asks first. */
function OwnActions({
  onEdit,
  remove,
  deleting,
  confirm,
  onDeleted,
}: {
  onEdit(): void;
  remove(): Promise<unknown>;
  deleting: boolean;
  confirm: { title: string; content: string };
  onDeleted?(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end">
      <EditDeleteActions
        editLabel={t('courses.thread.edit')}
        onEdit={onEdit}
        confirm={{ ...confirm, confirmText: t('courses.thread.delete'), cancelText: t('courses.thread.cancel') }}
        deletedText={t('courses.thread.deleted')}
        remove={remove}
        deleting={deleting}
        onDeleted={onDeleted}
      />
    </div>
  );
}

/** The question's title and text, changed with the rules of asking. */
function EditQuestion({ uid, thread, onDone }: { uid: string; thread: ThreadDetail; onDone(): void }) {
  const { t } = useTranslation();
  const { update } = useOwnQuestion(uid, thread.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<QuestionInput, unknown, QuestionOutput>({
    resolver: zodResolver(threadCreateSchema),
    defaultValues: { title: thread.title, content: thread.content },
  });
  const setFieldError = fieldErrorSetter(setError, ['title', 'content'] as const);
  const submit = handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      showToast(t('courses.thread.saved'), 'success');
      onDone();
    } catch (error) {
      if (!setFieldError(error)) apiClient.notifyError(error);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3" data-testid="thread-question-edit">
      <TextField
        label={t('courses.ask.titleLabel')}
        maxLength={limits.threadTitleMax}
        autoComplete="off"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label={t('courses.ask.contentLabel')}
        rows={6}
        maxLength={limits.threadTextMax}
        error={errors.content?.message}
        {...register('content')}
      />
      <SaveOrCancel saving={update.isPending} onCancel={onDone} />
    </form>
  );
}

function SaveOrCancel({ saving, onCancel }: { saving: boolean; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="submit" disabled={saving} aria-busy={saving || undefined} className={primaryButtonClass}>
        {saving ? t('courses.thread.saving') : t('courses.thread.save')}
      </button>
      <button type="button" onClick={onCancel} className="min-h-11 w-full text-sm text-ink-muted">
        {t('courses.thread.cancel')}
      </button>
    </>
  );
}

/** One answer; the learner's own can be changed or deleted. */
function Answer({ uid, threadId, post }: { uid: string; threadId: number; post: ThreadPost }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const { update, remove } = useOwnAnswer(uid, threadId, post.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AnswerInput, unknown, AnswerOutput>({
    resolver: zodResolver(threadPostCreateSchema),
    defaultValues: { content: post.content },
  });
  const setFieldError = fieldErrorSetter(setError, ['content'] as const);
  const submit = handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
      showToast(t('courses.thread.saved'), 'success');
      setEditing(false);
    } catch (error) {
      if (!setFieldError(error)) apiClient.notifyError(error);
    }
  });
  return (
    <li className="space-y-1 border-b border-line px-4 py-3 last:border-b-0" data-testid="thread-answer">
      <AuthorLine nickname={post.user.nickname} avatar={post.user.avatar} createdAt={post.createdAt} />
      {editing ? (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3 pt-1">
          <TextAreaField
            label={t('courses.thread.answerLabel')}
            maxLength={limits.threadTextMax}
            error={errors.content?.message}
            {...register('content')}
          />
          <SaveOrCancel saving={update.isPending} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        <>
          <p className="whitespace-pre-line break-words text-sm text-ink">{post.content}</p>
          {post.mine ? (
            <OwnActions
              onEdit={() => setEditing(true)}
              remove={() => remove.mutateAsync()}
              deleting={remove.isPending}
              confirm={{
                title: t('courses.thread.deleteAnswerTitle'),
                content: t('courses.thread.deleteAnswerContent'),
              }}
            />
          ) : null}
        </>
      )}
    </li>
  );
}

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
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const { remove } = useOwnQuestion(uid, thread.id);
  return (
    <>
      <article className="space-y-2 bg-surface px-4 py-4" aria-labelledby="thread-title" data-testid="thread-question">
        <AuthorLine nickname={thread.user.nickname} avatar={thread.user.avatar} createdAt={thread.createdAt} />
        {editing ? (
          <EditQuestion uid={uid} thread={thread} onDone={() => setEditing(false)} />
        ) : (
          <>
            <h2 id="thread-title" className="text-lg font-semibold leading-snug text-ink">
              {thread.title}
            </h2>
            <p className="whitespace-pre-line break-words text-[0.9375rem] leading-6 text-ink">{thread.content}</p>
            {thread.mine ? (
              <OwnActions
                onEdit={() => setEditing(true)}
                remove={() => remove.mutateAsync()}
                // Back to the board, without it; Back does not return to a deleted question.
                onDeleted={() => void navigate(href('courseDetail', { uid }, { tab: 'threads' }), { replace: true })}
                deleting={remove.isPending}
                confirm={{
                  title: t('courses.thread.deleteQuestionTitle'),
                  content: t('courses.thread.deleteQuestionContent'),
                }}
              />
            ) : null}
          </>
        )}
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
              <Answer key={post.id} uid={uid} threadId={thread.id} post={post} />
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

import type { Comment, CommentCreate, CommentSummary } from '@school/contract/catalogue';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useOwnWriting } from '../../lib/use-own-writing';
import { EditDeleteActions } from '../ui/edit-delete-actions';
import { CommentForm } from './comment-form';
import { RatingStars } from './rating-stars';

type CommentFormMessages = Parameters<typeof CommentForm>[0]['messages'];

interface YourCommentProps {
  yours: NonNullable<CommentSummary['yours']>;
  /** The product's ratings (`apiPaths.courseComments(uid)`): this one is `{comments}/{id}`. */
  comments: string;
  /** The product's query key to refresh. */
  refresh: QueryKey;
  messages: CommentFormMessages;
  testId: string;
}

/**
 * The learner's own rating above everyone's: theirs to change (the rating form, filled in) or
 * to delete after a confirmation, after which they may rate again.
 */
export function YourComment({ yours, comments, refresh, messages, testId }: YourCommentProps) {
  const { t } = useTranslation();
  const { update, remove } = useOwnWriting<CommentCreate, Comment>(`${comments}/${yours.id}`, refresh);
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <CommentForm
        create={update}
        messages={messages}
        testId={`${testId}-edit`}
        editing={{ initial: { score: yours.score, content: yours.content }, onDone: () => setEditing(false) }}
      />
    );
  }
  return (
    <section aria-labelledby={`${testId}-title`} className="bg-surface px-4 py-3" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${testId}-title`} className="text-sm font-semibold text-ink">
          {t('ui.comment.yours')}
        </h2>
        <EditDeleteActions
          editLabel={t('ui.comment.edit')}
          onEdit={() => setEditing(true)}
          confirm={{
            title: t('ui.comment.deleteTitle'),
            content: t('ui.comment.deleteContent'),
            confirmText: t('ui.comment.delete'),
            cancelText: t('ui.comment.cancel'),
          }}
          deletedText={t('ui.comment.deleted')}
          remove={() => remove.mutateAsync()}
          deleting={remove.isPending}
        />
      </div>
      <RatingStars score={yours.score} className="text-base" />
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-ink">{yours.content}</p>
    </section>
  );
}

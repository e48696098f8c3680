import type { Comment } from '@school/contract/catalogue';
import { isoDate } from '../../lib/format';
import { useRelativeTime } from '../../lib/use-now';
import { PersonAvatar } from './person-avatar';
import { RatingStars } from './rating-stars';

/**
 * One rating: who, how many stars, what they wrote and when. A list item by default; `as="div"`
 * where the caller's list (InfiniteList) already makes the item.
 */
export function CommentItem({ comment, now, as: Tag = 'li' }: { comment: Comment; now?: number; as?: 'li' | 'div' }) {
  const created = new Date(comment.createdAt);
  const when = useRelativeTime(created, now);
  return (
    <Tag className="flex gap-3 border-b border-line px-4 py-3 last:border-b-0" data-testid="comment-item">
      <PersonAvatar src={comment.user.avatar} name={comment.user.nickname} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-2">
          <span className="truncate text-sm font-medium text-ink">{comment.user.nickname}</span>
          <time dateTime={comment.createdAt} title={isoDate(created)} className="shrink-0 text-xs text-ink-subtle">
            {when}
          </time>
        </div>
        <RatingStars score={comment.score} className="mt-0.5 text-xs" />
        <p className="mt-1 whitespace-pre-line break-words text-sm text-ink">{comment.content}</p>
      </div>
    </Tag>
  );
}

/** A list of ratings; `label` names the list for screen readers. */
export function CommentList({ comments, label, now }: { comments: Comment[]; label: string; now?: number }) {
  return (
    <ul aria-label={label} className="bg-surface">
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} {...(now === undefined ? {} : { now })} />
      ))}
    </ul>
  );
}

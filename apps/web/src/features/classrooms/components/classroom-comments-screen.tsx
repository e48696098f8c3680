import type { CommentSummary } from '@school/contract/catalogue';
import { apiPaths } from '@school/contract/paths';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useParams } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { CommentForm } from '../../../components/catalogue/comment-form';
import { CommentItem } from '../../../components/catalogue/comment-list';
import { YourComment } from '../../../components/catalogue/your-comment';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { RatingStars } from '../../../components/catalogue/rating-stars';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { classroomKeys } from '../api/classroom-keys';
import { useCreateClassroomComment } from '../api/create-classroom-comment';
import { useClassroomComments, useClassroomCommentSummary } from '../api/get-classroom-comments';

/** Why the caller cannot rate, with the way forward when there is one (logging in). */
function CannotComment({ reason }: { reason: NonNullable<CommentSummary['reason']> }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <p
      className="flex items-center justify-between gap-3 bg-surface px-4 py-3 text-sm text-ink-muted"
      data-testid="comment-reason"
    >
      <span>{t(`classrooms.comments.reason.${reason}`)}</span>
      {reason === 'anonymous' ? (
        <Link
          to={href('login')}
          state={{ from: `${pathname}${search}` }}
          className="shrink-0 rounded-full bg-brand-strong px-4 py-1.5 text-sm font-medium text-on-brand"
        >
          {t('classrooms.comments.login')}
        </Link>
      ) : null}
    </p>
  );
}

/** /classroom/:uid/comments: the average, the member's rating form (once), every rating. */
export default function ClassroomCommentsScreen() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const summary = useClassroomCommentSummary(uid);
  const comments = useClassroomComments(uid);
  const create = useCreateClassroomComment(uid);

  return (
    <ScreenLayout title={t('route.classroomComments')} back>
      {summary.data ? (
        <>
          <div className="flex items-center gap-3 bg-surface px-4 py-3" data-testid="comment-summary">
            <span aria-hidden="true" className="text-3xl font-semibold text-ink tabular-nums">
              {summary.data.ratingScore.toFixed(1)}
            </span>
            <div className="flex flex-col">
              <RatingStars score={summary.data.ratingScore} className="text-base" />
              <span className="text-xs text-ink-muted">
                {t('classrooms.evaluation.count', { count: summary.data.ratingCount })}
              </span>
            </div>
          </div>
          <div className="mt-2">
            {summary.data.canComment ? (
              <CommentForm create={create} testId="classroom-comment" messages="classrooms.comments" />
            ) : summary.data.yours ? (
              <YourComment
                key={summary.data.yours.id}
                yours={summary.data.yours}
                comments={apiPaths.classroomComments(uid)}
                refresh={classroomKeys.detail(uid)}
                messages="classrooms.comments"
                testId="classroom-your-comment"
              />
            ) : summary.data.reason ? (
              <CannotComment reason={summary.data.reason} />
            ) : null}
          </div>
        </>
      ) : summary.isPending ? (
        <div aria-hidden="true" className="bg-surface px-4 py-3">
          <SkeletonBlock className="h-9 w-1/2" />
        </div>
      ) : null}
      <div className="mt-2">
        <InfiniteList
          query={comments}
          label={t('classrooms.comments.label')}
          itemKey={(comment) => comment.id}
          renderItem={(comment) => <CommentItem comment={comment} as="div" />}
          skeleton={
            <div className="space-y-px">
              {Array.from({ length: 4 }, (_, index) => (
                <SkeletonBlock key={index} className="h-20 rounded-none" />
              ))}
            </div>
          }
          empty={<EmptyState title={t('classrooms.comments.empty')} />}
          className="divide-y divide-line bg-surface"
          testId="classroom-comment-list"
        />
      </div>
    </ScreenLayout>
  );
}

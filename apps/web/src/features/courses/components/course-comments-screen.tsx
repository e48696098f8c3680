import type { CommentSummary } from '@school/contract/catalogue';
import { apiPaths } from '@school/contract/paths';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useParams } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { CommentForm } from '../../../components/catalogue/comment-form';
import { CommentItem } from '../../../components/catalogue/comment-list';
import { YourComment } from '../../../components/catalogue/your-comment';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { session } from '../../../lib/session';
import { useCreateCourseComment } from '../api/create-course-comment';
import { courseKeys } from '../api/course-keys';
import { useCourseComments } from '../api/get-course-comments';
import { useCourseCommentSummary } from '../api/get-course-comment-summary';
import { RatingSummary } from './course-ratings-tab';

const reasonMessageIds = {
  anonymous: 'courses.comments.anonymous',
  notMember: 'courses.comments.notMember',
  alreadyCommented: 'courses.comments.alreadyCommented',
} as const satisfies Record<NonNullable<CommentSummary['reason']>, string>;

/** Why the viewer cannot rate, with the way in when there is one. */
function CannotComment({ uid, reason }: { uid: string; reason: NonNullable<CommentSummary['reason']> }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  return (
    <div className="flex items-center gap-3 bg-surface px-4 py-3" data-testid="course-comment-reason">
      <p className="min-w-0 flex-1 text-sm text-ink-muted">{t(reasonMessageIds[reason])}</p>
      {reason === 'anonymous' ? (
        <Link
          to={href('login')}
          state={{ from: here }}
          onClick={() => session.saveLastUrl(here)}
          className="shrink-0 rounded-full bg-brand-strong px-4 py-1.5 text-sm font-medium text-on-brand"
        >
          {t('courses.comments.login')}
        </Link>
      ) : reason === 'notMember' ? (
        <Link
          to={href('courseDetail', { uid })}
          className="shrink-0 rounded-full border border-brand-strong px-4 py-1.5 text-sm text-brand-strong"
        >
          {t('courses.comments.toCourse')}
        </Link>
      ) : null}
    </div>
  );
}

/** /courses/:uid/comments: the average, every rating, and the form for members who have not rated. */
export default function CourseCommentsScreen() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const summary = useCourseCommentSummary(uid);
  const comments = useCourseComments(uid);
  const create = useCreateCourseComment(uid);

  return (
    <ScreenLayout title={t('courses.comments.title')} back>
      {/* Without ratings the list's empty state says so: a summary of nothing would say it twice. */}
      {summary.data?.ratingCount === 0 ? null : (
        <section className="border-b border-line bg-surface px-4 py-3" aria-label={t('courses.comments.title')}>
          {summary.data ? (
            <RatingSummary score={summary.data.ratingScore} count={summary.data.ratingCount} />
          ) : (
            <LoadingRegion>
              <SkeletonBlock className="h-10 w-1/2" />
            </LoadingRegion>
          )}
        </section>
      )}
      {summary.data?.canComment ? (
        <CommentForm create={create} testId="course-comment" messages="courses.comments" />
      ) : null}
      {summary.data?.yours ? (
        <YourComment
          key={summary.data.yours.id}
          yours={summary.data.yours}
          comments={apiPaths.courseComments(uid)}
          refresh={courseKeys.detail(uid)}
          messages="courses.comments"
          testId="course-your-comment"
        />
      ) : summary.data && !summary.data.canComment && summary.data.reason ? (
        <CannotComment uid={uid} reason={summary.data.reason} />
      ) : null}
      <div className="mt-3">
        <InfiniteList
          query={comments}
          label={t('courses.ratings.listLabel')}
          itemKey={(comment) => comment.id}
          className="bg-surface"
          testId="course-comments"
          renderItem={(comment) => <CommentItem comment={comment} as="div" />}
          skeleton={
            <div className="space-y-3 bg-surface p-4">
              <SkeletonBlock className="h-16" />
              <SkeletonBlock className="h-16" />
              <SkeletonBlock className="h-16" />
            </div>
          }
          empty={<EmptyState title={t('courses.ratings.none')} />}
        />
      </div>
    </ScreenLayout>
  );
}

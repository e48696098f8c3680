import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { CommentList } from '../../../components/catalogue/comment-list';
import { itemsOfPages } from '../../../components/catalogue/page-param';
import { RatingStars } from '../../../components/catalogue/rating-stars';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { useCourseComments } from '../api/get-course-comments';
import { useCourseCommentSummary } from '../api/get-course-comment-summary';

/** How many ratings the course page previews before "All ratings". */
const previewCount = 3;

/** The average and count of ratings, big stars beside them. */
export function RatingSummary({ score, count }: { score: number; count: number }) {
  const { t } = useTranslation();
  if (count === 0) return <p className="text-sm text-ink-muted">{t('courses.ratings.none')}</p>;
  return (
    <div className="flex items-center gap-3" data-testid="rating-summary">
      <span aria-hidden="true" className="text-3xl font-semibold text-ink tabular-nums">
        {score.toFixed(1)}
      </span>
      <div>
        <RatingStars score={score} className="text-base" />
        <p className="text-xs text-ink-muted">{t('courses.ratings.summary', { score: score.toFixed(1), count })}</p>
      </div>
    </div>
  );
}

/** The Ratings tab: the summary, the newest ratings and a link to all of them. */
export function CourseRatingsTab({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const summary = useCourseCommentSummary(uid);
  const comments = useCourseComments(uid);

  if (summary.isPending || comments.isPending) {
    return (
      <LoadingRegion>
        <div className="space-y-3 bg-surface p-4">
          <SkeletonBlock className="h-10 w-1/2" />
          <SkeletonBlock className="h-16" />
          <SkeletonBlock className="h-16" />
        </div>
      </LoadingRegion>
    );
  }
  if (summary.isError || comments.isError) {
    return (
      <ErrorState
        onRetry={() => {
          void summary.refetch();
          void comments.refetch();
        }}
      />
    );
  }

  const preview = itemsOfPages(comments.data.pages).slice(0, previewCount);
  return (
    <div className="bg-surface" data-testid="course-ratings">
      <div className="border-b border-line px-4 py-3">
        <RatingSummary score={summary.data.ratingScore} count={summary.data.ratingCount} />
      </div>
      {preview.length > 0 ? <CommentList comments={preview} label={t('courses.ratings.listLabel')} /> : null}
      <Link
        to={href('courseComments', { uid })}
        className="flex items-center justify-center gap-1 border-t border-line py-3 text-sm text-brand-strong"
        data-testid="course-all-ratings"
      >
        {t('courses.ratings.all')}
        <ChevronRightIcon aria-hidden="true" />
      </Link>
    </div>
  );
}

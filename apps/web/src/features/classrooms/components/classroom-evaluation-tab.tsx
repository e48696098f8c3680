import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { CommentList } from '../../../components/catalogue/comment-list';
import { RatingStars } from '../../../components/catalogue/rating-stars';
import { itemsOfPages } from '../../../components/catalogue/page-param';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { useClassroomComments } from '../api/get-classroom-comments';

/** How many ratings the tab previews; the rest are on the comments screen. */
const previewCount = 3;

interface ClassroomEvaluationTabProps {
  uid: string;
  ratingScore: number;
  ratingCount: number;
}

/** The average rating, the newest few ratings and the way to all of them (and to rating). */
export function ClassroomEvaluationTab({ uid, ratingScore, ratingCount }: ClassroomEvaluationTabProps) {
  const { t } = useTranslation();
  const comments = useClassroomComments(uid);
  const preview = itemsOfPages(comments.data?.pages).slice(0, previewCount);

  let body;
  if (comments.isPending) {
    body = (
      <LoadingRegion>
        <div className="space-y-3 p-4">
          <SkeletonBlock className="h-12" />
          <SkeletonBlock className="h-12" />
        </div>
      </LoadingRegion>
    );
  } else if (comments.isError) {
    body = <ErrorState onRetry={() => void comments.refetch()} />;
  } else if (preview.length === 0) {
    body = <p className="px-4 py-6 text-center text-sm text-ink-muted">{t('classrooms.evaluation.empty')}</p>;
  } else {
    body = <CommentList comments={preview} label={t('classrooms.comments.label')} />;
  }

  return (
    <div className="bg-surface" data-testid="classroom-evaluation">
      <div className="flex items-center gap-3 border-b border-line px-4 py-3">
        <span className="text-2xl font-semibold text-ink" aria-hidden="true">
          {ratingScore.toFixed(1)}
        </span>
        <div className="flex flex-col">
          <RatingStars score={ratingScore} className="text-sm" />
          <span className="text-xs text-ink-muted">{t('classrooms.evaluation.count', { count: ratingCount })}</span>
        </div>
      </div>
      {body}
      <Link
        to={href('classroomComments', { uid })}
        className="block border-t border-line px-4 py-3 text-center text-sm font-medium text-brand-strong"
        data-testid="classroom-all-comments"
      >
        {t('classrooms.evaluation.all')}
      </Link>
    </div>
  );
}

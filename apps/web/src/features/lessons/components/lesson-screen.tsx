import { useTranslation } from '../../../lib/i18n';
import { useMatch, useParams } from 'react-router';
import { DetailUnavailable } from '../../../components/catalogue/detail-unavailable';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { routePaths } from '../../../config/route-paths';
import { useLesson } from '../api/get-lesson';
import type { PlayerMode } from '../logic/lesson-access';
import { LessonView } from './lesson-view';

function LessonSkeleton() {
  return (
    <LoadingRegion>
      <SkeletonBlock className="aspect-video w-full rounded-none" />
      <div className="mt-2 space-y-3 bg-surface p-4">
        <SkeletonBlock className="h-4 w-1/2" />
        <SkeletonBlock className="h-2 w-full" />
      </div>
      <div className="flex gap-3 p-4">
        <SkeletonBlock className="h-11 flex-1 rounded-full" />
        <SkeletonBlock className="h-11 flex-1 rounded-full" />
      </div>
    </LoadingRegion>
  );
}

/**
 * /lessons/:id (lessonLearn, members; the app's guard sends a logged-out learner to log in and
 * back) and /lessons/:id/try/play (lessonTryPlay, anyone, for free-preview lessons): the lesson
 * player, or why it does not play.
 */
export default function LessonScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const mode: PlayerMode = useMatch(routePaths.lessonTryPlay.path) ? 'try' : 'learn';
  const lessonId = /^\d{1,12}$/.test(id) ? Number(id) : Number.NaN;
  const query = useLesson(lessonId);

  let body;
  if (query.data) {
    // Keyed: another lesson starts afresh (position, sheets, preview end).
    body = <LessonView key={query.data.id} lesson={query.data} mode={mode} />;
  } else if (query.isError || Number.isNaN(lessonId)) {
    body = (
      <DetailUnavailable
        error={query.error}
        missing={Number.isNaN(lessonId)}
        notFoundTestId="lesson-not-found"
        onRetry={() => void query.refetch()}
        notFound={{ title: t('error.lessonNotFound'), description: t('lessons.notFound') }}
      />
    );
  } else {
    body = <LessonSkeleton />;
  }

  return (
    <ScreenLayout title={query.data?.title ?? t(mode === 'try' ? 'route.lessonTryPlay' : 'route.lessonLearn')} back>
      {body}
    </ScreenLayout>
  );
}

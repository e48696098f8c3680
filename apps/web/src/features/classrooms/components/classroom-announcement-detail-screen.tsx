import { useTranslation } from '../../../lib/i18n';
import { useParams } from 'react-router';
import { DetailUnavailable } from '../../../components/catalogue/detail-unavailable';
import { RichHtml } from '../../../components/catalogue/rich-html';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { isoDateMinutes } from '../../../lib/format';
import { useClassroomAnnouncement } from '../api/get-classroom-announcement';

/** /classroom/:uid/announcement/:id: one announcement's title, date and sanitized text. */
export default function ClassroomAnnouncementDetailScreen() {
  const { t } = useTranslation();
  const { uid = '', id } = useParams();
  const announcementId = Number(id);
  const valid = Number.isInteger(announcementId) && announcementId > 0;
  const query = useClassroomAnnouncement(uid, announcementId);

  let body;
  if (query.data) {
    const announcement = query.data;
    body = (
      <article className="bg-surface p-4" data-testid="announcement-detail">
        <h2 className="text-lg leading-snug font-semibold text-ink">{announcement.title}</h2>
        <time dateTime={announcement.createdAt} className="mt-1 block text-xs text-ink-subtle">
          {isoDateMinutes(announcement.createdAt)}
        </time>
        <RichHtml html={announcement.content} className="mt-4" />
      </article>
    );
  } else if (!valid || query.isError) {
    body = (
      <DetailUnavailable
        missing={!valid}
        error={query.error}
        onRetry={() => void query.refetch()}
        notFound={{ title: t('error.announcementNotFound'), description: t('classrooms.announcement.notFound') }}
      />
    );
  } else {
    body = (
      <LoadingRegion>
        <div className="space-y-3 bg-surface p-4">
          <SkeletonBlock className="h-6 w-4/5" />
          <SkeletonBlock className="h-3 w-1/3" />
          <SkeletonBlock className="h-32" />
        </div>
      </LoadingRegion>
    );
  }

  return (
    <ScreenLayout title={t('route.classroomAnnouncementDetail')} back surface="white">
      {body}
    </ScreenLayout>
  );
}

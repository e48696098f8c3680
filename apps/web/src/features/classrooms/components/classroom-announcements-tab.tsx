import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { itemsOfPages } from '../../../components/catalogue/page-param';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { useClassroomAnnouncements } from '../api/get-classroom-announcements';
import { AnnouncementItem } from './announcement-item';

const previewCount = 3;

/** The latest few announcements and the way to all of them. */
export function ClassroomAnnouncementsTab({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const query = useClassroomAnnouncements(uid);
  const items = itemsOfPages(query.data?.pages);

  if (query.isPending) {
    return (
      <LoadingRegion>
        <div className="space-y-px">
          <SkeletonBlock className="h-14 rounded-none" />
          <SkeletonBlock className="h-14 rounded-none" />
        </div>
      </LoadingRegion>
    );
  }
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (items.length === 0) return <EmptyState title={t('classrooms.announcements.empty')} />;

  return (
    <div data-testid="classroom-announcements">
      <ul aria-label={t('classrooms.announcements.label')} className="divide-y divide-line">
        {items.slice(0, previewCount).map((announcement) => (
          <li key={announcement.id}>
            <AnnouncementItem uid={uid} announcement={announcement} />
          </li>
        ))}
      </ul>
      <Link
        to={href('classroomAnnouncementList', { uid })}
        className="block border-t border-line bg-surface px-4 py-3 text-center text-sm font-medium text-brand-strong"
        data-testid="classroom-all-announcements"
      >
        {t('classrooms.announcements.all')}
      </Link>
    </div>
  );
}

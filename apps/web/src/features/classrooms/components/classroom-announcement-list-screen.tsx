import { useTranslation } from '../../../lib/i18n';
import { useParams } from 'react-router';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/state-message';
import { useClassroomAnnouncements } from '../api/get-classroom-announcements';
import { AnnouncementItem } from './announcement-item';

/** /classroom/:uid/announcements: every announcement, newest first. */
export default function ClassroomAnnouncementListScreen() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const query = useClassroomAnnouncements(uid);
  return (
    <ScreenLayout title={t('route.classroomAnnouncementList')} back>
      <InfiniteList
        query={query}
        label={t('classrooms.announcements.label')}
        itemKey={(announcement) => announcement.id}
        renderItem={(announcement) => <AnnouncementItem uid={uid} announcement={announcement} />}
        skeleton={
          <div className="space-y-px">
            {Array.from({ length: 5 }, (_, index) => (
              <SkeletonBlock key={index} className="h-14 rounded-none" />
            ))}
          </div>
        }
        empty={<EmptyState title={t('classrooms.announcements.empty')} />}
        className="divide-y divide-line"
        testId="announcement-list"
      />
    </ScreenLayout>
  );
}

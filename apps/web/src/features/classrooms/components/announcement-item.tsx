import type { AnnouncementSummary } from '@school/contract/classrooms';
import { Link } from '../../../components/ui/router-link';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { href } from '../../../config/route-paths';
import { isoDateMinutes } from '../../../lib/format';

/** One announcement in a list: title and date, linking to its page. */
export function AnnouncementItem({ uid, announcement }: { uid: string; announcement: AnnouncementSummary }) {
  return (
    <Link
      to={href('classroomAnnouncementDetail', { uid, id: announcement.id })}
      className="flex items-center gap-3 bg-surface px-4 py-3 active:bg-canvas"
      data-testid="announcement-item"
    >
      <div className="min-w-0 flex-1">
        <h3 className="truncate text-sm font-medium text-ink">{announcement.title}</h3>
        <time dateTime={announcement.createdAt} className="text-xs text-ink-subtle">
          {isoDateMinutes(announcement.createdAt)}
        </time>
      </div>
      <ChevronRightIcon className="shrink-0 text-ink-subtle" />
    </Link>
  );
}

import { useTranslation } from '../../../lib/i18n';
import { useUnreadCount } from '../api/get-unread-count';

/** More than this reads as "99+": the badge keeps its size. */
const shownAtMost = 99;

/**
 * The unread count on the Me tab (and on Me's Notifications row): nothing when all is read. The
 * number is for the eye; screen readers hear "3 unread notifications" with the tab's name.
 */
export default function MeTabBadge({ className = 'absolute top-1 left-1/2 ml-2' }: { className?: string }) {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  if (unread === 0) return null;
  return (
    <span
      className={`${className} inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[0.625rem] leading-none font-semibold text-on-brand`}
      data-testid="unread-badge"
    >
      <span aria-hidden="true">{unread > shownAtMost ? `${shownAtMost}+` : unread}</span>
      <span className="sr-only">{t('notifications.badge', { count: unread })}</span>
    </span>
  );
}

import type { Notification } from '@school/contract/notifications';
import { isoDateMinutes } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useRelativeTime } from '../../../lib/use-now';
import { notificationText } from '../logic/notification-text';

/**
 * One notification as a card-wide button: what kind, the sentence, when. An unread one has a dot
 * and a bold heading (and says "Unread" to screen readers).
 */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen(): void }) {
  const { t } = useTranslation();
  const when = useRelativeTime(notification.createdAt);
  const unread = notification.readAt === null;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex min-h-11 w-full items-start gap-3 rounded-card bg-surface p-3 text-left shadow-card active:bg-canvas"
      data-testid="notification"
      data-unread={unread}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-danger' : 'bg-transparent'}`}
      />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`min-w-0 text-sm text-ink ${unread ? 'font-semibold' : ''}`}>
            {unread ? <span className="sr-only">{`${t('notifications.unread')}: `}</span> : null}
            {t(`notifications.kind.${notification.params.kind}`)}
          </span>
          <time
            dateTime={notification.createdAt}
            title={isoDateMinutes(notification.createdAt)}
            className="shrink-0 text-xs text-ink-muted"
          >
            {when}
          </time>
        </span>
        <span className="mt-1 block text-sm break-words text-ink-muted">
          {notificationText(notification.params, t)}
        </span>
      </span>
    </button>
  );
}

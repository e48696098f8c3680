import type { Notification } from '@school/contract/notifications';
import { useNavigate } from 'react-router';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { StateMessage } from '../../../components/ui/state-message';
import { addMessages, useTranslation, type MessageLoader } from '../../../lib/i18n';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkRead } from '../api/mark-read';
import { BellIcon } from './bell-icon';
import MeTabBadge from './me-tab-badge';
import { NotificationItem } from './notification-item';

/*
 * The notification centre's one chunk: this screen and the Me tab's badge come together, so the
 * first screens' list of chunks to fetch grows by one name, not two. Its texts load from here
 * rather than through the registry's loader: the registry lives in the first screens' chunk,
 * and every loader there adds its two bundles' names to what those screens download.
 */
export { MeTabBadge };

const notificationsMessages: MessageLoader = (locale) =>
  locale === 'cn' ? import('../messages/cn').then((m) => m.cn) : import('../messages/en').then((m) => m.en);

/** This module once its texts are there: what the route and the shell's badge wait for. */
export async function withTexts() {
  await addMessages(notificationsMessages);
  return { default: NotificationsScreen, MeTabBadge };
}

/** /me/notifications — the learner's notifications, newest first; tapping one reads it and opens it. */
export default function NotificationsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useNotifications();
  const unread = useUnreadCount();
  const markRead = useMarkRead();

  function open(notification: Notification) {
    if (notification.readAt === null) markRead.mutate(notification.id);
    if (notification.link !== null) void navigate(notification.link);
  }

  return (
    <ScreenLayout title={t('notifications.title')} back>
      {unread > 0 ? (
        // Under the top bar rather than in it: the bar's corners hold an icon, not this text.
        <div className="flex items-center justify-between gap-3 px-3 pt-3">
          <p className="min-w-0 text-sm text-ink-muted" data-testid="unread-count">
            {t('notifications.badge', { count: unread })}
          </p>
          <button
            type="button"
            onClick={() => markRead.mutate('all')}
            disabled={markRead.isPending}
            className="flex min-h-11 shrink-0 items-center rounded-full px-3 text-sm font-medium text-brand-strong active:bg-canvas disabled:opacity-60"
            data-testid="mark-all-read"
          >
            {t('notifications.markAllRead')}
          </button>
        </div>
      ) : null}
      <h2 className="sr-only">{t('notifications.listLabel')}</h2>
      <InfiniteList
        query={query}
        label={t('notifications.listLabel')}
        itemKey={(notification) => notification.id}
        renderItem={(notification) => (
          <NotificationItem notification={notification} onOpen={() => open(notification)} />
        )}
        className="space-y-3 p-3"
        testId="notification-list"
        skeleton={
          <div className="space-y-3 p-3">
            {Array.from({ length: 4 }, (_, index) => (
              <div key={index} aria-hidden="true" className="h-20 animate-pulse rounded-card bg-line" />
            ))}
          </div>
        }
        empty={
          <StateMessage
            icon={<BellIcon />}
            title={t('notifications.empty.title')}
            description={t('notifications.empty.hint')}
          />
        }
      />
    </ScreenLayout>
  );
}

import { segment } from './paths.js';

/** The notification centre's paths (notifications.ts), without its schemas and zod. */
export const notificationPaths = {
  /** GET: the caller's notifications, newest first, paged. */
  list: '/api/notifications',
  /** GET: how many are unread (the Me tab's badge). */
  unreadCount: '/api/notifications/unread-count',
  /** POST: marks one read (again: no change). */
  read: (id: number | string) => `/api/notifications/${segment(id)}/read`,
  /** POST: marks every one read. */
  readAll: '/api/notifications/read-all',
} as const;

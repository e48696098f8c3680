import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@school/contract/enums';
import type {
  Notification,
  NotificationKind,
  NotificationList,
  NotificationParams,
} from '@school/contract/notifications';
import type { PageQuery } from '@school/contract/common';
import type { StoredNotificationParams } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { BackgroundJob } from '../../lib/background-jobs.js';
import { localize, type LocalizedText } from '../../lib/localized-text.js';
import type { Notifier } from '../../lib/notifier.js';
import type { Clock } from '../../providers/clock.js';
import {
  createNotificationsRepository,
  type NotificationRow,
  type NotificationsRepository,
  type Reader,
} from './notifications.repository.js';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** When the jobs tell of what is coming, and how far back they catch up. */
export const notificationRules = {
  intervalMs: minuteMs,
  liveLeadMs: 15 * minuteMs,
  expiryLeadMs: 3 * dayMs,
  /** Grades and refund decisions a failed telling left untold are made up for this long after. */
  catchUpMs: dayMs,
  /** Announcements are told to members for this long after they are made (a job that was down catches up). */
  announcementMs: 7 * dayMs,
} as const;

const noText: LocalizedText = { cn: '', en: '' };

/** A stored notification in the reader's language; params the row lacks read as empty, never as an error. */
function toParams(kind: NotificationKind, stored: StoredNotificationParams, locale: Locale): NotificationParams {
  const title = localize(stored.title ?? noText, locale);
  switch (kind) {
    case 'EXAM_GRADED':
      return { kind, title, score: stored.score ?? 0, passed: stored.passed ?? null };
    case 'REFUND_DECIDED':
      return { kind, title, accepted: stored.accepted ?? false };
    case 'LIVE_STARTING':
      return { kind, title, startsAt: stored.startsAt ?? new Date(0).toISOString() };
    case 'MEMBERSHIP_EXPIRING':
      return { kind, title, expiresAt: stored.expiresAt ?? new Date(0).toISOString() };
    case 'CLASSROOM_ANNOUNCEMENT':
      return { kind, title, classroom: localize(stored.classroom ?? noText, locale) };
  }
}

export function toNotification(row: NotificationRow, locale: Locale): Notification {
  return {
    id: row.id,
    params: toParams(row.kind, row.params, locale),
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export function createNotificationsService(repository: NotificationsRepository, clock: Clock) {
  return {
    async list(reader: Reader, locale: Locale, query: PageQuery): Promise<NotificationList> {
      const [{ rows, total }, unread] = await Promise.all([
        repository.page(reader, (query.page - 1) * query.pageSize, query.pageSize),
        repository.unreadCount(reader),
      ]);
      return {
        items: rows.map((row) => toNotification(row, locale)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        unread,
      };
    },

    async unreadCount(reader: Reader) {
      return { unread: await repository.unreadCount(reader) };
    },

    async markRead(reader: Reader, id: number) {
      if (!(await repository.markRead(reader, id, clock.now()))) throw new AppError('notFound');
      return { unread: await repository.unreadCount(reader) };
    },

    async markAllRead(reader: Reader) {
      await repository.markAllRead(reader, clock.now());
      return { unread: 0 };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * What the exam and refund features call as things happen. A failure is logged and left to the
 * notifications job, which makes what is missing on its next round.
 */
export function createNotifier(repository: NotificationsRepository, clock: Clock, log: FastifyBaseLogger): Notifier {
  async function tell(what: string, make: () => Promise<number>) {
    try {
      await make();
    } catch (err) {
      log.error({ err, notification: what }, 'notification not made; the notifications job will make it');
    }
  }
  return {
    examGraded: (attemptId) => tell('EXAM_GRADED', () => repository.examGraded(sql`a.id = ${attemptId}`, clock.now())),
    refundDecided: (refundId) =>
      tell('REFUND_DECIDED', () => repository.refundDecided(sql`r.id = ${refundId}`, clock.now())),
  };
}

/**
 * Every minute, for every school: live lessons starting within 15 minutes, memberships ending
 * within 3 days, new classroom announcements; and grades (time-up submissions among them) and
 * refund decisions of the last day that were not told as they happened. Under its advisory lock
 * one process does a round; the unique subject per learner makes a second round add nothing.
 */
export function notificationsJob(clock: Clock): BackgroundJob {
  return {
    name: 'notifications',
    lockKey: 7_240_010,
    intervalMs: notificationRules.intervalMs,
    async run(db) {
      const repository = createNotificationsRepository(db);
      const now = clock.now();
      const since = new Date(now.getTime() - notificationRules.catchUpMs);
      return {
        examGraded: await repository.examGraded(
          sql`coalesce(a.reviewed_at, a.submitted_at) >= ${since} and coalesce(a.reviewed_at, a.submitted_at) <= ${now}`,
          now,
        ),
        refundDecided: await repository.refundDecided(sql`r.reviewed_at >= ${since} and r.reviewed_at <= ${now}`, now),
        liveStarting: await repository.liveStarting(now, notificationRules.liveLeadMs),
        membershipExpiring: await repository.membershipExpiring(now, notificationRules.expiryLeadMs),
        announcements: await repository.classroomAnnouncements(
          new Date(now.getTime() - notificationRules.announcementMs),
          now,
        ),
      };
    },
  };
}

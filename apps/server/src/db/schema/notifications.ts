import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@school/contract/notifications';
import type { LocalizedText } from '../../lib/localized-text.js';
import { createdAt } from './columns.js';
import { tenantIdColumn } from './tenant-id.js';
import { tenants } from './tenants.js';
import { users } from './accounts.js';

// The contract's kinds, spelled out because drizzle-kit loads this file on its own.
const notificationKindValues = [
  'EXAM_GRADED',
  'REFUND_DECIDED',
  'LIVE_STARTING',
  'MEMBERSHIP_EXPIRING',
  'CLASSROOM_ANNOUNCEMENT',
] as const satisfies readonly NotificationKind[];

/** What a notification's text is made from: titles in both languages, numbers and times as they are. */
export interface StoredNotificationParams {
  title: LocalizedText;
  score?: number;
  passed?: boolean | null;
  accepted?: boolean;
  startsAt?: string;
  expiresAt?: string;
  classroom?: LocalizedText;
}

/**
 * A learner's notification, made by the server (docs/product.md#notifications). `subject` names
 * what it is about (`attempt:12`, `lesson:7@<start>`): one per learner, kind and subject, so a job's
 * second round, a second process or a retried request never tells the learner twice.
 *
 * `wechat`: the WeChat template message for it. PENDING when made for a learner signed in with
 * WeChat at a school that set a template for the kind; the sending job makes it SENT or FAILED.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKindValues }).notNull(),
    subject: text('subject').notNull(),
    params: jsonb('params').$type<StoredNotificationParams>().notNull(),
    /** A path inside the web app (without /mobile); null: the notification leads nowhere. */
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    wechat: text('wechat', { enum: ['PENDING', 'SENT', 'FAILED'] }),
    wechatTries: integer('wechat_tries').notNull().default(0),
    /** When the sending job may take a PENDING one (again): a round's claim holds it for a while. */
    wechatNextAt: timestamp('wechat_next_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('EXAM_GRADED', 'REFUND_DECIDED', 'LIVE_STARTING', 'MEMBERSHIP_EXPIRING', 'CLASSROOM_ANNOUNCEMENT')`,
    ),
    check('notifications_wechat_check', sql`${t.wechat} in ('PENDING', 'SENT', 'FAILED')`),
    uniqueIndex('notifications_subject_unique').on(t.tenantId, t.userId, t.kind, t.subject),
    index('notifications_user_idx').on(t.tenantId, t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.tenantId, t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_wechat_idx')
      .on(t.wechatNextAt)
      .where(sql`${t.wechat} = 'PENDING'`),
  ],
);

/**
 * A school's notification settings: the WeChat template message id it set up in its official
 * account for each kind. A kind without one is told in the app only.
 */
export const notificationSettings = pgTable('notification_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  wechatTemplates: jsonb('wechat_templates').$type<Partial<Record<NotificationKind, string>>>().notNull(),
});

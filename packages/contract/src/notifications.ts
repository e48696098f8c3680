import { z } from 'zod';
import { isoDateTime, pageOf, pageQuerySchema } from './common.js';

/*
 * The learner's notification centre (docs/product.md#notifications). The server makes every
 * notification (an exam graded, a refund decided, and its background jobs: a live lesson about to
 * start, a membership about to end, a classroom announcement); the learner reads them, newest
 * first, and marks them read. Signed-in only (401); a learner never sees another's (404).
 *
 * The paths live apart (notification-paths.ts) rather than in apiPaths: only the notification
 * screen and the Me tab's badge (both loaded lazily) call them, so the first screens' chunk does
 * not carry them, and the badge does not carry zod with this module's schemas.
 */

export { notificationPaths } from './notification-paths.js';

export const notificationKinds = [
  'EXAM_GRADED',
  'REFUND_DECIDED',
  'LIVE_STARTING',
  'MEMBERSHIP_EXPIRING',
  'CLASSROOM_ANNOUNCEMENT',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * What the client words each kind with, in the learner's language: titles arrive in that
 * language, numbers and times as they are.
 */
export const notificationParamsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('EXAM_GRADED'),
    /** The exam's title. */
    title: z.string(),
    score: z.number().int().nonnegative(),
    /** Null: the exam has no pass mark. */
    passed: z.boolean().nullable(),
  }),
  z.object({
    kind: z.literal('REFUND_DECIDED'),
    /** The product's title. */
    title: z.string(),
    accepted: z.boolean(),
  }),
  z.object({
    kind: z.literal('LIVE_STARTING'),
    /** The lesson's title. */
    title: z.string(),
    startsAt: isoDateTime,
  }),
  z.object({
    kind: z.literal('MEMBERSHIP_EXPIRING'),
    /** The course's title. */
    title: z.string(),
    expiresAt: isoDateTime,
  }),
  z.object({
    kind: z.literal('CLASSROOM_ANNOUNCEMENT'),
    /** The announcement's title. */
    title: z.string(),
    /** The classroom's title. */
    classroom: z.string(),
  }),
]);
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z.object({
  id: z.number().int().positive(),
  params: notificationParamsSchema,
  /** Where tapping it goes: a path inside the app (without /mobile); null: nowhere. */
  link: z.string().nullable(),
  createdAt: isoDateTime,
  /** Null: unread. */
  readAt: isoDateTime.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema;
export const notificationListSchema = pageOf(notificationSchema).extend({
  /** Unread ones of the caller, whatever the page: the badge stays true as the list is read. */
  unread: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

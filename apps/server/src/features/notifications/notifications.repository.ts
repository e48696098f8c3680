import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '@school/contract/notifications';
import type { Db } from '../../db/database.js';
import { notifications, notificationSettings, oauthIdentities } from '../../db/schema.js';

/*
 * Notifications, one learner and one school at a time for reading; for making, one statement per
 * kind that selects who is to be told and inserts what is new. The unique (school, learner, kind,
 * subject) makes every maker idempotent: a retried request, a job's next round or a second
 * process finds the row there and adds nothing.
 */

export interface Reader {
  tenantId: number;
  userId: number;
}

export type NotificationRow = typeof notifications.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The WeChat template message is due when the learner signed in with WeChat and the school set a template. */
const wechatDue = (kind: NotificationKind) => sql`case when exists (
    select 1 from ${oauthIdentities} o
    where o.tenant_id = made.tenant_id and o.user_id = made.user_id and o.provider = 'wechat'
  ) and exists (
    select 1 from ${notificationSettings} s
    where s.tenant_id = made.tenant_id and (s.wechat_templates ->> ${kind}) is not null
  ) then 'PENDING' end`;

/** ISO-8601 UTC with a Z, as the contract's times. */
const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Inserts a notification for each row `select` yields (tenant_id, user_id, subject, params, link)
 * that the learner does not have yet; answers how many were new.
 */
async function make(db: Db, kind: NotificationKind, select: SQL, now: Date): Promise<number> {
  const result = await db.execute(sql`
    insert into ${notifications} (tenant_id, user_id, kind, subject, params, link, created_at, wechat, wechat_next_at)
    select made.tenant_id, made.user_id, ${kind}, made.subject, made.params, made.link, ${now}, ${wechatDue(kind)}, ${now}
    from (${select}) made
    on conflict (tenant_id, user_id, kind, subject) do nothing
    returning id`);
  return rowsOf(result).length;
}

export function createNotificationsRepository(db: Db) {
  const own = (reader: Reader) =>
    and(eq(notifications.tenantId, reader.tenantId), eq(notifications.userId, reader.userId));
  const unreadOf = (reader: Reader) => and(own(reader), isNull(notifications.readAt));

  return {
    async page(reader: Reader, offset: number, limit: number): Promise<{ rows: NotificationRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(own(reader))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(notifications).where(own(reader)),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    async unreadCount(reader: Reader): Promise<number> {
      const [row] = await db.select({ unread: count() }).from(notifications).where(unreadOf(reader));
      return row?.unread ?? 0;
    },

    /** Marks one of the reader's read (a read one keeps its first time); false: not theirs or none. */
    async markRead(reader: Reader, id: number, at: Date): Promise<boolean> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${at})` })
        .where(and(own(reader), eq(notifications.id, id)))
        .returning({ id: notifications.id });
      return row !== undefined;
    },

    async markAllRead(reader: Reader, at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(unreadOf(reader))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /*
     * The makers. Each takes the rows it is about (`where`), so a service tells of one attempt or
     * refund as it happens and the job catches up on whatever a crash between the two commits
     * left untold.
     */

    /**
     * Attempts at an exam graded where the learner was not looking at the result: reviewed by a
     * teacher, or submitted by the server when time ran out (a learner's own submission of an
     * objective paper shows its result at once).
     */
    examGraded(where: SQL, now: Date): Promise<number> {
      return make(
        db,
        'EXAM_GRADED',
        sql`select a.tenant_id, a.user_id, 'attempt:' || a.id as subject,
            jsonb_build_object('title', e.title, 'score', a.score, 'passed', a.passed) as params,
            '/exam/' || e.uid || '/test/result?attempt=' || a.id as link
          from attempts a join exams e on e.id = a.exam_id and e.tenant_id = a.tenant_id
          where a.status = 'COMPLETED' and a.score is not null
            and (a.reviewed_at is not null or a.submitted_by = 'TIME_UP') and ${where}`,
        now,
      );
    },

    /** Refunds the school accepted or refused. */
    refundDecided(where: SQL, now: Date): Promise<number> {
      return make(
        db,
        'REFUND_DECIDED',
        sql`select o.tenant_id, o.user_id, 'refund:' || r.id as subject,
            jsonb_build_object('title', o.product_title, 'accepted', r.status = 'ACCEPTED') as params,
            '/orders/' || o.trade_no as link
          from refunds r join orders o on o.id = r.order_id
          where r.status in ('ACCEPTED', 'REFUSED') and ${where}`,
        now,
      );
    },

    /**
     * Live lessons starting within `leadMs`, for each learner whose membership of the course
     * still runs then. The subject carries the start: a lesson moved to another time is told again.
     */
    liveStarting(now: Date, leadMs: number): Promise<number> {
      const until = new Date(now.getTime() + leadMs);
      return make(
        db,
        'LIVE_STARTING',
        sql`select m.tenant_id, m.user_id,
            'lesson:' || l.id || '@' || ${isoUtc(sql`l.start_time`)} as subject,
            jsonb_build_object('title', l.title, 'startsAt', ${isoUtc(sql`l.start_time`)}) as params,
            '/lessons/' || l.id as link
          from lessons l
          join courses c on c.id = l.course_id and c.tenant_id = l.tenant_id and c.status = 'PUBLISHED'
          join course_members m on m.course_id = l.course_id and m.tenant_id = l.tenant_id
          where l.media_type = 'LIVE' and l.status = 'PUBLISHED'
            and l.start_time > ${now} and l.start_time <= ${until}
            and (m.expires_at is null or m.expires_at >= l.start_time)`,
        now,
      );
    },

    /** Course memberships ending within `leadMs` (not yet ended). The subject carries the end: a renewal is told again. */
    membershipExpiring(now: Date, leadMs: number): Promise<number> {
      const until = new Date(now.getTime() + leadMs);
      return make(
        db,
        'MEMBERSHIP_EXPIRING',
        sql`select m.tenant_id, m.user_id,
            'course:' || c.id || '@' || ${isoUtc(sql`m.expires_at`)} as subject,
            jsonb_build_object('title', c.title, 'expiresAt', ${isoUtc(sql`m.expires_at`)}) as params,
            '/courses/' || c.uid as link
          from course_members m
          join courses c on c.id = m.course_id and c.tenant_id = m.tenant_id and c.status = 'PUBLISHED'
          where m.expires_at > ${now} and m.expires_at <= ${until}`,
        now,
      );
    },

    /**
     * Announcements made since `since` in a published classroom, for its members who had joined
     * by then (one who joins later reads it on the classroom's page, untold).
     */
    classroomAnnouncements(since: Date, now: Date): Promise<number> {
      return make(
        db,
        'CLASSROOM_ANNOUNCEMENT',
        sql`select m.tenant_id, m.user_id, 'announcement:' || a.id as subject,
            jsonb_build_object('title', a.title, 'classroom', c.title) as params,
            '/classroom/' || c.uid || '/announcement/' || a.id as link
          from classroom_announcements a
          join classrooms c on c.id = a.classroom_id and c.status = 'PUBLISHED'
          join classroom_members m on m.classroom_id = c.id and m.tenant_id = c.tenant_id
          where a.created_at >= ${since} and a.created_at <= ${now} and m.joined_at <= a.created_at`,
        now,
      );
    },

    /* WeChat template messages. */

    async wechatTemplates(tenantId: number): Promise<Partial<Record<NotificationKind, string>>> {
      const [row] = await db
        .select({ templates: notificationSettings.wechatTemplates })
        .from(notificationSettings)
        .where(eq(notificationSettings.tenantId, tenantId));
      return row?.templates ?? {};
    },

    /**
     * Takes up to `limit` due template messages with the learner's openid, and holds them until
     * `holdUntil` (another process's round leaves them alone; a round that dies lets them come back).
     */
    async claimWechat(now: Date, holdUntil: Date, limit: number) {
      const result = await db.execute(sql`
        update ${notifications} n set wechat_tries = n.wechat_tries + 1, wechat_next_at = ${holdUntil}
        from (
          select id from ${notifications}
          where wechat = 'PENDING' and wechat_next_at <= ${now}
          order by wechat_next_at, id limit ${limit}
          for update skip locked
        ) due
        where n.id = due.id
        returning n.id, n.tenant_id as "tenantId", n.kind, n.params, n.link, n.wechat_tries as "tries",
          (select o.openid from ${oauthIdentities} o
            where o.tenant_id = n.tenant_id and o.user_id = n.user_id and o.provider = 'wechat') as openid`);
      return rowsOf<{
        id: number;
        tenantId: number;
        kind: NotificationKind;
        params: NotificationRow['params'];
        link: string | null;
        tries: number;
        openid: string | null;
      }>(result);
    },

    async wechatDone(id: number, outcome: 'SENT' | 'FAILED'): Promise<void> {
      await db.update(notifications).set({ wechat: outcome, wechatNextAt: null }).where(eq(notifications.id, id));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

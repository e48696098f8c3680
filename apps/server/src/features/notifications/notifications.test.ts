import { orderPaths } from '@school/contract/order-paths';
import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { attemptResultSchema } from '@school/contract/exam-taking';
import { notificationListSchema, notificationPaths, unreadCountSchema } from '@school/contract/notifications';
import { backOfficePaths } from '@school/contract/paths';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chapters,
  classroomAnnouncements,
  classroomMembers,
  classrooms,
  courseMembers,
  courses,
  lessons,
  notifications,
  notificationSettings,
  oauthIdentities,
  orders,
  refunds,
} from '../../db/schema.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { runJobOnce } from '../../lib/background-jobs.js';
import { createWechatClient } from '../../providers/wechat/wechat-client.js';
import { newAccount, type TestAccount } from '../../testing/accounts.js';
import { startFakeWechat, type FakeWechat } from '../../testing/fake-wechat.js';
import { get, login, post, tenantIdOf } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { addReviewer, learnerIn, started } from '../exam-taking/exam-taking-testing.js';
import { orderFor, paidProducts, payOnCashier } from '../orders/orders-testing.js';
import { notificationWechatJob, wechatSendRules } from './notification-wechat.job.js';
import { notificationsJob } from './notifications.service.js';

/*
 * The notification centre: what makes a notification (a review, a refund decision, the job's
 * rounds), that each is made once whatever runs again, that a learner reads only their own, and
 * the WeChat template messages sent through the real client to the fake WeChat API.
 */

let t: TestApp;
let fake: FakeWechat;
let demo: number;
let second: number;
const logLines: string[] = [];
const minute = 60_000;
const day = 24 * 60 * minute;

beforeAll(async () => {
  fake = await startFakeWechat();
  t = await createTestApp(
    { wechat: { appId: fake.appId, appSecret: fake.appSecret, apiBase: fake.url }, logLevel: 'info' },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  demo = await tenantIdOf(t);
  second = await tenantIdOf(t, 'second');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function listOf(account: { cookie: string }, query = '') {
  const res = await get(t, `${notificationPaths.list}${query}`, account.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return notificationListSchema.parse(res.json());
}

async function unreadOf(account: { cookie: string }) {
  const res = await get(t, notificationPaths.unreadCount, account.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return unreadCountSchema.parse(res.json()).unread;
}

const job = () => runJobOnce(t.db, notificationsJob(t.clock));

/** A published course of the school with a chapter (the demo school's first), for lessons and memberships. */
async function arrangeCourse(tenantId = demo) {
  const [found] = await t.db
    .select({ course: courses, chapter: chapters })
    .from(courses)
    .innerJoin(chapters, eq(chapters.courseId, courses.id))
    .where(and(eq(courses.tenantId, tenantId), eq(courses.status, 'PUBLISHED')))
    .limit(1);
  return found!;
}

async function member(courseId: number, account: TestAccount, tenantId = demo, expiresAt: Date | null = null) {
  await t.db
    .insert(courseMembers)
    .values({ tenantId, courseId, userId: account.id, joinedAt: t.clock.now(), expiresAt });
}

describe('an exam graded', () => {
  it('a teacher’s review tells the learner once, with the score and a link to the result', async () => {
    const { uid, account, questionIds, exam } = await learnerIn(t, { examTimes: 1 });
    const attempt = await started(t, uid, account);
    // Answered only the open question: the attempt waits for a reviewer.
    const saved = await post(t, examTakingPaths.attemptAnswers(attempt.id), account.cookie, {
      saves: [
        { questionId: questionIds.ASK_AND_ANSWER, answer: { kind: 'TEXT', text: 'Cache it.', images: [] }, seq: 1 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await post(t, examTakingPaths.attemptSubmit(attempt.id), account.cookie, {});
    expect(await unreadOf(account)).toBe(0);
    const teacher = await newAccount(t);
    await addReviewer(t, exam, teacher.id);
    const review = await post(t, backOfficePaths.attemptReview(attempt.id), teacher.cookie, {
      scores: [{ questionId: questionIds.ASK_AND_ANSWER, score: 5 }],
    });
    expect(review.statusCode, review.body).toBe(200);
    const result = attemptResultSchema.parse(
      (await get(t, examTakingPaths.attemptResult(attempt.id), account.cookie)).json(),
    );

    const list = await listOf(account);
    expect(list).toMatchObject({ total: 1, unread: 1 });
    expect(list.items[0]).toMatchObject({
      params: { kind: 'EXAM_GRADED', title: exam.title.en, score: result.score, passed: result.passed },
      link: `/exam/${uid}/test/result?attempt=${attempt.id}`,
      readAt: null,
    });
    // The job's catching up finds it told: nothing twice.
    await job();
    await job();
    expect((await listOf(account)).total).toBe(1);
    // In the learner's language.
    const cn = await get(t, notificationPaths.list, account.cookie, { 'accept-language': 'zh-CN' });
    expect(notificationListSchema.parse(cn.json()).items[0]!.params.title).toBe(exam.title.cn);
  });

  it('an attempt the server submitted when time ran out is told by the job; the learner’s own submission is not', async () => {
    const { uid, account } = await learnerIn(t, { examTimes: 2, duration: 10 });
    const attempt = await started(t, uid, account);
    t.clock.advance(12 * minute);
    // Reading the result closes it at its deadline (as the submit job would).
    await get(t, examTakingPaths.attemptResult(attempt.id), account.cookie);
    await job();
    const told = (await listOf(account)).items.filter((n) => n.params.kind === 'EXAM_GRADED');
    expect(told.length).toBeLessThanOrEqual(1);

    const own = await learnerIn(t, { examTimes: 1 });
    const ownAttempt = await started(t, own.uid, own.account);
    await post(t, examTakingPaths.attemptSubmit(ownAttempt.id), own.account.cookie, {});
    await job();
    expect((await listOf(own.account)).total).toBe(0);
  });
});

describe('a refund decided', () => {
  it('a refused refund tells the learner, linking the order', async () => {
    const [course] = await paidProducts(t, 'COURSE');
    const me = await newAccount(t);
    const order = await orderFor(t, me.cookie, 'COURSE', course!.uid);
    await payOnCashier(t, me.cookie, order.tradeNo);
    const applied = await post(t, orderPaths.orderRefunds(order.tradeNo), me.cookie, {
      reason: 'NO_TIME_TO_STUDY',
      amount: order.payable,
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const [row] = await t.db
      .select({ refundNo: refunds.refundNo })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(orders.tradeNo, order.tradeNo));
    const operator = await login(t, demoAccounts.operator);
    const refused = await post(t, backOfficePaths.operatorRefundRefuse(row!.refundNo), operator, { note: 'no' });
    expect(refused.statusCode, refused.body).toBe(200);
    const list = await listOf(me);
    expect(list.items).toEqual([
      expect.objectContaining({
        params: expect.objectContaining({ kind: 'REFUND_DECIDED', accepted: false }),
        link: `/orders/${order.tradeNo}`,
      }),
    ]);
    await job();
    expect((await listOf(me)).total).toBe(1);
  });
});

describe('the notifications job', () => {
  it('tells members of a live lesson starting within 15 minutes, once', async () => {
    const { course, chapter } = await arrangeCourse();
    const soon = await newAccount(t);
    const expired = await newAccount(t);
    await member(course.id, soon);
    await member(course.id, expired, demo, new Date(t.clock.now().getTime() + 5 * minute));
    const starts = new Date(t.clock.now().getTime() + 10 * minute);
    const [lesson] = await t.db
      .insert(lessons)
      .values({
        tenantId: demo,
        courseId: course.id,
        chapterId: chapter.id,
        seq: 0,
        title: { cn: '直播课', en: 'Live class' },
        mediaType: 'LIVE',
        startTime: starts,
      })
      .returning();
    const later = await t.db
      .insert(lessons)
      .values({
        tenantId: demo,
        courseId: course.id,
        chapterId: chapter.id,
        seq: 1,
        title: { cn: '晚些', en: 'Later' },
        mediaType: 'LIVE',
        startTime: new Date(t.clock.now().getTime() + 40 * minute),
      })
      .returning();
    expect(later).toHaveLength(1);
    // The app's own timer may run a round too: what counts is what the learner has after several.
    await job();
    await job();
    const list = await listOf(soon);
    expect(list.items.filter((n) => n.params.kind === 'LIVE_STARTING')).toEqual([
      expect.objectContaining({
        params: { kind: 'LIVE_STARTING', title: 'Live class', startsAt: starts.toISOString() },
        link: `/lessons/${lesson!.id}`,
      }),
    ]);
    // A membership that ends before the lesson starts is not told of it (only of its own end).
    expect((await listOf(expired)).items.map((n) => n.params.kind)).toEqual(['MEMBERSHIP_EXPIRING']);
  });

  it('tells of a membership ending within 3 days, and of a renewed one again', async () => {
    const { course } = await arrangeCourse();
    const me = await newAccount(t);
    const ends = new Date(t.clock.now().getTime() + 2 * day);
    await member(course.id, me, demo, ends);
    await job();
    await job();
    const expiring = async () =>
      (await listOf(me)).items.map((n) => n.params).filter((p) => p.kind === 'MEMBERSHIP_EXPIRING');
    expect(await expiring()).toEqual([
      { kind: 'MEMBERSHIP_EXPIRING', title: course.title.en, expiresAt: ends.toISOString() },
    ]);
    await t.db
      .update(courseMembers)
      .set({ expiresAt: new Date(ends.getTime() + 12 * 60 * minute) })
      .where(and(eq(courseMembers.courseId, course.id), eq(courseMembers.userId, me.id)));
    await job();
    expect(await expiring()).toHaveLength(2);
  });

  it('tells the members of a classroom of a new announcement, not one who joined after it', async () => {
    const [classroom] = await t.db
      .select()
      .from(classrooms)
      .where(and(eq(classrooms.tenantId, demo), eq(classrooms.status, 'PUBLISHED')))
      .limit(1);
    const before = await newAccount(t);
    const after = await newAccount(t);
    await t.db
      .insert(classroomMembers)
      .values({ tenantId: demo, classroomId: classroom!.id, userId: before.id, joinedAt: t.clock.now() });
    t.clock.advance(minute);
    const [announcement] = await t.db
      .insert(classroomAnnouncements)
      .values({
        classroomId: classroom!.id,
        title: { cn: '停课通知', en: 'No class on Friday' },
        content: { cn: '', en: '' },
        createdAt: t.clock.now(),
      })
      .returning();
    t.clock.advance(minute);
    await t.db
      .insert(classroomMembers)
      .values({ tenantId: demo, classroomId: classroom!.id, userId: after.id, joinedAt: t.clock.now() });
    await job();
    await job();
    expect((await listOf(before)).items).toEqual([
      expect.objectContaining({
        params: { kind: 'CLASSROOM_ANNOUNCEMENT', title: 'No class on Friday', classroom: classroom!.title.en },
        link: `/classroom/${classroom!.uid}/announcement/${announcement!.id}`,
      }),
    ]);
    expect((await listOf(after)).total).toBe(0);
  });
});

describe('reading', () => {
  async function arrangeNotifications(account: TestAccount, n: number, tenantId = demo) {
    for (let i = 0; i < n; i += 1) {
      t.clock.advance(1000);
      await t.db.insert(notifications).values({
        tenantId,
        userId: account.id,
        kind: 'MEMBERSHIP_EXPIRING',
        subject: `test:${i}`,
        params: { title: { cn: `课程${i}`, en: `Course ${i}` }, expiresAt: '2030-01-01T00:00:00Z' },
        link: null,
        createdAt: t.clock.now(),
      });
    }
  }

  it('lists newest first in pages, marks one and all read, and keeps the count true', async () => {
    const me = await newAccount(t);
    await arrangeNotifications(me, 5);
    const first = await listOf(me, '?page=1&pageSize=2');
    expect(first).toMatchObject({ total: 5, unread: 5, page: 1, pageSize: 2 });
    expect(first.items.map((n) => n.params.title)).toEqual(['Course 4', 'Course 3']);
    const third = await listOf(me, '?page=3&pageSize=2');
    expect(third.items.map((n) => n.params.title)).toEqual(['Course 0']);

    const read = await post(t, notificationPaths.read(first.items[0]!.id), me.cookie);
    expect([read.statusCode, read.json()]).toEqual([200, { unread: 4 }]);
    const readAt = (await listOf(me)).items[0]!.readAt;
    expect(readAt).not.toBeNull();
    // Read again: no change, the first time stays.
    t.clock.advance(minute);
    expect((await post(t, notificationPaths.read(first.items[0]!.id), me.cookie)).json()).toEqual({ unread: 4 });
    expect((await listOf(me)).items[0]!.readAt).toBe(readAt);

    expect((await post(t, notificationPaths.readAll, me.cookie)).json()).toEqual({ unread: 0 });
    expect(await unreadOf(me)).toBe(0);
    expect((await listOf(me)).items.every((n) => n.readAt !== null)).toBe(true);
  });

  it('never shows or changes another learner’s, nor another school’s; signed out is 401', async () => {
    const me = await newAccount(t);
    const other = await newAccount(t);
    await arrangeNotifications(other, 1);
    const [theirs] = await t.db.select().from(notifications).where(eq(notifications.userId, other.id));
    expect((await listOf(me)).total).toBe(0);
    const res = await post(t, notificationPaths.read(theirs!.id), me.cookie);
    expect([res.statusCode, res.json().code]).toEqual([404, 'notFound']);
    await post(t, notificationPaths.readAll, me.cookie);
    expect(await unreadOf(other)).toBe(1);
    // A row of the other school under the same account id is not this school's.
    await arrangeNotifications(me, 1, second);
    expect(await unreadOf(me)).toBe(0);

    expect((await get(t, notificationPaths.list)).statusCode).toBe(401);
    expect((await get(t, notificationPaths.unreadCount)).statusCode).toBe(401);
    expect((await post(t, notificationPaths.readAll)).statusCode).toBe(401);
  });
});

describe('WeChat template messages', () => {
  const wechatJob = () =>
    runJobOnce(
      t.db,
      notificationWechatJob({
        wechat: createWechatClient(t.config.wechat!, t.clock),
        publicUrl: 'https://school.example',
        clock: t.clock,
        log: t.app.log,
      }),
    );

  it('goes to a learner signed in with WeChat where the school set the template; a failure leaves the in-app one', async () => {
    await t.db
      .insert(notificationSettings)
      .values({ tenantId: demo, wechatTemplates: { MEMBERSHIP_EXPIRING: 'tmpl-expiring' } })
      .onConflictDoUpdate({
        target: notificationSettings.tenantId,
        set: { wechatTemplates: { MEMBERSHIP_EXPIRING: 'tmpl-expiring' } },
      });
    const { course } = await arrangeCourse();
    const withWechat = await newAccount(t);
    const unfollowed = await newAccount(t);
    const plain = await newAccount(t);
    for (const [account, openid] of [
      [withWechat, 'openid-follower'],
      [unfollowed, 'openid-unfollowed'],
    ] as const) {
      await t.db.insert(oauthIdentities).values({ tenantId: demo, provider: 'wechat', openid, userId: account.id });
    }
    fake.unfollowed.add('openid-unfollowed');
    const ends = new Date(t.clock.now().getTime() + day);
    for (const account of [withWechat, unfollowed, plain]) await member(course.id, account, demo, ends);
    await job();

    const sentBefore = fake.templateMessages.length;
    await wechatJob();
    const sent = fake.templateMessages.slice(sentBefore);
    expect(sent).toEqual([
      expect.objectContaining({
        touser: 'openid-follower',
        template_id: 'tmpl-expiring',
        url: `https://school.example/mobile/courses/${course.uid}`,
        data: expect.objectContaining({ keyword1: { value: course.title.cn } }),
      }),
    ]);
    const stateOf = async (account: TestAccount) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, account.id), eq(notifications.kind, 'MEMBERSHIP_EXPIRING')))
      )[0]!;
    expect((await stateOf(withWechat)).wechat).toBe('SENT');
    expect((await stateOf(plain)).wechat).toBeNull();
    // Refused by WeChat: tried again after its hold, given up after the last try.
    for (let i = 1; i < wechatSendRules.tries; i += 1) {
      expect((await stateOf(unfollowed)).wechat).toBe('PENDING');
      t.clock.advance(wechatSendRules.holdMs + 1000);
      await wechatJob();
    }
    expect((await stateOf(unfollowed)).wechat).toBe('FAILED');
    expect((await stateOf(unfollowed)).readAt).toBeNull();
    // Nothing sent twice; the log names the errcode but no token or openid.
    expect(fake.templateMessages.filter((m) => m.touser === 'openid-follower')).toHaveLength(1);
    const logged = logLines.filter((line) => line.includes('WeChat template message not sent'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).toContain('43004');
    expect(logged.join('\n')).not.toMatch(/ACCESS_TOKEN|openid-unfollowed|fake-app-secret/);
  });
});

import { commentSchema, commentSummarySchema } from '@school/contract/catalogue';
import { pageOf } from '@school/contract/common';
import { courseLectureListSchema, courseThreadListSchema } from '@school/contract/courses';
import { servedFilePaths } from '@school/contract/paths';
import { ruleIds } from '@school/contract/validation';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseComments, courseMembers, courseThreads, users } from '../../db/schema.js';
import { demoCourseUid as courseUid } from '../../demo-data/demo-learning-scenarios.js';
import { secondSchoolHost } from '../../demo-data/demo-accounts.js';
import { newAccount } from '../../testing/accounts.js';
import { learningScenarios } from '../../testing/learning-scenarios.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { get, post, send } from '../../testing/site.js';
import { courseByUid, loginLearner, loginNewbie, unpublishedCourse } from './courses-testing.js';

let t: TestApp;
let learnerCookie: string;
let newbieCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  [learnerCookie, newbieCookie] = [await loginLearner(t), await loginNewbie(t)];
});
afterAll(async () => {
  await t.close();
});

const commentListSchema = pageOf(commentSchema);

// The demo learner owns these; notes, Q&A and materials are seeded on the first three.
const ownedFree = courseUid(0);
const ownedWithComments = courseUid(5);
const notOwned = courseUid(1);
const closedCourse = 'toefl-writing';

async function commentRows(courseId: number) {
  return t.db
    .select({ id: courseComments.id, content: courseComments.content, nickname: users.nickname })
    .from(courseComments)
    .innerJoin(users, eq(users.id, courseComments.userId))
    .where(eq(courseComments.courseId, courseId))
    .orderBy(desc(courseComments.createdAt), desc(courseComments.id));
}

function summary(uid: string, cookie?: string) {
  return get(t, `/api/courses/${uid}/comments/summary`, cookie);
}

describe('GET /api/courses/{uid}/comments', () => {
  it('lists the ratings newest first, with author and time, paged', async () => {
    const row = await courseByUid(t, notOwned);
    const rows = await commentRows(row.id);
    expect(rows.length).toBeGreaterThanOrEqual(4);

    const res = await get(t, `/api/courses/${notOwned}/comments?pageSize=50`);
    expect(res.statusCode).toBe(200);
    const body = commentListSchema.parse(res.json());
    expect(body.total).toBe(row.ratingCount);
    expect(body.items.map((c) => [c.id, c.content, c.user.nickname])).toEqual(
      rows.map((r) => [r.id, r.content, r.nickname]),
    );
    const times = body.items.map((c) => Date.parse(c.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(res.headers['cache-control']).toBe('no-cache');

    const page2 = commentListSchema.parse((await get(t, `/api/courses/${notOwned}/comments?page=2&pageSize=2`)).json());
    expect(page2).toMatchObject({ total: rows.length, page: 2, pageSize: 2 });
    expect(page2.items.map((c) => c.id)).toEqual(rows.slice(2, 4).map((r) => r.id));
    const beyond = commentListSchema.parse((await get(t, `/api/courses/${notOwned}/comments?page=99`)).json());
    expect(beyond).toEqual({ items: [], total: rows.length, page: 99, pageSize: 20 });
  });

  it('lists no ratings for a course nobody rated', async () => {
    const body = commentListSchema.parse((await get(t, `/api/courses/${ownedFree}/comments`)).json());
    expect(body).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });

  it('refuses bad paging, unpublished and unknown courses', async () => {
    const bad = await get(t, `/api/courses/${notOwned}/comments?pageSize=51`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validationFailed', field: 'pageSize' });
    const closed = await get(t, `/api/courses/${closedCourse}/comments`);
    expect([closed.statusCode, closed.json().code]).toEqual([403, 'courseNotPublished']);
    const missing = await get(t, '/api/courses/second-course-2/comments');
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'courseNotFound']);
  });
});

describe('GET /api/courses/{uid}/comments/summary', () => {
  it('tells a visitor the score and that signing in comes first', async () => {
    const row = await courseByUid(t, notOwned);
    const res = await summary(notOwned);
    expect(res.statusCode).toBe(200);
    expect(commentSummarySchema.parse(res.json())).toEqual({
      ratingScore: Math.round((row.ratingTotal / row.ratingCount) * 10) / 10,
      ratingCount: row.ratingCount,
      canComment: false,
      reason: 'anonymous',
      yours: null,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('tells a non-member they must join, and a member who has not rated that they may', async () => {
    expect((await summary(notOwned, newbieCookie)).json()).toMatchObject({ canComment: false, reason: 'notMember' });
    expect((await summary(ownedFree, learnerCookie)).json()).toEqual({
      ratingScore: 0,
      ratingCount: 0,
      canComment: true,
      reason: null,
      yours: null,
    });
  });

  it('refuses an unpublished course', async () => {
    const res = await summary(await unpublishedCourse(t));
    expect([res.statusCode, res.json().code]).toEqual([403, 'courseNotPublished']);
  });
});

describe('POST /api/courses/{uid}/comments', () => {
  const url = (uid: string) => `/api/courses/${uid}/comments`;

  it('refuses a visitor with 401 and a non-member with 403 notCourseMember', async () => {
    const anonymous = await post(t, url(notOwned), undefined, { score: 5, content: 'Great' });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'unauthorized']);
    const stranger = await post(t, url(notOwned), newbieCookie, { score: 5, content: 'Great' });
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'notCourseMember']);
  });

  it.each([
    [{ score: 5, content: '' }, 'content', ruleIds.commentRequired],
    [{ score: 5, content: '   ' }, 'content', ruleIds.commentRequired],
    [{ score: 5 }, 'content', ruleIds.commentRequired],
    [{ score: 0, content: 'Fine' }, 'score', ruleIds.commentScoreRequired],
    [{ score: 6, content: 'Fine' }, 'score', ruleIds.commentScoreRequired],
    [{ score: 4.5, content: 'Fine' }, 'score', ruleIds.commentScoreRequired],
    [{ content: 'Fine' }, 'score', ruleIds.commentScoreRequired],
    [{ score: 5, content: 'x'.repeat(2001) }, 'content', undefined],
  ])('refuses %j with 400 validationFailed on the field and its rule', async (payload, field, rule) => {
    const res = await post(t, url(ownedWithComments), learnerCookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field, ...(rule ? { rule } : {}) });
  });

  it('lets a member rate once: the comment shows first and the counters move with it', async () => {
    const before = await courseByUid(t, ownedWithComments);
    const res = await post(t, url(ownedWithComments), learnerCookie, { score: 3, content: '  讲得清楚，练习偏少。 ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(commentSchema.parse(res.json())).toEqual({
      id: expect.any(Number),
      user: { nickname: '学员小明', avatar: null },
      score: 3,
      content: '讲得清楚，练习偏少。',
      createdAt: t.clock.now().toISOString(),
    });
    const after = await courseByUid(t, ownedWithComments);
    expect([after.ratingCount, after.ratingTotal]).toEqual([before.ratingCount + 1, before.ratingTotal + 3]);

    const list = commentListSchema.parse((await get(t, url(ownedWithComments))).json());
    expect(list.total).toBe(before.ratingCount + 1);
    expect(list.items[0]?.id).toBe(res.json().id);
    expect((await summary(ownedWithComments, learnerCookie)).json()).toEqual({
      ratingScore: Math.round(((before.ratingTotal + 3) / (before.ratingCount + 1)) * 10) / 10,
      ratingCount: before.ratingCount + 1,
      canComment: false,
      reason: 'alreadyCommented',
      yours: { id: res.json().id, score: 3, content: '讲得清楚，练习偏少。' },
    });

    const again = await post(t, url(ownedWithComments), learnerCookie, { score: 5, content: 'Changed my mind' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'courseCommentExisted']);
    const unchanged = await courseByUid(t, ownedWithComments);
    expect([unchanged.ratingCount, unchanged.ratingTotal]).toEqual([after.ratingCount, after.ratingTotal]);
  });

  it('makes one comment of a double tap', async () => {
    const account = await newAccount(t);
    const uid = courseUid(15);
    expect((await post(t, `/api/courses/${uid}/join`, account.cookie)).statusCode).toBe(201);
    const before = await courseByUid(t, uid);
    const answers = await Promise.all([
      post(t, url(uid), account.cookie, { score: 4, content: 'Nice' }),
      post(t, url(uid), account.cookie, { score: 4, content: 'Nice' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const after = await courseByUid(t, uid);
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    const mine = await t.db
      .select()
      .from(courseComments)
      .where(and(eq(courseComments.courseId, before.id), eq(courseComments.userId, account.id)));
    expect(mine).toHaveLength(1);
  });

  it('refuses comments on an unpublished or unknown course', async () => {
    const closed = await post(t, url(closedCourse), learnerCookie, { score: 5, content: 'x' });
    expect([closed.statusCode, closed.json().code]).toEqual([403, 'courseNotPublished']);
    const missing = await post(t, url('no-such-course'), learnerCookie, { score: 5, content: 'x' });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'courseNotFound']);
  });
});

// The notes (own notes only) and Q&A in depth: course-notes-threads.test.ts; lectures: course-lectures.test.ts.
describe('PUT and DELETE /api/courses/{uid}/comments/{id}', () => {
  const url = (uid: string, id: number) => `/api/courses/${uid}/comments/${id}`;

  async function ratedBy() {
    const account = await newAccount(t);
    const uid = courseUid(15);
    expect((await post(t, `/api/courses/${uid}/join`, account.cookie)).statusCode).toBe(201);
    const created = await post(t, `/api/courses/${uid}/comments`, account.cookie, { score: 2, content: 'Too fast' });
    expect(created.statusCode, created.body).toBe(201);
    return { account, uid, id: commentSchema.parse(created.json()).id };
  }

  it('lets the author change the stars and text; the average moves by the difference', async () => {
    const { account, uid, id } = await ratedBy();
    const before = await courseByUid(t, uid);
    const res = await send(t, 'PUT', url(uid, id), account.cookie, { score: 5, content: ' Better on a second look ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(commentSchema.parse(res.json())).toMatchObject({ id, score: 5, content: 'Better on a second look' });
    const after = await courseByUid(t, uid);
    expect([after.ratingCount, after.ratingTotal]).toEqual([before.ratingCount, before.ratingTotal + 3]);
    expect(commentSummarySchema.parse((await summary(uid, account.cookie)).json()).yours).toEqual({
      id,
      score: 5,
      content: 'Better on a second look',
    });
    // The same rules as a new rating.
    const empty = await send(t, 'PUT', url(uid, id), account.cookie, { score: 5, content: ' ' });
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'validationFailed']);
  });

  it('lets the author delete it and rate again; the counters drop it', async () => {
    const { account, uid, id } = await ratedBy();
    const before = await courseByUid(t, uid);
    const res = await send(t, 'DELETE', url(uid, id), account.cookie);
    expect(res.statusCode, res.body).toBe(204);
    const after = await courseByUid(t, uid);
    expect([after.ratingCount, after.ratingTotal]).toEqual([before.ratingCount - 1, before.ratingTotal - 2]);
    expect(commentSummarySchema.parse((await summary(uid, account.cookie)).json())).toMatchObject({
      canComment: true,
      reason: null,
      yours: null,
    });
    // Deleting again finds nothing; the counters stay.
    const again = await send(t, 'DELETE', url(uid, id), account.cookie);
    expect([again.statusCode, again.json().code]).toEqual([404, 'notFound']);
    expect((await courseByUid(t, uid)).ratingCount).toBe(after.ratingCount);
    const rated = await post(t, `/api/courses/${uid}/comments`, account.cookie, { score: 4, content: 'Fair' });
    expect(rated.statusCode).toBe(201);
  });

  it("refuses someone else's rating with 403 noPermissionModifyComment, and a visitor with 401", async () => {
    const { uid, id } = await ratedBy();
    const before = await courseByUid(t, uid);
    for (const method of ['PUT', 'DELETE'] as const) {
      const other = await send(t, method, url(uid, id), learnerCookie, { score: 1, content: 'Mine now' });
      expect([other.statusCode, other.json().code]).toEqual([403, 'noPermissionModifyComment']);
      const visitor = await send(t, method, url(uid, id), undefined, { score: 1, content: 'Mine now' });
      expect(visitor.statusCode).toBe(401);
    }
    // Through another course's address it is not there at all.
    const elsewhere = await send(t, 'DELETE', url(ownedFree, id), learnerCookie);
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'notFound']);
    const after = await courseByUid(t, uid);
    expect([after.ratingCount, after.ratingTotal]).toEqual([before.ratingCount, before.ratingTotal]);
  });
});

describe('members-only tabs: notes, Q&A, lectures', () => {
  const tabs = ['notes', 'threads', 'lectures'] as const;

  it.each(tabs)('%s: refuses a visitor with 401 unauthorized', async (tab) => {
    const res = await get(t, `/api/courses/${ownedFree}/${tab}`);
    expect([res.statusCode, res.json().code]).toEqual([401, 'unauthorized']);
  });

  it.each(tabs)('%s: refuses a non-member with 403 notCourseMember', async (tab) => {
    const res = await get(t, `/api/courses/${ownedFree}/${tab}`, newbieCookie);
    expect([res.statusCode, res.json().code]).toEqual([403, 'notCourseMember']);
  });

  it.each(tabs)('%s: refuses unknown and unpublished courses', async (tab) => {
    const missing = await get(t, `/api/courses/second-course-3/${tab}`, learnerCookie);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'courseNotFound']);
    const closed = await get(t, `/api/courses/${closedCourse}/${tab}`, learnerCookie);
    expect([closed.statusCode, closed.json().code]).toEqual([403, 'courseNotPublished']);
  });

  it.each(tabs)('%s: refuses a member whose membership has ended with 403 memberExpired', async (tab) => {
    const account = await newAccount(t);
    const row = await courseByUid(t, ownedFree);
    expect((await post(t, `/api/courses/${ownedFree}/join`, account.cookie)).statusCode).toBe(201);
    await t.db
      .update(courseMembers)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1) })
      .where(and(eq(courseMembers.courseId, row.id), eq(courseMembers.userId, account.id)));
    const res = await get(t, `/api/courses/${ownedFree}/${tab}`, account.cookie);
    expect([res.statusCode, res.json().code]).toEqual([403, 'memberExpired']);
  });

  it('shows a member the Q&A board, newest first', async () => {
    const row = await courseByUid(t, ownedFree);
    const rows = await t.db
      .select()
      .from(courseThreads)
      .where(eq(courseThreads.courseId, row.id))
      .orderBy(desc(courseThreads.createdAt), desc(courseThreads.id));
    const body = courseThreadListSchema.parse(
      (await get(t, `/api/courses/${ownedFree}/threads`, learnerCookie)).json(),
    );
    expect(body.items.map((th) => [th.id, th.title, th.replyCount])).toEqual(
      rows.map((r) => [r.id, r.title, r.replyCount]),
    );
    expect(body.items[0]).toMatchObject({ title: 'Which editor does the teacher use?', user: { nickname: 'Eva' } });
    const bad = await get(t, `/api/courses/${ownedFree}/threads?page=0`, learnerCookie);
    expect(bad.json()).toMatchObject({ code: 'validationFailed', field: 'page' });
  });

  it('hands out course materials only through the members-only file route', async () => {
    const res = await get(t, `/api/courses/${ownedFree}/lectures`, learnerCookie);
    expect(res.statusCode).toBe(200);
    const { items } = courseLectureListSchema.parse(res.json());
    for (const item of items) expect(item.url).toBe(servedFilePaths.courseLectureFile(ownedFree, item.id));
    // The seeded handout is a real PDF in the media storage.
    const handout = items.find((item) => item.viewer === 'PDF');
    expect(handout).toBeDefined();
    const file = await get(t, handout!.url, learnerCookie, { range: 'bytes=0-4' });
    expect([file.statusCode, file.body, file.headers['content-type']]).toEqual([206, '%PDF-', 'application/pdf']);
  });

  it("refuses the seeded expired membership's materials with 403 memberExpired", async () => {
    const { expiredMembership } = await learningScenarios(t.db);
    const res = await get(t, `/api/courses/${expiredMembership.courseUid}/lectures`, learnerCookie);
    expect([res.statusCode, res.json().code]).toEqual([403, 'memberExpired']);
  });

  it('shows a member of a course without any an empty board', async () => {
    const uid = courseUid(3);
    for (const tab of ['notes', 'threads'] as const) {
      const res = await get(t, `/api/courses/${uid}/${tab}`, learnerCookie);
      expect(res.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    }
    expect((await get(t, `/api/courses/${uid}/lectures`, learnerCookie)).json()).toEqual({ items: [] });
  });

  it("never shows one school's member data to another school's course of the same uid", async () => {
    // The learner's cookie belongs to the demo school: on the second school it is no session.
    const res = await get(t, `/api/courses/${ownedFree}/notes`, learnerCookie, { host: secondSchoolHost });
    expect(res.statusCode).toBe(401);
  });
});

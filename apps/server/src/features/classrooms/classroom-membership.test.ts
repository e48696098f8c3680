import { commentSchema, commentSummarySchema } from '@school/contract/catalogue';
import { classroomDetailSchema, classroomMembershipSchema } from '@school/contract/classrooms';
import { pageOf } from '@school/contract/common';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classroomComments,
  classroomCourses,
  classroomMembers,
  classrooms,
  courseMembers,
  courses,
  users,
} from '../../db/schema.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { newAccount } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { MembershipRefused } from '../../memberships/memberships.js';
import { createClassroomsRepository } from './classrooms.repository.js';
import { day, get, login, ownSite, post, secondSite, send, tenantIdOf } from '../../testing/site.js';
import { classroomRow, insertClassroom } from './classrooms-testing.js';

let t: TestApp;
let learner: string;
let newbie: string;
beforeAll(async () => {
  t = await createTestApp();
  learner = await login(t, demoAccounts.learner);
  newbie = await login(t, demoAccounts.newbie);
});
afterAll(async () => {
  await t.close();
});

const join = (uid: string, cookie?: string) => post(t, `/api/classrooms/${uid}/join`, cookie);

async function memberCount(classroomId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(classroomMembers)
    .where(eq(classroomMembers.classroomId, classroomId));
  return row!.n;
}

async function studentCount(classroomId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: classrooms.studentCount })
    .from(classrooms)
    .where(eq(classrooms.id, classroomId));
  return row!.n;
}

describe('POST /api/classrooms/{uid}/join', () => {
  it('asks a visitor to log in', async () => {
    const res = await join('frontend-bootcamp');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('makes the caller a member of a free open classroom at once, and counts them once', async () => {
    const row = await classroomRow(t, 'frontend-bootcamp');
    const res = await join('frontend-bootcamp', newbie);
    expect(res.statusCode, res.body).toBe(201);
    expect(classroomMembershipSchema.parse(res.json())).toEqual({
      joinedAt: t.clock.now().toISOString(),
      completedCourseCount: 0,
      progress: 0,
    });
    expect(await studentCount(row.id)).toBe(row.studentCount + 1);

    const detail = classroomDetailSchema.parse((await get(t, '/api/classrooms/frontend-bootcamp', newbie)).json());
    expect(detail.membership).toEqual(res.json());
    expect(detail.studentCount).toBe(row.studentCount + 1);

    const again = await join('frontend-bootcamp', newbie);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('memberExisted');
    expect(await studentCount(row.id)).toBe(row.studentCount + 1);
  });

  it('counts a double tap once', async () => {
    const account = await newAccount(t);
    const row = await classroomRow(t, 'frontend-bootcamp');
    const [a, b] = await Promise.all([
      join('frontend-bootcamp', account.cookie),
      join('frontend-bootcamp', account.cookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('memberExisted');
    expect(await studentCount(row.id)).toBe(row.studentCount + 1);
    const [mine] = await t.db
      .select({ n: count() })
      .from(classroomMembers)
      .where(and(eq(classroomMembers.classroomId, row.id), eq(classroomMembers.userId, account.id)));
    expect(mine!.n).toBe(1);
  });

  it("makes the new member a member of the classroom's courses, so they can study them", async () => {
    const account = await newAccount(t);
    const row = await classroomRow(t, 'frontend-bootcamp');
    const courseIds = (
      await t.db
        .select({ id: classroomCourses.courseId })
        .from(classroomCourses)
        .where(eq(classroomCourses.classroomId, row.id))
    ).map((c) => c.id);
    expect(courseIds.length).toBeGreaterThan(0);
    const [alreadyOwned] = courseIds;
    await t.db
      .insert(courseMembers)
      .values({ tenantId: row.tenantId, courseId: alreadyOwned!, userId: account.id, joinedAt: t.clock.now() });
    const before = await t.db
      .select({ id: courses.id, n: courses.studentCount })
      .from(courses)
      .where(inArray(courses.id, courseIds));

    expect((await join('frontend-bootcamp', account.cookie)).statusCode).toBe(201);
    const memberships = await t.db
      .select({ courseId: courseMembers.courseId })
      .from(courseMembers)
      .where(and(eq(courseMembers.userId, account.id), inArray(courseMembers.courseId, courseIds)));
    expect(memberships.map((m) => m.courseId).sort()).toEqual([...courseIds].sort());
    // Counted as a student of each course they were not in yet.
    const after = await t.db
      .select({ id: courses.id, n: courses.studentCount })
      .from(courses)
      .where(inArray(courses.id, courseIds));
    for (const course of after) {
      const was = before.find((b) => b.id === course.id)!.n;
      expect(course.n).toBe(course.id === alreadyOwned ? was : was + 1);
    }
  });

  it('answers memberExisted to a member', async () => {
    const res = await join('spoken-english-class', learner);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('memberExisted');
  });

  it('refuses a paid classroom with noPermissionJoinCourse (buy it instead)', async () => {
    const row = await classroomRow(t, 'data-analyst-camp');
    const res = await join('data-analyst-camp', newbie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('noPermissionJoinCourse');
    expect(await memberCount(row.id)).toBe(0);
  });

  it('refuses a draft with classroomNotPublished, and unpublished or closed ones too', async () => {
    const draft = await join('japanese-starter-class', newbie);
    expect(draft.statusCode).toBe(403);
    expect(draft.json().code).toBe('classroomNotPublished');
    for (const status of ['UNPUBLISHED', 'CLOSED'] as const) {
      const row = await insertClassroom(t, { status });
      const res = await join(row.uid, newbie);
      expect(res.json().code).toBe('classroomNotPublished');
      expect(await memberCount(row.id)).toBe(0);
    }
  });

  it("answers classroomNotFound for an unknown uid and for another school's classroom", async () => {
    expect((await join('no-such-classroom', newbie)).json().code).toBe('classroomNotFound');
    const elsewhere = await login(t, demoAccounts.secondSchoolLearner, secondSite);
    const res = await post(t, '/api/classrooms/frontend-bootcamp/join', elsewhere, undefined, secondSite);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('classroomNotFound');
  });

  it('refuses while enrolment has not started, and accepts once it opens', async () => {
    const now = t.clock.now().getTime();
    const row = await insertClassroom(t, {
      enrolStartTime: new Date(now + 2 * day),
      enrolEndTime: new Date(now + 4 * day),
    });
    const early = await join(row.uid, newbie);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('forbidden');
    t.clock.advance(2 * day);
    try {
      // Two idle days end a browser session: log in again, as the learner would.
      const cookie = await login(t, demoAccounts.newbie);
      const res = await join(row.uid, cookie);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().joinedAt).toBe(new Date(now + 2 * day).toISOString());
    } finally {
      t.clock.advance(-2 * day);
      newbie = await login(t, demoAccounts.newbie);
    }
  });

  it('refuses once enrolment has ended', async () => {
    const row = await classroomRow(t, 'python-weekend-class');
    const res = await join('python-weekend-class', newbie);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await studentCount(row.id)).toBe(row.studentCount);
  });

  it('refuses a full classroom with tooManyParticipants and leaves the count alone', async () => {
    const row = await classroomRow(t, 'design-systems-studio');
    expect(row.studentCount).toBe(row.maxStudents);
    const res = await join('design-systems-studio', newbie);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('tooManyParticipants');
    expect(await studentCount(row.id)).toBe(row.maxStudents);
    expect(await memberCount(row.id)).toBe(row.maxStudents);
  });

  it('gives the last seat to exactly one of two learners joining at once', async () => {
    const row = await insertClassroom(t, { maxStudents: 2, studentCount: 1 });
    const [a, b] = await Promise.all([newAccount(t), newAccount(t)]);
    const answers = await Promise.all([join(row.uid, a.cookie), join(row.uid, b.cookie)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('tooManyParticipants');
    expect(await studentCount(row.id)).toBe(2);
    expect(await memberCount(row.id)).toBe(1);
  });

  it('keeps the seat and membership rules inside the transaction, whatever the checks before it saw', async () => {
    // The service checks first for a clear answer; these calls skip those checks, as a
    // concurrent join that overtook them would.
    const repository = createClassroomsRepository(t.db);
    const tenantId = await tenantIdOf(t);
    const full = await insertClassroom(t, { maxStudents: 1, studentCount: 1 });
    const [a, b] = await Promise.all([newAccount(t), newAccount(t)]);
    await expect(repository.join(tenantId, full.id, a.id, t.clock.now())).rejects.toMatchObject({ reason: 'full' });
    expect(await memberCount(full.id)).toBe(0);
    expect(await studentCount(full.id)).toBe(1);

    const open = await insertClassroom(t, { maxStudents: 5, studentCount: 0 });
    await repository.join(tenantId, open.id, b.id, t.clock.now());
    await expect(repository.join(tenantId, open.id, b.id, t.clock.now())).rejects.toBeInstanceOf(MembershipRefused);
    await expect(repository.join(tenantId, open.id, b.id, t.clock.now())).rejects.toMatchObject({
      reason: 'memberExisted',
    });
    expect(await memberCount(open.id)).toBe(1);
    expect(await studentCount(open.id)).toBe(1);
  });

  it('refuses a join posted from another site', async () => {
    const row = await classroomRow(t, 'frontend-bootcamp');
    const account = await newAccount(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/classrooms/frontend-bootcamp/join',
      headers: { ...ownSite, origin: 'https://evil.example', cookie: account.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await studentCount(row.id)).toBe(row.studentCount);
  });
});

const commentsUrl = (uid: string) => `/api/classrooms/${uid}/comments`;
const summary = async (uid: string, cookie?: string) => {
  const res = await get(t, `${commentsUrl(uid)}/summary`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return commentSummarySchema.parse(res.json());
};

describe('GET /api/classrooms/{uid}/comments', () => {
  it('lists comments newest first with their authors', async () => {
    const row = await classroomRow(t, 'frontend-bootcamp');
    const rows = await t.db
      .select({
        id: classroomComments.id,
        score: classroomComments.score,
        content: classroomComments.content,
        createdAt: classroomComments.createdAt,
        nickname: users.nickname,
        avatar: users.avatar,
      })
      .from(classroomComments)
      .innerJoin(users, eq(users.id, classroomComments.userId))
      .where(eq(classroomComments.classroomId, row.id))
      .orderBy(desc(classroomComments.createdAt), desc(classroomComments.id));
    const res = await get(t, commentsUrl('frontend-bootcamp'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(pageOf(commentSchema).parse(res.json())).toEqual({
      items: rows.map((r) => ({
        id: r.id,
        user: { nickname: r.nickname, avatar: r.avatar },
        score: r.score,
        content: r.content,
        createdAt: r.createdAt.toISOString(),
      })),
      total: rows.length,
      page: 1,
      pageSize: 20,
    });
    expect(rows.length).toBe(3);

    const second = pageOf(commentSchema).parse(
      (await get(t, `${commentsUrl('frontend-bootcamp')}?page=2&pageSize=2`)).json(),
    );
    expect(second.items.map((c) => c.id)).toEqual([rows[2]!.id]);
    const beyond = pageOf(commentSchema).parse(
      (await get(t, `${commentsUrl('frontend-bootcamp')}?page=9&pageSize=2`)).json(),
    );
    expect(beyond).toEqual({ items: [], total: 3, page: 9, pageSize: 2 });
  });

  it.each(['pageSize=51', 'page=0', 'pageSize=abc'])('refuses %s', async (query) => {
    const res = await get(t, `${commentsUrl('frontend-bootcamp')}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validationFailed');
  });

  it('answers the classroom’s refusals', async () => {
    expect((await get(t, commentsUrl('nope'))).json().code).toBe('classroomNotFound');
    const hidden = await insertClassroom(t, { status: 'UNPUBLISHED' });
    expect((await get(t, commentsUrl(hidden.uid))).json().code).toBe('classroomNotPublished');
    expect((await get(t, `${commentsUrl(hidden.uid)}/summary`)).json().code).toBe('classroomNotPublished');
  });
});

describe('POST /api/classrooms/{uid}/comments and the summary', () => {
  it('tells a visitor and a non-member why they cannot comment', async () => {
    const row = await classroomRow(t, 'frontend-bootcamp');
    const base = {
      ratingScore: Math.round((row.ratingTotal / row.ratingCount) * 10) / 10,
      ratingCount: row.ratingCount,
    };
    expect(await summary('frontend-bootcamp')).toEqual({
      ...base,
      canComment: false,
      reason: 'anonymous',
      yours: null,
    });
    const outsider = await newAccount(t);
    expect(await summary('frontend-bootcamp', outsider.cookie)).toEqual({
      ...base,
      canComment: false,
      reason: 'notMember',
      yours: null,
    });
  });

  it('refuses a visitor (401) and a non-member (403 notClassroomMember)', async () => {
    const anonymous = await post(t, commentsUrl('spoken-english-class'), undefined, { score: 5, content: 'Hi' });
    expect(anonymous.statusCode).toBe(401);
    const outsider = await newAccount(t);
    const res = await post(t, commentsUrl('spoken-english-class'), outsider.cookie, { score: 5, content: 'Hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('notClassroomMember');
  });

  it('lets a member comment once, adding the score to the rating in the same step', async () => {
    const before = await classroomRow(t, 'spoken-english-class');
    expect(await summary('spoken-english-class', learner)).toMatchObject({ canComment: true, reason: null });

    const res = await post(t, commentsUrl('spoken-english-class'), learner, {
      score: 3,
      content: '  Good morning routine.  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [me] = await t.db
      .select({ nickname: users.nickname, avatar: users.avatar })
      .from(users)
      .where(and(eq(users.tenantId, await tenantIdOf(t)), eq(users.username, 'learner')));
    expect(commentSchema.parse(res.json())).toEqual({
      id: expect.any(Number),
      user: { nickname: me!.nickname, avatar: me!.avatar },
      score: 3,
      content: 'Good morning routine.',
      createdAt: t.clock.now().toISOString(),
    });
    const after = await classroomRow(t, 'spoken-english-class');
    expect([after.ratingTotal, after.ratingCount]).toEqual([before.ratingTotal + 3, before.ratingCount + 1]);

    const list = pageOf(commentSchema).parse((await get(t, commentsUrl('spoken-english-class'))).json());
    expect(list.items[0]).toEqual(res.json());
    expect(await summary('spoken-english-class', learner)).toEqual({
      ratingScore: Math.round(((before.ratingTotal + 3) / (before.ratingCount + 1)) * 10) / 10,
      ratingCount: before.ratingCount + 1,
      canComment: false,
      reason: 'alreadyCommented',
      yours: { id: res.json().id, score: 3, content: 'Good morning routine.' },
    });

    const again = await post(t, commentsUrl('spoken-english-class'), learner, { score: 1, content: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('courseCommentExisted');
    const unchanged = await classroomRow(t, 'spoken-english-class');
    expect([unchanged.ratingTotal, unchanged.ratingCount]).toEqual([after.ratingTotal, after.ratingCount]);
  });

  it('lets the author change and delete their rating, and nobody else', async () => {
    const account = await newAccount(t);
    expect((await join('frontend-bootcamp', account.cookie)).statusCode).toBe(201);
    const created = await post(t, commentsUrl('frontend-bootcamp'), account.cookie, { score: 2, content: 'Slow' });
    const url = `${commentsUrl('frontend-bootcamp')}/${created.json().id}`;
    const before = await classroomRow(t, 'frontend-bootcamp');

    const other = await send(t, 'PUT', url, learner, { score: 5, content: 'Great' });
    expect([other.statusCode, other.json().code]).toEqual([403, 'noPermissionModifyComment']);
    const edited = await send(t, 'PUT', url, account.cookie, { score: 5, content: 'Great after all' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(commentSchema.parse(edited.json())).toMatchObject({ score: 5, content: 'Great after all' });
    const afterEdit = await classroomRow(t, 'frontend-bootcamp');
    expect([afterEdit.ratingTotal, afterEdit.ratingCount]).toEqual([before.ratingTotal + 3, before.ratingCount]);

    expect((await send(t, 'DELETE', url, learner)).json().code).toBe('noPermissionModifyComment');
    expect((await send(t, 'DELETE', url, account.cookie)).statusCode).toBe(204);
    const afterDelete = await classroomRow(t, 'frontend-bootcamp');
    expect([afterDelete.ratingTotal, afterDelete.ratingCount]).toEqual([
      before.ratingTotal - 2,
      before.ratingCount - 1,
    ]);
    expect(await summary('frontend-bootcamp', account.cookie)).toMatchObject({ canComment: true, yours: null });
  });

  it('adds one comment for a double tap', async () => {
    const account = await newAccount(t);
    expect((await join('frontend-bootcamp', account.cookie)).statusCode).toBe(201);
    const before = await classroomRow(t, 'frontend-bootcamp');
    const body = { score: 4, content: 'Twice?' };
    const answers = await Promise.all([
      post(t, commentsUrl('frontend-bootcamp'), account.cookie, body),
      post(t, commentsUrl('frontend-bootcamp'), account.cookie, body),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const after = await classroomRow(t, 'frontend-bootcamp');
    expect([after.ratingTotal, after.ratingCount]).toEqual([before.ratingTotal + 4, before.ratingCount + 1]);
  });

  it.each([
    [{ score: 5, content: '   ' }, 'content', 'rule.comment.required'],
    [{ score: 5 }, 'content', 'rule.comment.required'],
    [{ score: 6, content: 'Too many stars' }, 'score', 'rule.comment.scoreRequired'],
    [{ score: 0, content: 'No stars' }, 'score', 'rule.comment.scoreRequired'],
    [{ content: 'No score' }, 'score', 'rule.comment.scoreRequired'],
    [{ score: 5, content: 'x'.repeat(2001) }, 'content', undefined],
  ])('refuses %j on %s', async (body, field, rule) => {
    const res = await post(t, commentsUrl('spoken-english-class'), newbie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field, ...(rule ? { rule } : {}) });
  });

  it('refuses a comment on an unpublished classroom, even from a member', async () => {
    const row = await insertClassroom(t, { status: 'PUBLISHED' });
    const account = await newAccount(t);
    expect((await join(row.uid, account.cookie)).statusCode).toBe(201);
    await t.db.update(classrooms).set({ status: 'UNPUBLISHED' }).where(eq(classrooms.id, row.id));
    const res = await post(t, commentsUrl(row.uid), account.cookie, { score: 5, content: 'Hello' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('classroomNotPublished');
  });
});

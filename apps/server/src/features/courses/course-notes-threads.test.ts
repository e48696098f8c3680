import {
  myNoteListSchema,
  myThreadListSchema,
  courseNoteListSchema,
  courseThreadListSchema,
  courseThreadSchema,
  noteDetailSchema,
  threadDetailSchema,
  threadPostSchema,
} from '@school/contract/courses';
import { ruleIds } from '@school/contract/validation';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseNotes, courseThreadPosts, courseThreads, lessons } from '../../db/schema.js';
import { demoCourseUid as courseUid } from '../../demo-data/demo-learning-scenarios.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { currentUserId, newAccount } from '../../testing/accounts.js';
import { get, login, post, secondSite, send, tenantIdOf } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { courseByUid, expireMembership, loginLearner, loginNewbie } from './courses-testing.js';

/*
 * Notes (the caller's own, list and detail) and Q&A (ask, read, answer) on a course: members
 * with a running membership only, nobody else's private data, nothing across schools.
 */

let t: TestApp;
let learnerCookie: string;
let newbieCookie: string;
let learnerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [learnerCookie, newbieCookie] = [await loginLearner(t), await loginNewbie(t)];
  learnerId = await currentUserId(t, learnerCookie);
});
afterAll(async () => {
  await t.close();
});

// The demo learner is a member of these; the newbie of none.
const owned = courseUid(0);
const otherOwned = courseUid(5);
const notOwned = courseUid(1);

async function lessonsOf(uid: string, tenantId?: number) {
  const course = await courseByUid(t, uid, tenantId);
  const rows = await t.db
    .select({ id: lessons.id, mediaType: lessons.mediaType, title: lessons.title })
    .from(lessons)
    .where(eq(lessons.courseId, course.id))
    .orderBy(asc(lessons.seq));
  return { course, lessons: rows };
}

async function addNote(input: { uid: string; userId: number; lesson: number; position: number | null; ago: number }) {
  const { course, lessons: rows } = await lessonsOf(input.uid);
  const lesson = rows[input.lesson]!;
  const [row] = await t.db
    .insert(courseNotes)
    .values({
      tenantId: course.tenantId,
      courseId: course.id,
      lessonId: lesson.id,
      userId: input.userId,
      content: `note on ${lesson.id} at ${input.position}`,
      position: input.position,
      createdAt: new Date(t.clock.now().getTime() - input.ago),
    })
    .returning();
  return { note: row!, lesson };
}

describe('GET /api/courses/{uid}/notes', () => {
  it("lists only the caller's own notes on the course, newest first, with the lesson and position", async () => {
    const older = await addNote({ uid: owned, userId: learnerId, lesson: 0, position: 75, ago: 60_000 });
    const newer = await addNote({ uid: owned, userId: learnerId, lesson: 1, position: null, ago: 1_000 });
    // Someone else's note on the same course, and the learner's own on another course: not listed.
    const stranger = await newAccount(t);
    await addNote({ uid: owned, userId: stranger.id, lesson: 0, position: 3, ago: 0 });
    await addNote({ uid: otherOwned, userId: learnerId, lesson: 0, position: 4, ago: 0 });

    // The seed gives the learner a note of their own on this course, older than these.
    const { course, lessons: courseLessons } = await lessonsOf(owned);
    const seeded = (
      await t.db.select().from(courseNotes).where(eq(courseNotes.courseId, course.id)).orderBy(asc(courseNotes.id))
    )
      .filter((note) => note.userId === learnerId && note.id < older.note.id)
      .map((note) => ({ note, lesson: courseLessons.find((l) => l.id === note.lessonId)! }));
    expect(seeded.length).toBeGreaterThan(0);

    const res = await get(t, `/api/courses/${owned}/notes`, learnerCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = courseNoteListSchema.parse(res.json());
    expect(body).toEqual({
      items: [newer, older, ...seeded].map(({ note, lesson }) => ({
        id: note.id,
        lesson: { id: lesson.id, title: lesson.title.en, mediaType: lesson.mediaType },
        position: note.position,
        content: note.content,
        createdAt: note.createdAt.toISOString(),
      })),
      total: 2 + seeded.length,
      page: 1,
      pageSize: 20,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/"user"|userId|phone/);

    const zh = courseNoteListSchema.parse(
      (await get(t, `/api/courses/${owned}/notes`, learnerCookie, { 'accept-language': 'zh' })).json(),
    );
    expect(zh.items[0]?.lesson.title).toBe(newer.lesson.title.cn);
    const page2 = courseNoteListSchema.parse(
      (await get(t, `/api/courses/${owned}/notes?page=2&pageSize=1`, learnerCookie)).json(),
    );
    expect(page2).toMatchObject({ total: 2 + seeded.length, page: 2, pageSize: 1, items: [{ id: older.note.id }] });
  });

  it('shows a member without notes an empty list', async () => {
    const account = await newAccount(t);
    expect((await post(t, `/api/courses/${owned}/join`, account.cookie)).statusCode).toBe(201);
    const res = await get(t, `/api/courses/${owned}/notes`, account.cookie);
    expect(res.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
  });
});

describe('GET /api/notes/{id}', () => {
  it("gives the caller's own note with its lesson and course", async () => {
    const { note, lesson } = await addNote({ uid: owned, userId: learnerId, lesson: 2, position: 12, ago: 5_000 });
    const course = await courseByUid(t, owned);
    const res = await get(t, `/api/notes/${note.id}`, learnerCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(noteDetailSchema.parse(res.json())).toEqual({
      id: note.id,
      lesson: { id: lesson.id, title: lesson.title.en, mediaType: lesson.mediaType },
      position: 12,
      content: note.content,
      createdAt: note.createdAt.toISOString(),
      course: { uid: owned, title: course.title.en },
    });
    const zh = noteDetailSchema.parse(
      (await get(t, `/api/notes/${note.id}`, learnerCookie, { 'accept-language': 'zh-CN' })).json(),
    );
    expect(zh.course.title).toBe(course.title.cn);
  });

  it('keeps a note readable by its author after the membership ends', async () => {
    const account = await newAccount(t);
    expect((await post(t, `/api/courses/${owned}/join`, account.cookie)).statusCode).toBe(201);
    const { note } = await addNote({ uid: owned, userId: account.id, lesson: 0, position: 1, ago: 0 });
    await expireMembership(t, owned, account.id);
    expect((await get(t, `/api/notes/${note.id}`, account.cookie)).statusCode).toBe(200);
  });

  it("answers 404 notFound for another learner's note, an unknown id and another school's note", async () => {
    const stranger = await newAccount(t);
    const { note } = await addNote({ uid: owned, userId: stranger.id, lesson: 0, position: 9, ago: 0 });
    for (const id of [note.id, 2_000_000_000]) {
      const res = await get(t, `/api/notes/${id}`, learnerCookie);
      expect([res.statusCode, res.json().code]).toEqual([404, 'notFound']);
    }
    // The author reads it; the same id in the second school is nobody's there.
    expect((await get(t, `/api/notes/${note.id}`, stranger.cookie)).statusCode).toBe(200);
    const elsewhere = await login(t, demoAccounts.secondSchoolLearner, secondSite);
    const res = await get(t, `/api/notes/${note.id}`, elsewhere, { host: secondSite.host });
    expect([res.statusCode, res.json().code]).toEqual([404, 'notFound']);
  });

  it('refuses a visitor with 401 and a malformed id with 400', async () => {
    const anonymous = await get(t, '/api/notes/1');
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'unauthorized']);
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await get(t, `/api/notes/${id}`, learnerCookie);
      expect([res.statusCode, res.json().code], id).toEqual([400, 'validationFailed']);
    }
  });
});

describe('GET /api/me/notes', () => {
  it("lists the caller's notes across courses, newest first, each with its course, and nobody else's", async () => {
    const account = await newAccount(t);
    for (const uid of [owned, otherOwned]) {
      expect((await post(t, `/api/courses/${uid}/join`, account.cookie)).statusCode).toBe(201);
    }
    const older = await addNote({ uid: owned, userId: account.id, lesson: 0, position: 5, ago: 60_000 });
    const newer = await addNote({ uid: otherOwned, userId: account.id, lesson: 1, position: null, ago: 0 });
    await addNote({ uid: owned, userId: learnerId, lesson: 0, position: 1, ago: 0 });

    const res = await get(t, '/api/me/notes', account.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = myNoteListSchema.parse(res.json());
    expect(body.total).toBe(2);
    expect(body.items.map((note) => [note.id, note.course.uid])).toEqual([
      [newer.note.id, otherOwned],
      [older.note.id, owned],
    ]);
    const paged = myNoteListSchema.parse((await get(t, '/api/me/notes?page=2&pageSize=1', account.cookie)).json());
    expect(paged.items.map((note) => note.id)).toEqual([older.note.id]);
    expect((await get(t, '/api/me/notes')).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/notes/{id}', () => {
  it('lets the author rewrite a note, keeping where it was taken, and delete it', async () => {
    const { note } = await addNote({ uid: owned, userId: learnerId, lesson: 1, position: 30, ago: 0 });
    const res = await send(t, 'PUT', `/api/notes/${note.id}`, learnerCookie, { content: '  Rewritten  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(noteDetailSchema.parse(res.json())).toMatchObject({ id: note.id, content: 'Rewritten', position: 30 });
    const empty = await send(t, 'PUT', `/api/notes/${note.id}`, learnerCookie, { content: '   ' });
    expect([empty.statusCode, empty.json().rule]).toEqual([400, ruleIds.noteRequired]);

    expect((await send(t, 'DELETE', `/api/notes/${note.id}`, learnerCookie)).statusCode).toBe(204);
    expect(await t.db.select().from(courseNotes).where(eq(courseNotes.id, note.id))).toEqual([]);
    // Twice is the same as once: nothing is left to delete.
    const again = await send(t, 'DELETE', `/api/notes/${note.id}`, learnerCookie);
    expect([again.statusCode, again.json().code]).toEqual([404, 'notFound']);
  });

  it("never touches another learner's note: 404 notFound, as if there were none", async () => {
    const stranger = await newAccount(t);
    const { note } = await addNote({ uid: owned, userId: stranger.id, lesson: 0, position: 3, ago: 0 });
    const rewrite = await send(t, 'PUT', `/api/notes/${note.id}`, learnerCookie, { content: 'Mine now' });
    expect([rewrite.statusCode, rewrite.json().code]).toEqual([404, 'notFound']);
    const remove = await send(t, 'DELETE', `/api/notes/${note.id}`, learnerCookie);
    expect([remove.statusCode, remove.json().code]).toEqual([404, 'notFound']);
    const [kept] = await t.db.select().from(courseNotes).where(eq(courseNotes.id, note.id));
    expect(kept?.content).toBe(note.content);
    expect((await send(t, 'DELETE', `/api/notes/${note.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/courses/{uid}/threads', () => {
  const url = (uid: string) => `/api/courses/${uid}/threads`;

  it('lets a member ask: 201 with the question, first on the board, author shown by name only', async () => {
    const res = await post(t, url(owned), learnerCookie, {
      title: '  第三章的作业怎么提交？ ',
      content: ' 找不到入口。\n谢谢 ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const thread = courseThreadSchema.parse(res.json());
    expect(res.json()).toEqual({
      id: expect.any(Number),
      user: { nickname: '学员小明', avatar: null },
      title: '第三章的作业怎么提交？',
      content: '找不到入口。\n谢谢',
      replyCount: 0,
      createdAt: t.clock.now().toISOString(),
      mine: true,
    });
    const board = courseThreadListSchema.parse((await get(t, url(owned), learnerCookie)).json());
    expect(board.items[0]).toEqual(thread);
    const [row] = await t.db.select().from(courseThreads).where(eq(courseThreads.id, thread.id));
    expect(row).toMatchObject({ userId: learnerId, tenantId: (await courseByUid(t, owned)).tenantId });
  });

  it.each([
    [{ title: '', content: 'x' }, 'title', ruleIds.threadTitleRequired],
    [{ title: '   ', content: 'x' }, 'title', ruleIds.threadTitleRequired],
    [{ content: 'x' }, 'title', ruleIds.threadTitleRequired],
    [{ title: 'x'.repeat(101), content: 'x' }, 'title', ruleIds.threadTitleRequired],
    [{ title: 'Why?', content: '' }, 'content', ruleIds.threadContentRequired],
    [{ title: 'Why?', content: ' \n ' }, 'content', ruleIds.threadContentRequired],
    [{ title: 'Why?' }, 'content', ruleIds.threadContentRequired],
    [{ title: 'Why?', content: 'x'.repeat(5001) }, 'content', undefined],
  ])('refuses %j with 400 on the field and its rule', async (payload, field, rule) => {
    const res = await post(t, url(owned), learnerCookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field, ...(rule ? { rule } : {}) });
  });
});

describe('GET /api/me/threads', () => {
  it('lists the questions a learner asked, and those they answered by their latest answer, across courses', async () => {
    const account = await newAccount(t);
    for (const uid of [owned, otherOwned]) {
      expect((await post(t, `/api/courses/${uid}/join`, account.cookie)).statusCode).toBe(201);
    }
    const ask = async (uid: string, cookie: string, title: string) =>
      courseThreadSchema.parse(
        (await post(t, `/api/courses/${uid}/threads`, cookie, { title, content: 'Why?' })).json(),
      );
    const answer = async (uid: string, threadId: number, content: string) => {
      t.clock.advance(60_000);
      expect(
        (await post(t, `/api/courses/${uid}/threads/${threadId}/posts`, account.cookie, { content })).statusCode,
      ).toBe(201);
    };
    const firstAsked = await ask(owned, account.cookie, 'First');
    t.clock.advance(60_000);
    const secondAsked = await ask(otherOwned, account.cookie, 'Second');
    const someoneElses = await ask(owned, learnerCookie, 'Theirs');
    const another = await ask(owned, learnerCookie, 'Another of theirs');
    await answer(owned, someoneElses.id, 'An early answer');
    await answer(owned, another.id, 'An answer');
    await answer(owned, someoneElses.id, 'A later answer');
    // Answering one's own question puts it under both.
    await answer(otherOwned, secondAsked.id, 'Found it');

    const asked = myThreadListSchema.parse((await get(t, '/api/me/threads', account.cookie)).json());
    expect(asked.total).toBe(2);
    expect(asked.items.map((item) => [item.title, item.course.uid, item.mine, item.answer])).toEqual([
      ['Second', otherOwned, true, null],
      ['First', owned, true, null],
    ]);
    expect(asked.items[1]).toMatchObject({ id: firstAsked.id, replyCount: 0 });

    const res = await get(t, '/api/me/threads?role=answered', account.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answered = myThreadListSchema.parse(res.json());
    expect(answered.total).toBe(3);
    expect(answered.items.map((item) => [item.title, item.mine, item.answer?.content])).toEqual([
      ['Second', true, 'Found it'],
      ['Theirs', false, 'A later answer'],
      ['Another of theirs', false, 'An answer'],
    ]);
    expect(answered.items[1]).toMatchObject({ replyCount: 2, user: { nickname: '学员小明' } });
    expect(answered.items[0]!.answer!.createdAt).toBe(t.clock.now().toISOString());

    const paged = myThreadListSchema.parse(
      (await get(t, '/api/me/threads?role=answered&page=3&pageSize=1', account.cookie)).json(),
    );
    expect([paged.total, paged.items.map((item) => item.title)]).toEqual([3, ['Another of theirs']]);
    const past = myThreadListSchema.parse((await get(t, '/api/me/threads?page=9&pageSize=1', account.cookie)).json());
    expect([past.total, past.items]).toEqual([2, []]);
    const bad = await get(t, '/api/me/threads?role=mine', account.cookie);
    expect([bad.statusCode, bad.json().code, bad.json().field]).toEqual([400, 'validationFailed', 'role']);
    expect((await get(t, '/api/me/threads')).statusCode).toBe(401);
  });
});

describe('GET /api/courses/{uid}/threads/{id}', () => {
  it('gives the question with its answers oldest first and the answer count', async () => {
    const asked = courseThreadSchema.parse(
      (await post(t, `/api/courses/${owned}/threads`, learnerCookie, { title: 'Q', content: 'Why?' })).json(),
    );
    const answerer = await newAccount(t);
    expect((await post(t, `/api/courses/${owned}/join`, answerer.cookie)).statusCode).toBe(201);
    const first = await post(t, `/api/courses/${owned}/threads/${asked.id}/posts`, answerer.cookie, {
      content: 'First',
    });
    t.clock.advance(60_000);
    const second = await post(t, `/api/courses/${owned}/threads/${asked.id}/posts`, learnerCookie, {
      content: 'Thanks',
    });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);

    const res = await get(t, `/api/courses/${owned}/threads/${asked.id}`, learnerCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const detail = threadDetailSchema.parse(res.json());
    expect(detail).toEqual({
      ...asked,
      replyCount: 2,
      // The answerer's is theirs, not the reader's.
      posts: [{ ...threadPostSchema.parse(first.json()), mine: false }, threadPostSchema.parse(second.json())],
    });
    expect(detail.posts.map((p) => [p.user.nickname, p.content])).toEqual([
      ['Member ' + answerer.username.slice(-4), 'First'],
      ['学员小明', 'Thanks'],
    ]);
    expect(JSON.stringify(res.json())).not.toMatch(/userId|phone|"id":\s*\d+,\s*"nickname"/);
  });

  it('answers a seeded thread with its answers, as many as its reply count says', async () => {
    const course = await courseByUid(t, owned);
    const [seeded] = await t.db
      .select()
      .from(courseThreads)
      .where(eq(courseThreads.courseId, course.id))
      .orderBy(asc(courseThreads.id))
      .limit(1);
    const detail = threadDetailSchema.parse(
      (await get(t, `/api/courses/${owned}/threads/${seeded!.id}`, learnerCookie)).json(),
    );
    const posts = await t.db
      .select()
      .from(courseThreadPosts)
      .where(eq(courseThreadPosts.threadId, seeded!.id))
      .orderBy(asc(courseThreadPosts.createdAt), asc(courseThreadPosts.id));
    expect(posts.length).toBe(seeded!.replyCount);
    expect(detail).toMatchObject({ id: seeded!.id, title: seeded!.title, replyCount: seeded!.replyCount });
    expect(detail.posts.map((p) => [p.id, p.content])).toEqual(posts.map((p) => [p.id, p.content]));
  });

  it("answers 404 threadNotFound for another course's thread and an unknown one", async () => {
    const other = courseThreadSchema.parse(
      (await post(t, `/api/courses/${otherOwned}/threads`, learnerCookie, { title: 'Elsewhere', content: 'x' })).json(),
    );
    for (const id of [other.id, 2_000_000_000]) {
      const res = await get(t, `/api/courses/${owned}/threads/${id}`, learnerCookie);
      expect([res.statusCode, res.json().code]).toEqual([404, 'threadNotFound']);
    }
  });
});

describe('POST /api/courses/{uid}/threads/{id}/posts', () => {
  async function ask(uid = owned) {
    const res = await post(t, `/api/courses/${uid}/threads`, learnerCookie, { title: 'Ask', content: 'Help' });
    return courseThreadSchema.parse(res.json());
  }

  it('answers 201 with the answer and counts it on the thread', async () => {
    const thread = await ask();
    const res = await post(t, `/api/courses/${owned}/threads/${thread.id}/posts`, learnerCookie, {
      content: '  Solved it ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      user: { nickname: '学员小明', avatar: null },
      content: 'Solved it',
      createdAt: t.clock.now().toISOString(),
      mine: true,
    });
    const [row] = await t.db.select().from(courseThreads).where(eq(courseThreads.id, thread.id));
    expect(row?.replyCount).toBe(1);
  });

  it('counts every answer of a burst once', async () => {
    const thread = await ask();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post(t, `/api/courses/${owned}/threads/${thread.id}/posts`, learnerCookie, { content: `answer ${i}` }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const [row] = await t.db.select().from(courseThreads).where(eq(courseThreads.id, thread.id));
    const posts = await t.db.select().from(courseThreadPosts).where(eq(courseThreadPosts.threadId, thread.id));
    expect([row?.replyCount, posts.length]).toEqual([5, 5]);
  });

  it("refuses an answer to another course's thread with 404 threadNotFound and writes nothing", async () => {
    const thread = await ask(otherOwned);
    const res = await post(t, `/api/courses/${owned}/threads/${thread.id}/posts`, learnerCookie, { content: 'Hi' });
    expect([res.statusCode, res.json().code]).toEqual([404, 'threadNotFound']);
    const [row] = await t.db.select().from(courseThreads).where(eq(courseThreads.id, thread.id));
    const posts = await t.db.select().from(courseThreadPosts).where(eq(courseThreadPosts.threadId, thread.id));
    expect([row?.replyCount, posts.length]).toEqual([0, 0]);
  });

  it.each([
    [{ content: '' }, ruleIds.answerRequired],
    [{ content: '  ' }, ruleIds.answerRequired],
    [{}, ruleIds.answerRequired],
    [{ content: 'x'.repeat(5001) }, undefined],
  ])('refuses %j with 400 on content', async (payload, rule) => {
    const thread = await ask();
    const res = await post(t, `/api/courses/${owned}/threads/${thread.id}/posts`, learnerCookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validationFailed', field: 'content', ...(rule ? { rule } : {}) });
  });
});

describe('changing and deleting one’s own question and answer', () => {
  const board = (path = '') => `/api/courses/${owned}/threads${path}`;

  it('lets the author change and delete their question and answer, the count following, and nobody else', async () => {
    const asker = await newAccount(t);
    expect((await post(t, `/api/courses/${owned}/join`, asker.cookie)).statusCode).toBe(201);
    const asked = courseThreadSchema.parse(
      (await post(t, board(), asker.cookie, { title: 'Which editor?', content: 'For Python' })).json(),
    );
    expect(asked.mine).toBe(true);
    const answer = threadPostSchema.parse(
      (await post(t, board(`/${asked.id}/posts`), asker.cookie, { content: 'Any will do' })).json(),
    );
    const theirs = threadPostSchema.parse(
      (await post(t, board(`/${asked.id}/posts`), learnerCookie, { content: 'VS Code' })).json(),
    );
    // Each reader sees which are theirs.
    const seen = threadDetailSchema.parse((await get(t, board(`/${asked.id}`), learnerCookie)).json());
    expect([seen.mine, ...seen.posts.map((p) => p.mine)]).toEqual([false, false, true]);

    const edited = await send(t, 'PUT', board(`/${asked.id}`), asker.cookie, {
      title: 'Which editor, please?',
      content: 'For Python 3',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(courseThreadSchema.parse(edited.json())).toMatchObject({ title: 'Which editor, please?', mine: true });
    const reworded = await send(t, 'PUT', board(`/${asked.id}/posts/${answer.id}`), asker.cookie, {
      content: 'Any, really',
    });
    expect(threadPostSchema.parse(reworded.json())).toMatchObject({ id: answer.id, content: 'Any, really' });

    // The learner may not touch the asker's question, nor the asker the learner's answer.
    for (const [method, path, cookie] of [
      ['PUT', board(`/${asked.id}`), learnerCookie],
      ['DELETE', board(`/${asked.id}`), learnerCookie],
      ['PUT', board(`/${asked.id}/posts/${theirs.id}`), asker.cookie],
      ['DELETE', board(`/${asked.id}/posts/${theirs.id}`), asker.cookie],
    ] as const) {
      const refused = await send(t, method, path, cookie, { title: 'Mine now', content: 'Mine now' });
      expect([refused.statusCode, refused.json().code], `${method} ${path}`).toEqual([
        403,
        'noPermissionModifyComment',
      ]);
    }

    expect((await send(t, 'DELETE', board(`/${asked.id}/posts/${answer.id}`), asker.cookie)).statusCode).toBe(204);
    const counted = threadDetailSchema.parse((await get(t, board(`/${asked.id}`), asker.cookie)).json());
    expect([counted.replyCount, counted.posts.map((p) => p.id)]).toEqual([1, [theirs.id]]);
    const gone = await send(t, 'DELETE', board(`/${asked.id}/posts/${answer.id}`), asker.cookie);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'notFound']);

    expect((await send(t, 'DELETE', board(`/${asked.id}`), asker.cookie)).statusCode).toBe(204);
    const missing = await get(t, board(`/${asked.id}`), asker.cookie);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'threadNotFound']);
    expect(await t.db.select().from(courseThreadPosts).where(eq(courseThreadPosts.threadId, asked.id))).toEqual([]);
  });
});

describe('who may use notes and Q&A', () => {
  let threadId: number;
  beforeAll(async () => {
    const res = await post(t, `/api/courses/${owned}/threads`, learnerCookie, { title: 'Gate', content: 'x' });
    threadId = (res.json() as { id: number }).id;
  });

  const requests = () =>
    [
      ['GET notes', 'GET', `/api/courses/${owned}/notes`, undefined],
      ['GET threads', 'GET', `/api/courses/${owned}/threads`, undefined],
      ['ask', 'POST', `/api/courses/${owned}/threads`, { title: 'T', content: 'C' }],
      ['thread', 'GET', `/api/courses/${owned}/threads/${threadId}`, undefined],
      ['answer', 'POST', `/api/courses/${owned}/threads/${threadId}/posts`, { content: 'A' }],
    ] as const;

  function send(method: 'GET' | 'POST', url: string, cookie: string | undefined, body?: object) {
    return method === 'GET' ? get(t, url, cookie) : post(t, url, cookie, body);
  }

  it('refuses a visitor with 401 unauthorized', async () => {
    for (const [name, method, url, body] of requests()) {
      const res = await send(method, url, undefined, body);
      expect([res.statusCode, res.json().code], name).toEqual([401, 'unauthorized']);
    }
  });

  it('refuses a non-member with 403 notCourseMember', async () => {
    for (const [name, method, url, body] of requests()) {
      const res = await send(method, url, newbieCookie, body);
      expect([res.statusCode, res.json().code], name).toEqual([403, 'notCourseMember']);
    }
  });

  it('refuses a member whose membership has ended with 403 memberExpired', async () => {
    const account = await newAccount(t);
    expect((await post(t, `/api/courses/${owned}/join`, account.cookie)).statusCode).toBe(201);
    await expireMembership(t, owned, account.id);
    for (const [name, method, url, body] of requests()) {
      const res = await send(method, url, account.cookie, body);
      expect([res.statusCode, res.json().code], name).toEqual([403, 'memberExpired']);
    }
  });

  it('refuses a course the learner is not a member of even with a real thread id', async () => {
    const res = await get(t, `/api/courses/${notOwned}/threads/${threadId}`, learnerCookie);
    expect([res.statusCode, res.json().code]).toEqual([403, 'notCourseMember']);
  });

  it("never reaches one school's threads from another school's course of the same uid", async () => {
    // The second school's learner joins its own free course whose uid is the demo school's `owned`.
    const elsewhere = await login(t, demoAccounts.secondSchoolLearner, secondSite);
    const joined = await post(t, `/api/courses/${owned}/join`, elsewhere, undefined, secondSite);
    expect([201, 409]).toContain(joined.statusCode);
    const secondTenant = await tenantIdOf(t, 'second');
    const list = await get(t, `/api/courses/${owned}/threads`, elsewhere, { host: secondSite.host });
    expect(list.json()).toMatchObject({ total: 0 });
    const read = await get(t, `/api/courses/${owned}/threads/${threadId}`, elsewhere, { host: secondSite.host });
    expect([read.statusCode, read.json().code]).toEqual([404, 'threadNotFound']);
    const answer = await post(
      t,
      `/api/courses/${owned}/threads/${threadId}/posts`,
      elsewhere,
      { content: 'x' },
      secondSite,
    );
    expect([answer.statusCode, answer.json().code]).toEqual([404, 'threadNotFound']);
    // Asking there makes a thread of the second school's course.
    const asked = await post(
      t,
      `/api/courses/${owned}/threads`,
      elsewhere,
      { title: 'Mine', content: 'x' },
      secondSite,
    );
    expect(asked.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(courseThreads)
      .where(eq(courseThreads.id, (asked.json() as { id: number }).id));
    expect(row?.tenantId).toBe(secondTenant);
    const demoBoard = courseThreadListSchema.parse(
      (await get(t, `/api/courses/${owned}/threads?pageSize=50`, learnerCookie)).json(),
    );
    expect(demoBoard.items.map((th) => th.title)).not.toContain('Mine');
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classrooms, courses, exams } from '../db/schema.js';
import { demoCourseUid as seededCourseUid } from '../demo-data/demo-learning-scenarios.js';
import { demoAccounts, secondSchoolHost } from '../demo-data/demo-accounts.js';
import { newAccount } from '../testing/accounts.js';
import { get, login, post, tenantIdOf } from '../testing/site.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/*
 * The public cache (PUBLIC_CACHE_SECONDS, here 10): public catalogue answers to a visitor are
 * kept for a CDN, the phone and this process; a signed-in learner reads the same kept lists
 * (privately) and the kept public part of a detail, and their own state always fresh.
 * Other suites run with it off, so they can read what they just wrote.
 */

let t: TestApp;
let tenantId: number;
const courseUid = 'react-19-zero-to-production';

beforeAll(async () => {
  t = await createTestApp({ publicCacheSeconds: 10 });
  tenantId = await tenantIdOf(t);
});
afterAll(async () => {
  await t.close();
});

/** Renames a course behind the API's back, as an editor in another process would. */
async function renameCourse(en: string, uid = courseUid) {
  await t.db
    .update(courses)
    .set({ title: { cn: en, en } })
    .where(and(eq(courses.tenantId, tenantId), eq(courses.uid, uid)));
}

async function renameClassroom(en: string, uid: string) {
  await t.db
    .update(classrooms)
    .set({ title: { cn: en, en } })
    .where(and(eq(classrooms.tenantId, tenantId), eq(classrooms.uid, uid)));
}

async function renameExam(en: string, uid: string) {
  await t.db
    .update(exams)
    .set({ title: { cn: en, en } })
    .where(and(eq(exams.tenantId, tenantId), eq(exams.uid, uid)));
}

const listTitles = async (cookie?: string, headers: Record<string, string> = {}) => {
  const res = await get(t, '/api/courses?pageSize=50', cookie, headers);
  expect(res.statusCode).toBe(200);
  return (res.json().items as { uid: string; title: string }[]).find((c) => c.uid === courseUid)?.title;
};

describe('a visitor', () => {
  it('gets public catalogue answers a CDN may keep briefly, with a strong ETag and 304', async () => {
    const res = await get(t, '/api/courses');
    expect(res.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    expect(res.headers.vary).toBe('Accept-Language, Cookie');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(t, '/api/courses', undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A validator a CDN made weak still matches (If-None-Match compares weakly).
    const weak = await get(t, '/api/courses', undefined, { 'if-none-match': `W/${etag}` });
    expect(weak.statusCode).toBe(304);
  });

  it('is answered from memory until the seconds have passed, then sees the change', async () => {
    t.clock.advance(11_000);
    const before = await listTitles();
    await renameCourse('Renamed while cached');
    expect(await listTitles()).toBe(before);
    const detail = await get(t, `/api/courses/${courseUid}`);
    expect(detail.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    t.clock.advance(10_001);
    expect(await listTitles()).toBe('Renamed while cached');
    expect((await get(t, `/api/courses/${courseUid}`)).json().title).toBe('Renamed while cached');
  });

  it('keeps each language and each school apart', async () => {
    await renameCourse('Per language');
    t.clock.advance(10_001);
    const english = await get(t, `/api/courses/${courseUid}`);
    const chinese = await get(t, `/api/courses/${courseUid}`, undefined, { 'accept-language': 'zh-CN' });
    expect(english.headers.etag).not.toBe(chinese.headers.etag);
    const other = await get(t, '/api/tenants/current', undefined, { host: secondSchoolHost });
    const own = await get(t, '/api/tenants/current');
    expect(other.json().name).toBe('Second School');
    expect(own.json().name).toBe('Demo School');
  });

  it('is refused by a school that has stopped, even when an answer is kept', async () => {
    expect((await get(t, '/api/decorations/tabs/list')).statusCode).toBe(200);
    const stop = await t.app.inject({
      method: 'PUT',
      url: '/api/dev/system-config',
      payload: { tenantStatus: 'STOPPED' },
    });
    expect(stop.statusCode).toBe(200);
    try {
      const res = await get(t, '/api/decorations/tabs/list');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('tenantStopped');
      expect((await get(t, '/api/tenants/current')).json().status).toBe('STOPPED');
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/dev/system-config', payload: { tenantStatus: 'RUNNING' } });
    }
  });

  it('never keeps an error', async () => {
    const missing = await get(t, '/api/courses/no-such-course');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('a signed-in learner', () => {
  it('reads a public list from the kept answer, privately, and sees a change once the seconds pass', async () => {
    const cookie = await login(t, demoAccounts.learner);
    t.clock.advance(10_001);
    // A learner's miss fills the store too: a public read is the same JSON for everyone.
    const kept = await get(t, '/api/courses?pageSize=50', cookie);
    expect(kept.headers['cache-control']).toBe('private, no-cache');
    expect(kept.headers.vary).toBe('Accept-Language, Cookie');
    const etag = String(kept.headers.etag);
    expect((await get(t, '/api/courses?pageSize=50')).headers.etag).toBe(etag);

    await renameCourse('Seen by learners after the seconds');
    expect(await listTitles(cookie)).not.toBe('Seen by learners after the seconds');
    const again = await get(t, '/api/courses?pageSize=50', cookie, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');

    t.clock.advance(10_001);
    expect(await listTitles(cookie)).toBe('Seen by learners after the seconds');
  });

  it('never gets a kept detail: their view of it is never stored', async () => {
    const cookie = await login(t, demoAccounts.learner);
    const detail = await get(t, `/api/courses/${courseUid}`, cookie);
    expect(detail.headers['cache-control']).toBe('no-store');
    expect(detail.headers.etag).toBeUndefined();
  });

  it('with a dead session cookie reads public lists as before, and a detail drops the cookie', async () => {
    const cookie = await login(t, demoAccounts.learner);
    expect((await post(t, '/api/logout', cookie)).statusCode).toBeLessThan(300);
    const list = await get(t, '/api/courses?pageSize=50', cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['set-cookie']).toBeUndefined();
    const detail = await get(t, `/api/courses/${courseUid}`, cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().membership).toBeNull();
    expect(String(detail.headers['set-cookie'])).toMatch(/^sid=;/);
  });

  it('sees at once in the lists what they did through this process: joining, rating', async () => {
    const account = await newAccount(t);
    type Summary = { uid: string; studentCount: number; status: string; price: { amount: number } };
    const listed = async () => (await get(t, '/api/courses?pageSize=50', account.cookie)).json().items as Summary[];
    // A free course other than the one the detail test below joins.
    const { uid } = (await listed()).find(
      (c) => c.price.amount === 0 && c.status === 'PUBLISHED' && c.uid !== seededCourseUid(15),
    )!;
    const studentCount = async () => (await listed()).find((c) => c.uid === uid)!.studentCount;
    const comments = async () =>
      (await get(t, `/api/courses/${uid}/comments`, account.cookie)).json().items as { content: string }[];
    const before = await studentCount();
    const commentsBefore = await comments();
    expect((await post(t, `/api/courses/${uid}/join`, account.cookie)).statusCode).toBe(201);
    expect(await studentCount()).toBe(before + 1);
    const rated = await post(t, `/api/courses/${uid}/comments`, account.cookie, { score: 5, content: 'Kept fresh' });
    expect(rated.statusCode, rated.body).toBe(201);
    const after = await comments();
    expect(after).toHaveLength(commentsBefore.length + 1);
    expect(after[0]!.content).toBe('Kept fresh');
  });

  it.each([
    // A free course the new account has not joined.
    { name: 'course', path: `/api/courses/${seededCourseUid(15)}`, rename: renameCourse },
    { name: 'classroom', path: '/api/classrooms/frontend-bootcamp', rename: renameClassroom },
    { name: 'exam', path: '/api/exams/node-basics-test', rename: renameExam },
  ])("reads a $name's own texts as late as a visitor does, and what they did at once", async ({ path, rename }) => {
    const uid = path.split('/').pop()!;
    const account = await newAccount(t);
    const detail = async () => {
      const res = await get(t, path, account.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json<{ title: string; studentCount: number; membership: unknown }>();
    };
    const first = await detail();
    expect(first.membership).toBeNull();

    await rename('Kept for a few seconds', uid);
    expect((await detail()).title).toBe(first.title);

    // Joining shows at once, with the count and anything else changed since.
    expect((await post(t, `${path}/join`, account.cookie)).statusCode).toBe(201);
    const joined = await detail();
    expect(joined.membership).not.toBeNull();
    expect(joined.studentCount).toBe(first.studentCount + 1);
    expect(joined.title).toBe('Kept for a few seconds');

    // A change made elsewhere shows once the seconds have passed.
    await rename('Seen after the seconds', uid);
    expect((await detail()).title).toBe('Kept for a few seconds');
    t.clock.advance(10_001);
    expect((await detail()).title).toBe('Seen after the seconds');
  });
});

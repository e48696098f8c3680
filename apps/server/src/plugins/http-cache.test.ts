import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../db/schema.js';
import { courseUid as seededCourseUid } from '../db/seed-catalogue.js';
import { demoAccounts, secondSchoolHost } from '../db/seed.js';
import { newAccount } from '../testing/accounts.js';
import { get, login, post, tenantIdOf } from '../testing/site.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/*
 * The visitor cache (PUBLIC_CACHE_SECONDS, here 10): public catalogue answers to a visitor are
 * kept for a CDN, the phone and this process; a signed-in learner always gets the truth.
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
  it('sees a change at once: public reads revalidate, their own view is never stored', async () => {
    const cookie = await login(t, demoAccounts.learner);
    t.clock.advance(10_001);
    await listTitles();
    await renameCourse('Seen at once by learners');
    const list = await get(t, '/api/courses?pageSize=50', cookie);
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.headers.vary).toBe('Accept-Language, Cookie');
    expect(await listTitles(cookie)).toBe('Seen at once by learners');
    // The visitor's copy is still the one kept a moment ago.
    expect(await listTitles()).not.toBe('Seen at once by learners');

    const detail = await get(t, `/api/courses/${courseUid}`, cookie);
    expect(detail.headers['cache-control']).toBe('no-store');
    expect(detail.headers.etag).toBeUndefined();
    expect(detail.json().title).toBe('Seen at once by learners');
  });

  it("reads a course's own texts as late as a visitor does, and what they did at once", async () => {
    // A free course the new account has not joined.
    const uid = seededCourseUid(15);
    const account = await newAccount(t);
    const detail = async () => {
      const res = await get(t, `/api/courses/${uid}`, account.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ title: string; studentCount: number; membership: unknown }>();
    };
    const first = await detail();
    expect(first.membership).toBeNull();

    await renameCourse('Kept for a few seconds', uid);
    expect((await detail()).title).toBe(first.title);

    // Joining shows at once, with the count and anything else changed since.
    expect((await post(t, `/api/courses/${uid}/join`, account.cookie)).statusCode).toBe(201);
    const joined = await detail();
    expect(joined.membership).not.toBeNull();
    expect(joined.studentCount).toBe(first.studentCount + 1);
    expect(joined.title).toBe('Kept for a few seconds');

    // A change made elsewhere shows once the seconds have passed.
    await renameCourse('Seen after the seconds', uid);
    expect((await detail()).title).toBe('Kept for a few seconds');
    t.clock.advance(10_001);
    expect((await detail()).title).toBe('Seen after the seconds');
  });
});

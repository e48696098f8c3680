import { favouriteListSchema, favouritePaths, type FavouriteType } from '@school/contract/favourites';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classrooms, courses, exams, favourites, users } from '../../db/schema.js';
import { newAccount, type TestAccount } from '../../testing/accounts.js';
import { get, secondSite, send, tenantIdOf } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/*
 * Favourites: a star per learner and product, idempotent both ways, listed newest first with
 * the catalogue's cards, one type per page, only the caller's own, only this school's products.
 */

let t: TestApp;
let demo: number;
let second: number;
/** Published products of the demo school per type, and one of the second school's courses. */
const uids: Record<FavouriteType, string[]> = { COURSE: [], CLASSROOM: [], EXAM: [] };
let secondSchoolCourse: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = await tenantIdOf(t);
  second = await tenantIdOf(t, 'second');
  const publishedCourses = (tenantId: number) =>
    t.db
      .select({ uid: courses.uid })
      .from(courses)
      .where(and(eq(courses.tenantId, tenantId), eq(courses.status, 'PUBLISHED')))
      .orderBy(courses.id);
  uids.COURSE = (await publishedCourses(demo)).map((r) => r.uid);
  uids.CLASSROOM = (
    await t.db
      .select({ uid: classrooms.uid })
      .from(classrooms)
      .where(and(eq(classrooms.tenantId, demo), eq(classrooms.status, 'PUBLISHED')))
  ).map((r) => r.uid);
  uids.EXAM = (
    await t.db
      .select({ uid: exams.uid })
      .from(exams)
      .where(and(eq(exams.tenantId, demo), eq(exams.status, 'PUBLISHED')))
  ).map((r) => r.uid);
  // A uid only the second school has (the schools' packs may share some).
  secondSchoolCourse = (await publishedCourses(second)).map((r) => r.uid).find((uid) => !uids.COURSE.includes(uid))!;
  expect(secondSchoolCourse).toBeDefined();
  expect(uids.COURSE.length).toBeGreaterThanOrEqual(3);
  expect(uids.CLASSROOM.length).toBeGreaterThanOrEqual(1);
  expect(uids.EXAM.length).toBeGreaterThanOrEqual(1);
});
afterAll(async () => {
  await t.close();
});

const star = (who: TestAccount, type: FavouriteType, uid: string) =>
  send(t, 'PUT', favouritePaths.favourite(type, uid), who.cookie);
const unstar = (who: TestAccount, type: FavouriteType, uid: string) =>
  send(t, 'DELETE', favouritePaths.favourite(type, uid), who.cookie);

async function isStarred(who: TestAccount, type: FavouriteType, uid: string) {
  const res = await get(t, favouritePaths.favourite(type, uid), who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { favourite: boolean }).favourite;
}

async function listOf(who: TestAccount, query = '') {
  const res = await get(t, `${favouritePaths.myFavourites}${query}`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toContain('no-store');
  return favouriteListSchema.parse(res.json());
}

const rowsOf = (who: TestAccount) => t.db.select().from(favourites).where(eq(favourites.userId, who.id));

describe('starring', () => {
  it('stars once however often it is asked, and unstars as often as asked', async () => {
    const learner = await newAccount(t);
    const uid = uids.COURSE[0]!;
    expect(await isStarred(learner, 'COURSE', uid)).toBe(false);

    for (let i = 0; i < 2; i += 1) expect((await star(learner, 'COURSE', uid)).statusCode).toBe(204);
    const [a, b] = await Promise.all([star(learner, 'COURSE', uid), star(learner, 'COURSE', uid)]);
    expect([a.statusCode, b.statusCode]).toEqual([204, 204]);
    expect(await rowsOf(learner)).toHaveLength(1);
    expect(await isStarred(learner, 'COURSE', uid)).toBe(true);

    for (let i = 0; i < 2; i += 1) expect((await unstar(learner, 'COURSE', uid)).statusCode).toBe(204);
    expect(await rowsOf(learner)).toHaveLength(0);
    expect(await isStarred(learner, 'COURSE', uid)).toBe(false);
  });

  it('keeps a course, a classroom and an exam apart even when their ids are equal', async () => {
    const learner = await newAccount(t);
    await star(learner, 'COURSE', uids.COURSE[0]!);
    await star(learner, 'CLASSROOM', uids.CLASSROOM[0]!);
    await star(learner, 'EXAM', uids.EXAM[0]!);
    const rows = await rowsOf(learner);
    expect(rows.map((r) => r.targetType).sort()).toEqual(['CLASSROOM', 'COURSE', 'EXAM']);
    expect(await isStarred(learner, 'CLASSROOM', uids.CLASSROOM[0]!)).toBe(true);
  });

  it('answers each kind its own not-found code for a product this school does not have', async () => {
    const learner = await newAccount(t);
    const cases: [FavouriteType, string][] = [
      ['COURSE', 'courseNotFound'],
      ['CLASSROOM', 'classroomNotFound'],
      ['EXAM', 'examNotFound'],
    ];
    for (const [type, code] of cases) {
      for (const res of [
        await star(learner, type, 'no-such-product'),
        await unstar(learner, type, 'no-such-product'),
        await get(t, favouritePaths.favourite(type, 'no-such-product'), learner.cookie),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ code });
      }
    }
    // Another school's course is not this school's: not found, and nothing is written.
    const res = await star(learner, 'COURSE', secondSchoolCourse);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'courseNotFound' });
    expect(await rowsOf(learner)).toHaveLength(0);
  });

  it('refuses an unknown type as bad input', async () => {
    const learner = await newAccount(t);
    const res = await send(t, 'PUT', `/api/favourites/LESSON/${uids.COURSE[0]!}`, learner.cookie);
    expect(res.statusCode).toBe(400);
  });

  it('needs a signed-in learner', async () => {
    const uid = uids.COURSE[0]!;
    for (const res of [
      await send(t, 'PUT', favouritePaths.favourite('COURSE', uid)),
      await send(t, 'DELETE', favouritePaths.favourite('COURSE', uid)),
      await get(t, favouritePaths.favourite('COURSE', uid)),
      await get(t, favouritePaths.myFavourites),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });
});

describe('the list', () => {
  it('lists the caller’s stars of one type, newest first, with the catalogue card', async () => {
    const learner = await newAccount(t);
    const [first, second, third] = uids.COURSE as [string, string, string];
    for (const uid of [first, second, third]) expect((await star(learner, 'COURSE', uid)).statusCode).toBe(204);
    await star(learner, 'EXAM', uids.EXAM[0]!);

    const list = await listOf(learner, '?type=COURSE');
    expect(list.total).toBe(3);
    expect(list.items.map((item) => (item.type === 'COURSE' ? item.course.uid : null))).toEqual([third, second, first]);
    const [newest] = list.items;
    expect(newest).toMatchObject({ type: 'COURSE', course: { uid: third, price: expect.any(Object) } });

    // Starring again does not move it to the top: the star is the first one.
    await star(learner, 'COURSE', first);
    expect((await listOf(learner, '?type=COURSE')).items.at(-1)).toMatchObject({ course: { uid: first } });

    // Pages never overlap.
    const page1 = await listOf(learner, '?type=COURSE&page=1&pageSize=2');
    const page2 = await listOf(learner, '?type=COURSE&page=2&pageSize=2');
    expect(page1.items).toHaveLength(2);
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items).toHaveLength(1);

    // The type filter: exams only, and courses by default.
    const examList = await listOf(learner, '?type=EXAM');
    expect(examList.items).toEqual([
      expect.objectContaining({ type: 'EXAM', exam: expect.objectContaining({ uid: uids.EXAM[0] }) }),
    ]);
    expect((await listOf(learner, '?type=CLASSROOM')).total).toBe(0);
    expect((await listOf(learner)).total).toBe(3);

    await unstar(learner, 'COURSE', third);
    expect(
      (await listOf(learner, '?type=COURSE')).items.map((i) => (i.type === 'COURSE' ? i.course.uid : null)),
    ).toEqual([second, first]);
  });

  it('lists classrooms with their card', async () => {
    const learner = await newAccount(t);
    await star(learner, 'CLASSROOM', uids.CLASSROOM[0]!);
    const list = await listOf(learner, '?type=CLASSROOM');
    expect(list.items).toEqual([
      expect.objectContaining({
        type: 'CLASSROOM',
        classroom: expect.objectContaining({ uid: uids.CLASSROOM[0], courseCount: expect.any(Number) }),
      }),
    ]);
  });

  it('never shows another learner’s stars', async () => {
    const [alice, bob] = [await newAccount(t), await newAccount(t)];
    await star(alice, 'COURSE', uids.COURSE[0]!);
    expect((await listOf(bob, '?type=COURSE')).total).toBe(0);
    expect(await isStarred(bob, 'COURSE', uids.COURSE[0]!)).toBe(false);
    // Bob's unstar touches only his own (absent) star.
    await unstar(bob, 'COURSE', uids.COURSE[0]!);
    expect((await listOf(alice, '?type=COURSE')).total).toBe(1);
  });

  it('drops a product the school unpublishes, shows it again when it comes back, and refuses new stars meanwhile', async () => {
    const learner = await newAccount(t);
    const uid = uids.COURSE[1]!;
    await star(learner, 'COURSE', uid);
    const where = and(eq(courses.tenantId, demo), eq(courses.uid, uid));
    await t.db.update(courses).set({ status: 'UNPUBLISHED' }).where(where);
    try {
      expect((await listOf(learner, '?type=COURSE')).total).toBe(0);
      const other = await newAccount(t);
      const refused = await star(other, 'COURSE', uid);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'courseNotPublished' });
    } finally {
      await t.db.update(courses).set({ status: 'PUBLISHED' }).where(where);
    }
    expect((await listOf(learner, '?type=COURSE')).total).toBe(1);
  });

  it('answers the other school’s learner from the other school only', async () => {
    const learner = await newAccount(t, { host: secondSite.host });
    const res = await send(
      t,
      'PUT',
      favouritePaths.favourite('COURSE', uids.COURSE[0]!),
      learner.cookie,
      undefined,
      secondSite,
    );
    // The demo school's course is not found at the second school.
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'courseNotFound' });
  });

  it('goes with the learner', async () => {
    const learner = await newAccount(t);
    await star(learner, 'COURSE', uids.COURSE[2]!);
    await t.db.delete(users).where(eq(users.id, learner.id));
    expect(
      await t.db
        .select()
        .from(favourites)
        .where(inArray(favourites.userId, [learner.id])),
    ).toEqual([]);
  });
});

import { studyStatisticsSchema } from '@school/contract/learning';
import { apiPaths } from '@school/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyDays } from '../../db/schema.js';
import { dayBefore, schoolDay, studyGapCapSeconds } from '../../lib/study-time.js';
import { newAccount, type TestAccount } from '../../testing/accounts.js';
import { get, login, ownSite, tenantIdOf } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { addMember, arrangeCourse, tempMediaStorage } from '../lessons/lessons-testing.js';
import { streakOf } from './learning-center.service.js';

/*
 * GET /api/learning/statistics and the study time behind it: credited by the lesson player's
 * progress reports (PUT /api/lessons/{id}/progress), counted by days of the school's calendar
 * (Asia/Shanghai, UTC+8 all year).
 */

let t: TestApp;
let tenantId: number;
let course: Awaited<ReturnType<typeof arrangeCourse>>;
beforeAll(async () => {
  const storage = await tempMediaStorage();
  t = await createTestApp({}, { mediaStorage: storage });
  tenantId = await tenantIdOf(t);
  course = await arrangeCourse(t, storage, {
    lessons: [
      { mediaType: 'VIDEO', length: 3600 },
      { mediaType: 'PDF', length: 2 },
    ],
  });
});
afterAll(() => t?.close());

const second = 1000;

async function member(): Promise<TestAccount> {
  const account = await newAccount(t);
  await addMember(t, course, account.id);
  return account;
}

/** A report made now by the learner's device (its `at` is the clock's). */
async function report(cookie: string, position: number, lessonId = course.lessonIds[0]!, at = t.clock.now()) {
  const res = await t.app.inject({
    method: 'PUT',
    url: apiPaths.lessonProgress(lessonId),
    headers: { ...ownSite, cookie },
    payload: { position, at: at.toISOString() },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function statistics(cookie: string) {
  const res = await get(t, apiPaths.studyStatistics, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return studyStatisticsSchema.parse(res.json());
}

/** Moves the clock forward to the next instant that is `hh:mm:ss` in Shanghai. */
function advanceToShanghai(hh: number, mm: number, ss: number) {
  const now = t.clock.now().getTime();
  const target = new Date(now);
  // Shanghai is UTC+8: hh:mm:ss there is (hh - 8) mod 24 in UTC.
  target.setUTCHours((hh + 16) % 24, mm, ss, 0);
  let next = target.getTime();
  while (next <= now) next += 24 * 3600 * second;
  t.clock.advance(next - now);
}

describe('GET /api/learning/statistics', () => {
  it('asks a visitor to log in', async () => {
    const res = await get(t, apiPaths.studyStatistics);
    expect(res.statusCode).toBe(401);
  });

  it('shows a new learner seven empty days ending today, no streak', async () => {
    const learner = await newAccount(t);
    const stats = await statistics(learner.cookie);
    const today = schoolDay(t.clock.now());
    expect(stats).toMatchObject({
      timeZone: 'Asia/Shanghai',
      today,
      weekSeconds: 0,
      weekLessonsFinished: 0,
      totalLessonsFinished: 0,
      streakDays: 0,
      studiedToday: false,
    });
    expect(stats.days.map((day) => day.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map((back) => dayBefore(today, back)));
    expect(stats.days.every((day) => day.seconds === 0 && day.lessonsFinished === 0)).toBe(true);
  });

  it('credits the time between reports, a repeated or late report nothing, a long silence at most the cap', async () => {
    advanceToShanghai(10, 0, 0);
    const learner = await member();
    await report(learner.cookie, 0); // the first report: nothing before it to measure from
    t.clock.advance(10 * second);
    await report(learner.cookie, 10);
    t.clock.advance(10 * second);
    const last = t.clock.now();
    await report(learner.cookie, 20);
    // The journal replays the same report, and a late one from before it arrives.
    await report(learner.cookie, 20, course.lessonIds[0], last);
    await report(learner.cookie, 15, course.lessonIds[0], new Date(last.getTime() - 5 * second));
    expect((await statistics(learner.cookie)).weekSeconds).toBe(20);

    // A tab left open for an hour, then played again: the hour counts the cap, no more.
    t.clock.advance(3600 * second);
    await report(learner.cookie, 30);
    const stats = await statistics(learner.cookie);
    expect(stats.weekSeconds).toBe(20 + studyGapCapSeconds);
    expect(stats.days.at(-1)).toMatchObject({ date: schoolDay(t.clock.now()), seconds: 20 + studyGapCapSeconds });
    expect(stats).toMatchObject({ streakDays: 1, studiedToday: true });
  });

  it('counts a report by the school day it was made on, midnight in Shanghai being the boundary', async () => {
    advanceToShanghai(23, 59, 50);
    const learner = await member();
    const before = schoolDay(t.clock.now());
    await report(learner.cookie, 100);
    t.clock.advance(5 * second);
    await report(learner.cookie, 105);
    t.clock.advance(15 * second); // 00:00:10 the next day
    const after = schoolDay(t.clock.now());
    expect(after).toBe(dayBefore(before, -1));
    await report(learner.cookie, 120);
    const stats = await statistics(learner.cookie);
    expect(stats.today).toBe(after);
    expect(stats.days.slice(-2)).toEqual([
      { date: before, seconds: 5, lessonsFinished: 0 },
      { date: after, seconds: 15, lessonsFinished: 0 },
    ]);
    expect(stats).toMatchObject({ weekSeconds: 20, streakDays: 2, studiedToday: true });
  });

  it('counts lessons finished this week and in all, by the day each was finished', async () => {
    const learner = await member();
    await report(learner.cookie, 2, course.lessonIds[1]);
    const stats = await statistics(learner.cookie);
    expect(stats.days.at(-1)?.lessonsFinished).toBe(1);
    expect(stats).toMatchObject({ weekLessonsFinished: 1, totalLessonsFinished: 1 });

    // Eight days on, the lesson has left the week but not the total.
    t.clock.advance(8 * 24 * 3600 * second);
    expect(await statistics(await login(t, learner))).toMatchObject({
      weekLessonsFinished: 0,
      totalLessonsFinished: 1,
    });
  });

  it('reads a streak up to today, or up to yesterday while today is not studied yet', async () => {
    const learner = await newAccount(t);
    const today = schoolDay(t.clock.now());
    const studied = async (...back: number[]) =>
      t.db.insert(studyDays).values(
        back.map((days) => ({
          tenantId,
          userId: learner.id,
          day: dayBefore(today, days),
          seconds: 60,
          lastReportAt: t.clock.now(),
        })),
      );
    await studied(1, 2, 3, 5);
    expect(await statistics(learner.cookie)).toMatchObject({ streakDays: 3, studiedToday: false, weekSeconds: 240 });
    await studied(0);
    expect(await statistics(learner.cookie)).toMatchObject({ streakDays: 4, studiedToday: true });
  });

  it('keeps each learner’s study their own', async () => {
    const [studying, other] = [await member(), await member()];
    await report(studying.cookie, 5);
    t.clock.advance(30 * second);
    await report(studying.cookie, 35);
    expect((await statistics(studying.cookie)).weekSeconds).toBe(30);
    expect(await statistics(other.cookie)).toMatchObject({ weekSeconds: 0, streakDays: 0 });
  });
});

describe('streakOf', () => {
  it('counts consecutive days back from today, or from yesterday, and stops at the first gap', () => {
    expect(streakOf([], '2026-03-01')).toBe(0);
    expect(streakOf(['2026-03-01'], '2026-03-01')).toBe(1);
    expect(streakOf(['2026-02-28', '2026-02-27'], '2026-03-01')).toBe(2);
    expect(streakOf(['2026-02-27'], '2026-03-01')).toBe(0);
    expect(streakOf(['2026-03-01', '2026-02-28', '2026-02-26'], '2026-03-01')).toBe(2);
    // Across a month and a leap day.
    expect(streakOf(['2024-03-01', '2024-02-29', '2024-02-28'], '2024-03-01')).toBe(3);
  });
});

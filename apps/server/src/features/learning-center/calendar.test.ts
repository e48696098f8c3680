import { createHash } from 'node:crypto';
import { calendarFeedCreatedSchema, calendarFeedStateSchema, calendarPaths } from '@school/contract/calendar';
import { schedulePaths, scheduleSchema, type ScheduleItem } from '@school/contract/schedule';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarFeeds,
  chapters,
  classroomMembers,
  classrooms,
  courseMembers,
  courses,
  examMembers,
  exams,
  lessons,
  users,
} from '../../db/schema.js';
import { newAccount, type TestAccount } from '../../testing/accounts.js';
import { day, hour, ownSite, secondSite, send, tenantIdOf } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/*
 * "Add to calendar": one schedule item as an .ics file, and the learner's feed. Every file is
 * read back with ical.js, a real iCalendar parser, so what a phone's calendar would import is
 * what is checked: the instants, the UIDs, the names and links.
 */

let t: TestApp;
let demo: number;
let now: number;
let me: TestAccount;
/** Another learner of the same school, holding a course of their own. */
let other: TestAccount;
let myCourseTitle: string;
let liveLesson: number;
let otherLesson: number;
let exam: typeof exams.$inferSelect;
let classroom: typeof classrooms.$inferSelect;

const blank = { cn: '', en: '' };
let extra = 0;
function productFields(kind: string) {
  extra += 1;
  return {
    tenantId: demo,
    uid: `calendar-${kind}-${extra}`,
    title: { cn: `日历 ${kind} ${extra}`, en: `Calendar ${kind} ${extra}` },
    cover: `/mobile/seed/${kind}-${extra}.svg`,
    status: 'PUBLISHED' as const,
  };
}

/** A course with live lessons `offsets` from now, held by `userId`; the lessons' ids in order. */
async function courseWithLiveLessons(userId: number, offsets: number[], duration: number | null = null) {
  const [course] = await t.db
    .insert(courses)
    .values({ ...productFields('course'), subtitle: blank, about: blank })
    .returning();
  const [chapter] = await t.db.insert(chapters).values({ courseId: course!.id, seq: 1, title: blank }).returning();
  await t.db
    .insert(courseMembers)
    .values({ tenantId: demo, courseId: course!.id, userId, joinedAt: new Date(now - 60 * day) });
  const ids: number[] = [];
  for (const [i, offset] of offsets.entries()) {
    const [row] = await t.db
      .insert(lessons)
      .values({
        tenantId: demo,
        courseId: course!.id,
        chapterId: chapter!.id,
        seq: i + 1,
        title: { cn: `直播 ${i + 1}`, en: `Live ${i + 1}` },
        mediaType: 'LIVE',
        startTime: new Date(now + offset),
        duration,
      })
      .returning();
    ids.push(row!.id);
  }
  return { course: course!, ids };
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await tenantIdOf(t);
  now = t.clock.now().getTime();
  me = await newAccount(t);
  other = await newAccount(t);
  // Lessons 40 days back and 100 days ahead are outside the feed's window; 20 back and 80 ahead inside.
  const mine = await courseWithLiveLessons(me.id, [2 * hour, -40 * day, -20 * day, 80 * day, 100 * day], 90 * 60);
  myCourseTitle = mine.course.title.en;
  liveLesson = mine.ids[0]!;
  otherLesson = (await courseWithLiveLessons(other.id, [3 * hour])).ids[0]!;
  exam = (
    await t.db
      .insert(exams)
      .values({
        ...productFields('exam'),
        brief: blank,
        startTime: new Date(now + day),
        endTime: new Date(now + 3 * day),
      })
      .returning()
  )[0]!;
  await t.db
    .insert(examMembers)
    .values({ tenantId: demo, examId: exam.id, userId: me.id, joinedAt: new Date(now - day), attemptsUsed: 1 });
  classroom = (
    await t.db
      .insert(classrooms)
      .values({ ...productFields('classroom'), intro: blank, teachingPlan: blank, startTime: new Date(now + 5 * day) })
      .returning()
  )[0]!;
  await t.db
    .insert(classroomMembers)
    .values({ tenantId: demo, classroomId: classroom.id, userId: me.id, joinedAt: new Date(now - day) });
});
afterAll(async () => {
  await t.close();
});

function read(url: string, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers: { host: ownSite.host, ...(cookie ? { cookie } : {}), ...headers } });
}

async function scheduleOf(who: TestAccount): Promise<ScheduleItem[]> {
  const res = await read(`${schedulePaths.schedule}?days=90`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return scheduleSchema.parse(res.json()).items;
}

/** iCalendar counts whole seconds: an instant as a calendar holds it. */
const toTheSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();

/** A calendar file's name and events as a calendar app reads them. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        startIsUtc: event.startDate.zone?.tzid === 'UTC',
        summary: event.summary,
        description: event.description,
        url: component.getFirstPropertyValue('url'),
        alarms: component.getAllSubcomponents('valarm').map((alarm) => String(alarm.getFirstPropertyValue('trigger'))),
      };
    }),
  };
}

describe('one item as a file', () => {
  const download = (id: string, who: TestAccount | undefined, language = 'en') =>
    read(schedulePaths.itemIcs(id), who?.cookie, { 'accept-language': language });

  it('is an .ics of that item alone, at its instant in UTC, with a UID that stays the same', async () => {
    const items = await scheduleOf(me);
    const live = items.find((item) => item.id === `lesson:${liveLesson}`)!;
    const opens = items.find((item) => item.id === `exam-opens:${exam.id}`)!;
    expect(live).toBeDefined();
    expect(opens).toBeDefined();

    const res = await download(live.id, me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="lesson-${liveLesson}.ics"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const file = parse(res.body);
    expect(file.name).toBe('Demo School');
    expect(file.events).toEqual([
      {
        uid: `lesson:${liveLesson}@localhost`,
        start: toTheSecond(live.at),
        // The lesson's own length (90 minutes).
        end: toTheSecond(new Date(Date.parse(live.at) + 90 * 60_000).toISOString()),
        startIsUtc: true,
        summary: 'Live lesson: Live 1',
        description: `Course: ${myCourseTitle}\nhttp://${ownSite.host}/mobile/lessons/${liveLesson}`,
        url: `http://${ownSite.host}/mobile/lessons/${liveLesson}`,
        alarms: ['-PT15M'],
      },
    ]);
    // Downloaded again (or the time moved): the same UID, so the calendar replaces the event.
    expect(parse((await download(live.id, me)).body).events[0]!.uid).toBe(file.events[0]!.uid);

    // A moment (an exam opening) is a short event, named in the learner's language.
    const cn = parse((await download(opens.id, me, 'zh-CN')).body);
    // A link names its language (the app's, which may not be the browser's).
    const asked = parse((await read(schedulePaths.itemIcs(opens.id, 'cn'), me.cookie)).body);
    expect(asked.events[0]!.summary).toBe(`考试开始：${exam.title.cn}`);
    expect(cn.events.map((event) => [event.uid, event.start, event.summary, event.url])).toEqual([
      [
        `exam-opens:${exam.id}@localhost`,
        toTheSecond(opens.at),
        `考试开始：${exam.title.cn}`,
        `http://${ownSite.host}/mobile/exam/${exam.uid}`,
      ],
    ]);
    expect(Date.parse(cn.events[0]!.end) - Date.parse(cn.events[0]!.start)).toBe(30 * 60_000);
  });

  it("answers the catalogue's 404 for an item that is not the caller's, and asks a visitor to log in", async () => {
    for (const id of [
      `lesson:${otherLesson}`,
      'lesson:999999',
      `exam-closes:${exam.id + 1000}`,
      `classroom:${classroom.id + 1000}`,
    ]) {
      const res = await download(id, me);
      expect([res.statusCode, res.json().code], id).toEqual([404, 'notFound']);
    }
    // The other learner's own lesson is theirs to download.
    expect((await download(`lesson:${otherLesson}`, other)).statusCode).toBe(200);
    expect((await download(`lesson:${liveLesson}`, undefined)).statusCode).toBe(401);
    const badLanguage = await read(`${schedulePaths.itemIcs(`lesson:${liveLesson}`)}?lang=fr`, me.cookie);
    expect(badLanguage.statusCode).toBe(400);
    for (const id of ['lesson', 'lesson:0', 'order:1', 'lesson:1:2', `lesson:${'9'.repeat(12)}`]) {
      const res = await download(id, me);
      expect([res.statusCode, res.json().code], id).toEqual([400, 'validationFailed']);
    }
  });
});

describe('the feed', () => {
  const state = async (who: TestAccount) => {
    const res = await read(calendarPaths.feed, who.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return calendarFeedStateSchema.parse(res.json());
  };
  const turnOn = async (who: TestAccount) => {
    const res = await send(t, 'POST', calendarPaths.feed, who.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return calendarFeedCreatedSchema.parse(res.json());
  };
  /** The path and host of a feed URL, read as the calendar app would: no cookie. */
  const fetchFeed = (url: string, host: string = ownSite.host) => read(new URL(url).pathname, undefined, { host });

  it('is turned on with a secret URL that reads the learner’s window of events, and off again', async () => {
    expect(await state(me)).toEqual({ on: false, createdAt: null });
    const feed = await turnOn(me);
    expect(feed.url).toMatch(/^http:\/\/localhost:8080\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace(/^http:/, 'webcal:'));
    expect(await state(me)).toEqual({ on: true, createdAt: feed.createdAt });

    // Only a hash of the token is kept.
    const token = new URL(feed.url).pathname
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, me.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const res = await fetchFeed(feed.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const file = parse(res.body);
    expect(res.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT15M');
    // A month back to 90 days ahead: the lessons 20 days back and 80 ahead, not those 40 back or 100 ahead.
    const lessonsIn = file.events.filter((event) => event.uid.startsWith('lesson:')).map((event) => event.start);
    expect(lessonsIn).toEqual(
      [-20 * day, 2 * hour, 80 * day].map((offset) => toTheSecond(new Date(now + offset).toISOString())),
    );
    // Its events are the schedule's, at the same instants, under the same UIDs as the one-off files.
    const items = await scheduleOf(me);
    for (const item of items) {
      expect(file.events.find((event) => event.uid === `${item.id}@localhost`)?.start, item.id).toBe(
        toTheSecond(item.at),
      );
    }
    expect(file.events.some((event) => event.uid === `classroom:${classroom.id}@localhost`)).toBe(true);
    // Nobody else's.
    expect(file.events.some((event) => event.uid === `lesson:${otherLesson}@localhost`)).toBe(false);

    // Off: the URL stops at once.
    expect((await send(t, 'DELETE', calendarPaths.feed, me.cookie)).statusCode).toBe(204);
    expect(await state(me)).toEqual({ on: false, createdAt: null });
    const gone = await fetchFeed(feed.url);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'notFound']);
  });

  it('gets a new URL on a reset, and the old one stops', async () => {
    const first = await turnOn(other);
    expect((await fetchFeed(first.url)).statusCode).toBe(200);
    const second = await turnOn(other);
    expect(second.url).not.toBe(first.url);
    expect((await fetchFeed(first.url)).statusCode).toBe(404);
    const res = await fetchFeed(second.url);
    expect(res.statusCode).toBe(200);
    // The other learner's feed holds their lesson and none of the first learner's.
    expect(parse(res.body).events.map((event) => event.uid)).toEqual([`lesson:${otherLesson}@localhost`]);
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, other.id))).toHaveLength(1);
  });

  it("opens nothing at another school's host, for a disabled or deleted account, or for a made-up token", async () => {
    const learner = await newAccount(t);
    const feed = await turnOn(learner);
    expect((await fetchFeed(feed.url)).statusCode).toBe(200);
    expect((await fetchFeed(feed.url, secondSite.host)).statusCode).toBe(404);
    const path = new URL(feed.url).pathname;
    for (const made of [
      path.replace(/[A-Za-z0-9_-]{43}/, 'A'.repeat(43)),
      path.replace(/\.ics$/, ''),
      path.replace(/\.ics$/, '.ICS'),
      '/api/calendar/x.ics',
    ]) {
      expect((await read(made)).statusCode, made).toBe(404);
    }

    await t.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, learner.id));
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
    await t.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, learner.id));
    expect((await fetchFeed(feed.url)).statusCode).toBe(200);
    await t.db.delete(users).where(eq(users.id, learner.id));
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
  });

  it('asks a visitor to log in for its settings', async () => {
    expect((await read(calendarPaths.feed)).statusCode).toBe(401);
    expect((await send(t, 'POST', calendarPaths.feed)).statusCode).toBe(401);
    expect((await send(t, 'DELETE', calendarPaths.feed)).statusCode).toBe(401);
  });
});

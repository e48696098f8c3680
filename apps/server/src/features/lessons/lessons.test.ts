import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { courseNoteSchema } from '@school/contract/courses';
import { lessonDetailSchema, lessonProgressResultSchema, type LessonDetail } from '@school/contract/lessons';
import { apiPaths, servedFilePaths } from '@school/contract/paths';
import { ruleIds } from '@school/contract/validation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMembers, exams, lessonLearnings, lessons } from '../../db/schema.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import { currentUserId, newAccount } from '../../testing/accounts.js';
import { day, get, hour, login, ownSite, post, secondSite } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { examScenarios } from '../../testing/exam-scenarios.js';
import { addMember, arrangeCourse, patternBytes, tempMediaStorage } from './lessons-testing.js';

let t: TestApp;
let storage: MediaStorage;
let learnerCookie: string;
let learnerId: number;
let newbieCookie: string;
let newbieId: number;
beforeAll(async () => {
  storage = await tempMediaStorage();
  t = await createTestApp({}, { mediaStorage: storage });
  learnerCookie = await login(t, demoAccounts.learner);
  newbieCookie = await login(t, demoAccounts.newbie);
  learnerId = await currentUserId(t, learnerCookie);
  newbieId = await currentUserId(t, newbieCookie);
});
afterAll(async () => {
  await t.close();
});

function put(url: string, cookie: string | undefined, payload: object) {
  return t.app.inject({ method: 'PUT', url, headers: { ...ownSite, ...(cookie ? { cookie } : {}) }, payload });
}

async function detail(lessonId: number, cookie?: string): Promise<LessonDetail> {
  const res = await get(t, apiPaths.lesson(lessonId), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return lessonDetailSchema.parse(res.json());
}

function report(lessonId: number, cookie: string, position: number, at: Date) {
  return put(apiPaths.lessonProgress(lessonId), cookie, { position, at: at.toISOString() });
}

async function learningRow(lessonId: number, userId: number) {
  const [row] = await t.db
    .select()
    .from(lessonLearnings)
    .where(and(eq(lessonLearnings.lessonId, lessonId), eq(lessonLearnings.userId, userId)));
  return row ?? null;
}

async function membershipRow(courseId: number, userId: number) {
  const [row] = await t.db
    .select()
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return row!;
}

describe('GET /api/lessons/{id}', () => {
  it('gives a member the video, the outline, neighbours and the course progress', async () => {
    const course = await arrangeCourse(t, storage, {
      lessons: [
        { mediaType: 'VIDEO', freeTrial: true, length: 20 },
        { mediaType: 'PDF', length: 4 },
        { mediaType: 'HTML', html: '<p>Hi</p><script>x()</script>' },
      ],
    });
    await addMember(t, course, learnerId);
    const [video, pdf, html] = course.lessonIds as [number, number, number];

    const body = await detail(pdf, learnerCookie);
    expect(body).toMatchObject({
      id: pdf,
      number: 2,
      mediaType: 'PDF',
      trial: false,
      refusal: null,
      previousLessonId: video,
      nextLessonId: html,
      progress: null,
      playbackRate: 1,
      course: { uid: course.uid, learnInOrder: false, lessonCount: 3 },
      membership: { progress: 0, learningStatus: 'NOT_STARTED', expired: false },
      // Stored without page images (as before decision 029): the viewer draws it with pdf.js.
      content: { kind: 'PDF', url: servedFilePaths.lessonMediaFile(pdf, 'lesson.pdf'), pageCount: 4, pages: [] },
    });
    expect(body.chapters[0]!.lessons.map((l) => [l.id, l.locked, l.learningStatus])).toEqual([
      [video, false, 'NOT_STARTED'],
      [pdf, false, 'NOT_STARTED'],
      [html, false, 'NOT_STARTED'],
    ]);
    expect((await detail(video, learnerCookie)).content).toEqual({
      kind: 'VIDEO',
      format: 'MP4',
      url: servedFilePaths.lessonMediaFile(video, 'lesson.mp4'),
      duration: 20,
      poster: null,
    });
    // Rich text is sanitized on the way out.
    expect((await detail(html, learnerCookie)).content).toEqual({ kind: 'HTML', html: '<p>Hi</p>' });
  });

  it('explains each refusal instead of the content', async () => {
    const open = await arrangeCourse(t, storage, {
      lessons: [
        { mediaType: 'VIDEO', freeTrial: true },
        { mediaType: 'VIDEO' },
        { mediaType: 'VIDEO', conversionStatus: 'RUNNING' },
      ],
    });
    const [trial, paid, converting] = open.lessonIds as [number, number, number];

    // Logged out: a free trial plays (as a trial), anything else asks to log in.
    expect(await detail(trial)).toMatchObject({
      trial: true,
      refusal: null,
      content: { kind: 'VIDEO' },
      progress: null,
    });
    expect(await detail(paid)).toMatchObject({ refusal: { code: 'unauthorized' }, content: null });
    // Signed in without joining.
    expect(await detail(paid, newbieCookie)).toMatchObject({
      refusal: { code: 'notCourseMember' },
      content: null,
      membership: null,
    });
    expect(await detail(trial, newbieCookie)).toMatchObject({ trial: true, refusal: null });

    const account = await newAccount(t);
    const ended = new Date(t.clock.now().getTime() - day);
    await addMember(t, open, account.id, { expiresAt: ended });
    expect(await detail(paid, account.cookie)).toMatchObject({
      refusal: { code: 'memberExpired', expiredAt: ended.toISOString() },
      membership: { expired: true },
    });

    await addMember(t, open, learnerId);
    expect(await detail(converting, learnerCookie)).toMatchObject({
      refusal: { code: 'conversionNotCompleted', conversionStatus: 'RUNNING' },
      content: null,
    });
  });

  it('locks the lessons of a learn-in-order course behind the first one not completed', async () => {
    const course = await arrangeCourse(t, storage, {
      learnInOrder: true,
      lessons: [
        { mediaType: 'VIDEO', length: 10 },
        { mediaType: 'PDF', length: 2 },
        { mediaType: 'AUDIO', length: 10 },
      ],
    });
    const account = await newAccount(t);
    await addMember(t, course, account.id);
    const [first, second, third] = course.lessonIds as [number, number, number];

    expect((await detail(first, account.cookie)).refusal).toBeNull();
    const locked = await detail(third, account.cookie);
    expect(locked.refusal).toEqual({ code: 'lessonLocked', blockingLesson: { id: first, title: 'Lesson 1' } });
    expect(locked.chapters[0]!.lessons.map((l) => l.locked)).toEqual([false, true, true]);

    expect((await report(first, account.cookie, 10, t.clock.now())).statusCode).toBe(200);
    expect((await detail(third, account.cookie)).refusal).toMatchObject({ blockingLesson: { id: second } });
    const media = await get(t, servedFilePaths.lessonMediaFile(third, 'lesson.mp3'), account.cookie);
    expect(media.statusCode).toBe(403);
    expect(media.json()).toMatchObject({ code: 'lessonLocked' });
    expect((await report(third, account.cookie, 1, t.clock.now())).json()).toMatchObject({ code: 'lessonLocked' });

    expect((await report(second, account.cookie, 2, t.clock.now())).statusCode).toBe(200);
    expect((await detail(third, account.cookie)).refusal).toBeNull();
  });

  it('shows activities, exams, live rooms and labs with what the screen needs', async () => {
    const [exam] = await t.db.select({ uid: exams.uid }).from(exams).where(eq(exams.status, 'PUBLISHED')).limit(1);
    const now = t.clock.now().getTime();
    const course = await arrangeCourse(t, storage, {
      lessons: [
        { mediaType: 'ACTIVITY', startTime: new Date(now + 2 * day), maxParticipants: 5, participantCount: 2 },
        { mediaType: 'EXAM', examUid: exam!.uid },
        { mediaType: 'LIVE', startTime: new Date(now + day) },
        { mediaType: 'LIVE', startTime: new Date(now + 10 * 60_000) },
        { mediaType: 'LIVE_COMPLETED', startTime: new Date(now - day) },
        { mediaType: 'LIVE_NOW', externalUrl: null },
        { mediaType: 'LAB', externalUrl: 'https://lab.example.com/x', html: 'A sandbox' },
      ],
    });
    await addMember(t, course, learnerId);
    const [activity, examLesson, tomorrow, soon, replay, noRoom, lab] = course.lessonIds as number[];
    expect((await detail(activity!, learnerCookie)).content).toEqual({
      kind: 'ACTIVITY',
      startTime: new Date(now + 2 * day).toISOString(),
      maxParticipants: 5,
      participantCount: 2,
      address: 'Haidian, Beijing',
      registered: false,
    });
    expect((await detail(examLesson!, learnerCookie)).content).toMatchObject({
      kind: 'EXAM',
      exam: { uid: exam!.uid },
    });
    expect((await detail(tomorrow!, learnerCookie)).content).toMatchObject({
      kind: 'LIVE',
      state: 'UPCOMING',
      liveUrl: null,
    });
    // The room opens a quarter of an hour early.
    expect((await detail(soon!, learnerCookie)).content).toMatchObject({
      kind: 'LIVE',
      state: 'UPCOMING',
      liveUrl: 'https://live.example.com/room/1',
    });
    t.clock.advance(11 * 60_000);
    expect((await detail(soon!, learnerCookie)).content).toMatchObject({ state: 'LIVE' });
    expect((await detail(replay!, learnerCookie)).content).toMatchObject({ state: 'REPLAY_PREPARING', liveUrl: null });
    expect((await detail(noRoom!, learnerCookie)).refusal).toEqual({ code: 'liveLoadFailed' });
    expect((await detail(lab!, learnerCookie)).content).toEqual({
      kind: 'LAB',
      url: 'https://lab.example.com/x',
      description: 'A sandbox',
    });
  });

  it('lists the lesson’s homework with where the learner’s answers stand, for learners studying it only', async () => {
    const x = await examScenarios(t.db);
    // Not opened yet; handed in and scored (the seed's reviewed homework).
    expect((await detail(x.homework.lessonId, learnerCookie)).homework).toEqual([
      { id: x.homework.homeworkId, title: expect.any(String), status: null },
    ]);
    expect((await detail(x.homeworkSubmitted.lessonId, learnerCookie)).homework).toEqual([
      { id: x.homeworkSubmitted.homeworkId, title: expect.any(String), status: 'COMPLETED' },
    ]);
    // Opening it makes a draft.
    await get(t, examTakingPaths.homework(x.homework.lessonId, x.homework.homeworkId), learnerCookie);
    expect((await detail(x.homework.lessonId, learnerCookie)).homework[0]!.status).toBe('NOT_SUBMITTED');
    // Nobody else's status shows: a visitor and a non-member see none.
    expect((await detail(x.homework.lessonId)).homework).toEqual([]);
    expect((await detail(x.homework.lessonId, newbieCookie)).homework).toEqual([]);
  });

  it('answers 404 lessonNotFound for a missing lesson or another school’s', async () => {
    const other = await arrangeCourse(t, storage, {
      tenant: 'second',
      lessons: [{ mediaType: 'VIDEO', freeTrial: true }],
    });
    for (const id of [2_000_000_000, other.lessonIds[0]!]) {
      const res = await get(t, apiPaths.lesson(id), learnerCookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'lessonNotFound' });
    }
    const media = await get(t, servedFilePaths.lessonMediaFile(other.lessonIds[0]!, 'lesson.mp4'));
    expect(media.json()).toMatchObject({ code: 'lessonNotFound' });
    // The second school sees its own lesson.
    const own = await t.app.inject({ url: apiPaths.lesson(other.lessonIds[0]!), headers: { ...secondSite } });
    expect(own.statusCode).toBe(200);
  });
});

describe('GET /api/lessons/{id}/media/{name}', () => {
  it('serves members whole files and ranges, trials to anyone, and nothing to others', async () => {
    const bytes = patternBytes(10_000);
    const course = await arrangeCourse(t, storage, {
      lessons: [
        { mediaType: 'VIDEO', freeTrial: true, files: [{ name: 'lesson.mp4', contentType: 'video/mp4', bytes }] },
        { mediaType: 'OTHER' },
        { mediaType: 'VIDEO', conversionStatus: 'RUNNING' },
      ],
    });
    await addMember(t, course, learnerId);
    const [trial, download, converting] = course.lessonIds as [number, number, number];

    const whole = await get(t, servedFilePaths.lessonMediaFile(trial, 'lesson.mp4'), learnerCookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await get(t, servedFilePaths.lessonMediaFile(trial, 'lesson.mp4'), learnerCookie, {
      range: 'bytes=100-199',
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    // A free trial plays for anyone, even logged out.
    expect((await get(t, servedFilePaths.lessonMediaFile(trial, 'lesson.mp4'))).statusCode).toBe(200);
    // Paid material: members only.
    const anonymous = await get(t, servedFilePaths.lessonMediaFile(download, 'exercises.zip'));
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'unauthorized']);
    const stranger = await get(t, servedFilePaths.lessonMediaFile(download, 'exercises.zip'), newbieCookie);
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'notCourseMember']);
    const member = await get(t, servedFilePaths.lessonMediaFile(download, 'exercises.zip'), learnerCookie);
    expect(member.statusCode).toBe(200);
    expect(member.headers['content-disposition']).toMatch(/^attachment;/);
    // Only the lesson's own files, by their names.
    const guessed = await get(t, servedFilePaths.lessonMediaFile(download, 'lesson.mp4'), learnerCookie);
    expect([guessed.statusCode, guessed.json().code]).toEqual([404, 'notFound']);
    const notReady = await get(t, servedFilePaths.lessonMediaFile(converting, 'lesson.mp4'), learnerCookie);
    expect([notReady.statusCode, notReady.json().code]).toEqual([409, 'conversionNotCompleted']);
  });

  it('refuses an expired membership with memberExpired', async () => {
    const course = await arrangeCourse(t, storage, { lessons: [{ mediaType: 'PDF' }] });
    const account = await newAccount(t);
    await addMember(t, course, account.id, { expiresAt: new Date(t.clock.now().getTime() - hour) });
    const res = await get(t, servedFilePaths.lessonMediaFile(course.lessonIds[0]!, 'lesson.pdf'), account.cookie);
    expect([res.statusCode, res.json().code]).toEqual([403, 'memberExpired']);
  });
});

describe('a PDF lesson’s pages as images (decision 029)', () => {
  it('gives the pages the import drew, each served like the PDF: to the course’s members only', async () => {
    // A demo PDF lesson, stored by the demo pack's import, outside any free trial.
    const [demo] = await t.db
      .select({ id: lessons.id, courseId: lessons.courseId })
      .from(lessons)
      .where(and(eq(lessons.mediaType, 'PDF'), eq(lessons.freeTrial, false), eq(lessons.status, 'PUBLISHED')))
      .orderBy(lessons.id)
      .limit(1);
    const member = await newAccount(t);
    await addMember(t, { id: demo!.courseId }, member.id);

    const content = (await detail(demo!.id, member.cookie)).content;
    expect(content).toMatchObject({ kind: 'PDF', pageCount: 4 });
    const pages = content?.kind === 'PDF' ? content.pages : [];
    expect(pages).toEqual(
      [1, 2, 3, 4].map((n) => ({
        url: servedFilePaths.lessonMediaFile(demo!.id, `page-${n}.webp`),
        width: 1080,
        height: 1528,
        textUrl: servedFilePaths.lessonMediaFile(demo!.id, `page-${n}.txt`),
      })),
    );
    const image = await get(t, pages[0]!.url, member.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // Each page's text, for screen readers: served by the app itself, for the viewer's script to read.
    const text = await get(t, pages[0]!.textUrl!, member.cookie);
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.payload.length).toBeGreaterThan(20);
    const strangerText = await get(t, pages[0]!.textUrl!, newbieCookie);
    expect([strangerText.statusCode, strangerText.json().code]).toEqual([403, 'notCourseMember']);

    const anonymous = await get(t, pages[0]!.url);
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 'unauthorized']);
    const stranger = await get(t, pages[0]!.url, newbieCookie);
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'notCourseMember']);
    // Only the pages the PDF has.
    const beyond = await get(t, servedFilePaths.lessonMediaFile(demo!.id, 'page-5.webp'), member.cookie);
    expect([beyond.statusCode, beyond.json().code]).toEqual([404, 'notFound']);
  });
});

describe('PUT /api/lessons/{id}/progress', () => {
  it('keeps the newest position, never goes back on completion, and counts a lesson once', async () => {
    const course = await arrangeCourse(t, storage, {
      lessons: [
        { mediaType: 'VIDEO', length: 100 },
        { mediaType: 'PDF', length: 3 },
      ],
    });
    const account = await newAccount(t);
    await addMember(t, course, account.id);
    const [video, pdf] = course.lessonIds as [number, number];
    const base = t.clock.now().getTime() - 60_000;
    const at = (seconds: number) => new Date(base + seconds * 1000);

    const first = await report(video, account.cookie, 7, at(10));
    expect(first.statusCode, first.body).toBe(200);
    expect(lessonProgressResultSchema.parse(first.json())).toEqual({
      status: 'LEARNING',
      position: 7,
      learnedLessonCount: 0,
      courseProgress: 0,
    });
    // A late report made before it changes nothing; the same report again neither.
    expect((await report(video, account.cookie, 3, at(5))).json()).toMatchObject({ position: 7 });
    expect((await report(video, account.cookie, 7, at(10))).json()).toMatchObject({ position: 7 });
    // Rewinding is a newer report: the position follows.
    expect((await report(video, account.cookie, 2, at(20))).json()).toMatchObject({ position: 2, status: 'LEARNING' });

    // 90 % watched completes it, and the course counts it once.
    expect((await report(video, account.cookie, 90, at(30))).json()).toEqual({
      status: 'COMPLETED',
      position: 90,
      learnedLessonCount: 1,
      courseProgress: 50,
    });
    expect((await report(video, account.cookie, 0, at(40))).json()).toEqual({
      status: 'COMPLETED',
      position: 0,
      learnedLessonCount: 1,
      courseProgress: 50,
    });
    const membership = await membershipRow(course.id, account.id);
    expect(membership).toMatchObject({ learnedLessonCount: 1, lastLessonId: video });
    expect(membership.lastLearnedAt?.toISOString()).toBe(at(40).toISOString());

    // The other device resumes where the newest report left off.
    expect((await detail(video, account.cookie)).progress).toEqual({ status: 'COMPLETED', position: 0 });

    // A document completes on its last page; positions past the end are the end.
    expect((await report(pdf, account.cookie, 99, at(50))).json()).toEqual({
      status: 'COMPLETED',
      position: 3,
      learnedLessonCount: 2,
      courseProgress: 100,
    });
    expect((await detail(pdf, account.cookie)).membership).toMatchObject({
      learningStatus: 'COMPLETED',
      progress: 100,
    });
  });

  it('counts a completion once when the same reports arrive together from several devices', async () => {
    const course = await arrangeCourse(t, storage, {
      lessons: [{ mediaType: 'AUDIO', length: 50 }, { mediaType: 'HTML' }],
    });
    const account = await newAccount(t);
    await addMember(t, course, account.id);
    const [audio] = course.lessonIds as [number];
    const reports = Array.from({ length: 8 }, (_, i) =>
      report(audio, account.cookie, 45 + (i % 3), new Date(t.clock.now().getTime() - 1000 * (8 - i))),
    );
    const answers = await Promise.all(reports);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await membershipRow(course.id, account.id)).toMatchObject({ learnedLessonCount: 1 });
    // The newest of them is the stored position, whatever order they landed in.
    expect(await learningRow(audio, account.id)).toMatchObject({
      status: 'COMPLETED',
      position: 45 + (7 % 3),
      furthest: 47,
    });
  });

  it('refuses in the order a learner can fix it: join, renew, finish the earlier lesson', async () => {
    const course = await arrangeCourse(t, storage, {
      learnInOrder: true,
      lessons: [{ mediaType: 'VIDEO' }, { mediaType: 'VIDEO', conversionStatus: 'RUNNING' }],
    });
    const [, second] = course.lessonIds as [number, number];
    const now = t.clock.now();
    // A stranger is told to join, not that the lesson is locked or converting.
    expect((await report(second, newbieCookie, 1, now)).json()).toMatchObject({ code: 'notCourseMember' });
    const expired = await newAccount(t);
    await addMember(t, course, expired.id, { expiresAt: new Date(now.getTime() - hour) });
    expect((await report(course.lessonIds[0]!, expired.cookie, 1, now)).json()).toMatchObject({
      code: 'memberExpired',
    });
    expect((await report(second, expired.cookie, 1, now)).json()).toMatchObject({ code: 'memberExpired' });
    expect(await learningRow(course.lessonIds[0]!, expired.id)).toBeNull();
    const member = await newAccount(t);
    await addMember(t, course, member.id);
    expect((await report(second, member.cookie, 1, now)).json()).toMatchObject({ code: 'lessonLocked' });
    await report(course.lessonIds[0]!, member.cookie, 100, now);
    expect((await report(second, member.cookie, 1, now)).json()).toMatchObject({ code: 'conversionNotCompleted' });
  });

  it('takes a device clock running ahead as now, so later reports still win', async () => {
    const course = await arrangeCourse(t, storage, { lessons: [{ mediaType: 'VIDEO', length: 600 }] });
    const account = await newAccount(t);
    await addMember(t, course, account.id);
    const [video] = course.lessonIds as [number];
    await report(video, account.cookie, 100, new Date(t.clock.now().getTime() + 365 * day));
    t.clock.advance(1000);
    expect((await report(video, account.cookie, 120, t.clock.now())).json()).toMatchObject({ position: 120 });
  });

  it('is for members: trials, strangers, logged-out callers and bad input are refused', async () => {
    const course = await arrangeCourse(t, storage, { lessons: [{ mediaType: 'VIDEO', freeTrial: true }] });
    const [video] = course.lessonIds as [number];
    const now = t.clock.now();
    expect((await report(video, newbieCookie, 5, now)).json()).toMatchObject({ code: 'notCourseMember' });
    const anonymous = await put(apiPaths.lessonProgress(video), undefined, { position: 5, at: now.toISOString() });
    expect(anonymous.statusCode).toBe(401);
    await addMember(t, course, newbieId);
    for (const payload of [
      { position: -1, at: now.toISOString() },
      { position: 1.5, at: now.toISOString() },
      { position: 1, at: 'yesterday' },
      {},
    ]) {
      const res = await put(apiPaths.lessonProgress(video), newbieCookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validationFailed' });
    }
  });
});

describe('POST /api/lessons/{id}/activity/registration', () => {
  it('gives the last seat once, refuses the next learner, and completes the lesson', async () => {
    const course = await arrangeCourse(t, storage, {
      lessons: [{ mediaType: 'ACTIVITY', maxParticipants: 3, participantCount: 2 }, { mediaType: 'VIDEO' }],
    });
    const [activity] = course.lessonIds as [number];
    const [a, b] = [await newAccount(t), await newAccount(t)];
    await addMember(t, course, a.id);
    await addMember(t, course, b.id);

    const taken = await post(t, apiPaths.lessonActivityRegistration(activity), a.cookie);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toEqual({ registered: true, participantCount: 3 });
    // Again: still registered, nothing counted twice.
    const again = await post(t, apiPaths.lessonActivityRegistration(activity), a.cookie);
    expect([again.statusCode, again.json().participantCount]).toEqual([200, 3]);
    const full = await post(t, apiPaths.lessonActivityRegistration(activity), b.cookie);
    expect([full.statusCode, full.json().code]).toEqual([409, 'tooManyParticipants']);
    expect((await t.db.select().from(lessons).where(eq(lessons.id, activity)))[0]!.participantCount).toBe(3);

    expect((await detail(activity, a.cookie)).content).toMatchObject({ registered: true, participantCount: 3 });
    expect((await detail(activity, a.cookie)).progress).toEqual({ status: 'COMPLETED', position: 1 });
    expect((await detail(activity, b.cookie)).content).toMatchObject({ registered: false });
    expect((await post(t, apiPaths.lessonActivityRegistration(course.lessonIds[1]!), a.cookie)).statusCode).toBe(400);
  });

  it('never gives more seats than there are when learners register at once', async () => {
    const course = await arrangeCourse(t, storage, { lessons: [{ mediaType: 'ACTIVITY', maxParticipants: 2 }] });
    const [activity] = course.lessonIds as [number];
    const accounts = await Promise.all(Array.from({ length: 5 }, () => newAccount(t)));
    for (const account of accounts) await addMember(t, course, account.id);
    const answers = await Promise.all(
      accounts.map((account) => post(t, apiPaths.lessonActivityRegistration(activity), account.cookie)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect((await t.db.select().from(lessons).where(eq(lessons.id, activity)))[0]!.participantCount).toBe(2);
  });
});

describe('POST /api/lessons/{id}/notes', () => {
  it('keeps a member’s note with where it was taken', async () => {
    const course = await arrangeCourse(t, storage, { lessons: [{ mediaType: 'VIDEO', freeTrial: true, length: 30 }] });
    const [video] = course.lessonIds as [number];
    await addMember(t, course, learnerId);
    const res = await post(t, apiPaths.lessonNotes(video), learnerCookie, {
      content: '  Remember this  ',
      position: 7,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(courseNoteSchema.parse(res.json())).toMatchObject({
      lesson: { id: video, title: 'Lesson 1', mediaType: 'VIDEO' },
      position: 7,
      content: 'Remember this',
    });
    const empty = await post(t, apiPaths.lessonNotes(video), learnerCookie, { content: '   ' });
    expect(empty.json()).toMatchObject({ code: 'validationFailed', field: 'content', rule: ruleIds.noteRequired });
    // A trial is not a membership.
    const stranger = await post(t, apiPaths.lessonNotes(video), newbieCookie, { content: 'mine' });
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'notCourseMember']);
  });
});

describe('PUT /api/learning/preferences', () => {
  it('remembers the playback speed per learner', async () => {
    const course = await arrangeCourse(t, storage, { lessons: [{ mediaType: 'VIDEO', freeTrial: true }] });
    const account = await newAccount(t);
    const res = await put(apiPaths.learningPreferences, account.cookie, { playbackRate: 1.5 });
    expect([res.statusCode, res.json()]).toEqual([200, { playbackRate: 1.5 }]);
    expect((await detail(course.lessonIds[0]!, account.cookie)).playbackRate).toBe(1.5);
    expect((await detail(course.lessonIds[0]!, learnerCookie)).playbackRate).toBe(1);
    for (const playbackRate of [0.5, 2.5, 1.1, '1']) {
      expect((await put(apiPaths.learningPreferences, account.cookie, { playbackRate })).statusCode).toBe(400);
    }
    expect((await put(apiPaths.learningPreferences, undefined, { playbackRate: 1 })).statusCode).toBe(401);
  });
});

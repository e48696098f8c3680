import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mediaTypes } from '@school/contract/enums';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityRegistrations,
  articles,
  categories,
  classrooms,
  courseLectures,
  courseMembers,
  courses,
  courseThreads,
  examReviewers,
  exams,
  lessonLearnings,
  lessons,
  media,
  microPages,
  tabs,
  tenantHosts,
  tenants,
  users,
} from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import { createMediaStorage } from '../providers/storage/index.js';
import { createLocalMediaStorage, type MediaStorage } from '../providers/storage/media-storage.js';
import { examScenarios } from '../testing/exam-scenarios.js';
import { startFakeS3 } from '../testing/fake-s3.js';
import { learningScenarios, type LearningScenarios } from '../testing/learning-scenarios.js';
import { ownSite } from '../testing/site.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { demoAccounts, openDemoLogins, secondSchoolHost } from './demo-accounts.js';
import { demoExamScenarios } from './demo-exam-scenarios.js';
import { demoLearningScenarios } from './demo-learning-scenarios.js';
import { demoPacks, installDemoMedia, loadDemoSchoolsIfEmpty } from './load-demo-schools.js';

/*
 * The demo schools as development and tests get them: both packs imported, then the demo data
 * (accounts, learners' memberships, progress, attempts, orders) with every scenario the browser
 * journeys and API tests use. The pack's own checks are the school-pack tests'.
 */

const mediaDir = path.join(demoPacks.demo, 'media');

let t: TestApp;
let storage: MediaStorage;
let s: LearningScenarios;
beforeAll(async () => {
  t = await createTestApp();
  // The storage the app serves from (DATA_DIR/media); start-up copied the packs' files into it.
  storage = createMediaStorage(t.config, { clock: t.clock });
  s = await learningScenarios(t.db);
});
afterAll(async () => {
  await t.close();
});

const userId = async (username: string, tenantId = 1) =>
  (
    await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, username)))
  )[0]!.id;

describe('loadDemoSchoolsIfEmpty', () => {
  it('loads the demo school and a second school from their packs, with fixed ids', async () => {
    const rows = await t.db.select().from(tenants).orderBy(asc(tenants.id));
    expect(rows.map((r) => [r.id, r.name.en, r.isDefault, r.status])).toEqual([
      [1, 'Demo School', true, 'RUNNING'],
      [2, 'Second School', false, 'RUNNING'],
    ]);
    expect(await t.db.select().from(tenantHosts).orderBy(asc(tenantHosts.tenantId), asc(tenantHosts.seq))).toEqual([
      { host: 'localhost', tenantId: 1, seq: 0 },
      { host: '127.0.0.1', tenantId: 1, seq: 1 },
      { host: secondSchoolHost, tenantId: 2, seq: 0 },
    ]);
    const [home] = await t.db.select().from(tabs).orderBy(asc(tabs.id)).limit(1);
    expect(home).toMatchObject({ tenantId: 1, type: 'MICRO_PAGE', microPageId: 1 });
    const [page] = await t.db.select().from(microPages).orderBy(asc(microPages.id)).limit(1);
    expect(page?.title).toEqual({ cn: '首页', en: 'Home' });
  });

  it('does nothing on a database that already has a school (restarts keep data)', async () => {
    const [before] = await t.db.select({ n: count() }).from(users);
    expect(await loadDemoSchoolsIfEmpty(t.db, storage, t.clock.now())).toBe(false);
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it('names the demo accounts that still open with their published password, and no other', async () => {
    expect(await openDemoLogins(t.db)).toEqual(['learner', 'newbie', 'operator', 'teacher']);
    // A school that kept the username but chose its own password is not the demo's.
    const [operator] = await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('a-school-of-its-own') })
      .where(and(eq(users.tenantId, 1), eq(users.username, demoAccounts.operator.username)))
      .returning({ id: users.id });
    expect(operator).toBeDefined();
    expect(await openDemoLogins(t.db)).toEqual(['learner', 'newbie', 'teacher']);
  });

  it('gives the demo school the catalogue the issue asks for', async () => {
    const demo = 1;
    const published = await t.db
      .select({ n: count() })
      .from(courses)
      .where(and(eq(courses.tenantId, demo), eq(courses.status, 'PUBLISHED')));
    expect(published[0]?.n).toBeGreaterThanOrEqual(40);
    const levels = await t.db
      .selectDistinct({ level: categories.level })
      .from(categories)
      .where(and(eq(categories.tenantId, demo), eq(categories.type, 'COURSE')));
    expect(levels.map((l) => l.level).sort()).toEqual([0, 1, 2]);
    const counted = async (table: typeof classrooms | typeof exams | typeof articles) =>
      (await t.db.select({ n: count() }).from(table).where(eq(table.tenantId, demo)))[0]?.n ?? 0;
    expect(await counted(classrooms)).toBeGreaterThanOrEqual(6);
    expect(await counted(exams)).toBeGreaterThanOrEqual(8);
    expect(await counted(articles)).toBeGreaterThanOrEqual(20);
    const types = await t.db
      .selectDistinct({ type: lessons.mediaType })
      .from(lessons)
      .where(eq(lessons.tenantId, demo));
    expect(types.length).toBe(mediaTypes.length);
    // Stored counters agree with the rows they count.
    const mismatched = await t.db
      .select({ id: courses.id })
      .from(courses)
      .where(
        sql`${courses.lessonCount} <> (select count(*) from lessons l where l.course_id = ${courses.id})
          or ${courses.ratingCount} <> (select count(*) from course_comments m where m.course_id = ${courses.id})`,
      );
    expect(mismatched).toEqual([]);
    const unanswered = await t.db
      .select({ id: courseThreads.id })
      .from(courseThreads)
      .where(
        sql`${courseThreads.replyCount} <> (select count(*) from course_thread_posts p where p.thread_id = ${courseThreads.id})`,
      );
    expect(unanswered).toEqual([]);
  });

  it('makes the first lesson of every course, and only it, a free trial', async () => {
    const rows = await t.db
      .select({ seq: lessons.seq, freeTrial: lessons.freeTrial })
      .from(lessons)
      .orderBy(asc(lessons.courseId), asc(lessons.seq));
    expect(rows.every((l) => l.freeTrial === (l.seq === 1))).toBe(true);
  });
});

/** Seconds of an mp4, from its movie header: 'mvhd', version, flags, two times, timescale, duration. */
function mp4Seconds(file: Buffer): number {
  const at = file.indexOf('mvhd');
  const version = file[at + 4];
  return version === 1
    ? Number(file.readBigUInt64BE(at + 28)) / file.readUInt32BE(at + 24)
    : file.readUInt32BE(at + 20) / file.readUInt32BE(at + 16);
}

/** Seconds of a (CBR, LAME-tagged) mp3: frames from its Xing/Info header × samples per frame ÷ rate. */
function mp3Seconds(file: Buffer): number {
  const mpeg1 = ((file[1]! >> 3) & 3) === 3;
  const rates = mpeg1 ? [44100, 48000, 32000] : [22050, 24000, 16000];
  const rate = rates[(file[2]! >> 2) & 3]!;
  const tag = Math.max(file.indexOf('Xing'), file.indexOf('Info'));
  expect(file.readUInt32BE(tag + 4) & 1).toBe(1); // the frame count is present
  return (file.readUInt32BE(tag + 8) * (mpeg1 ? 1152 : 576)) / rate;
}

async function bytesIn(key: string): Promise<Buffer | null> {
  const stream = await storage.read(key);
  if (stream === null) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('demo media', () => {
  const playing = ['VIDEO', 'AUDIO', 'PDF', 'DOC', 'PPT', 'OTHER', 'LIVE_RECODE'] as const;
  // Videos come as the pack's HLS stream (one film still converting: the scenario below).
  const expectedFormat = { VIDEO: ['HLS'], LIVE_RECODE: ['HLS'], PPT: ['SLIDES'] } as Record<string, string[]>;
  const expectedType = {
    VIDEO: /^application\/vnd\.apple\.mpegurl$/,
    LIVE_RECODE: /^application\/vnd\.apple\.mpegurl$/,
    AUDIO: /^audio\/mpeg$/,
    PDF: /^application\/pdf$/,
    DOC: /^application\/pdf$/,
    PPT: /^image\/webp$/,
    OTHER: /^application\/zip$/,
  } as Record<string, RegExp>;

  it('keeps the whole set small: under 2 MB, the mp4 under 400 KB', async () => {
    const files = (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
    const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(f.parentPath, f.name))).size));
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(2_000_000);
    expect((await stat(path.join(mediaDir, 'lesson.mp4'))).size).toBeLessThan(400_000);
  });

  it('gives the media rows the real durations of their files', async () => {
    const seconds = async (type: 'VIDEO' | 'AUDIO') =>
      new Set(
        (
          await t.db
            .select({ duration: media.duration })
            .from(lessons)
            .innerJoin(media, eq(media.id, lessons.mediaId))
            .where(and(eq(lessons.tenantId, 1), eq(lessons.mediaType, type)))
        ).map((r) => r.duration),
      );
    const mp4 = mp4Seconds(await readFile(path.join(mediaDir, 'lesson.mp4')));
    const mp3 = mp3Seconds(await readFile(path.join(mediaDir, 'lesson.mp3')));
    const playlist = await readFile(path.join(mediaDir, 'lesson-hls', 'index.m3u8'), 'utf8');
    const hls = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(Math.round(hls)).toBe(Math.round(mp4));
    expect(await seconds('VIDEO')).toEqual(new Set([Math.round(hls)]));
    expect(await seconds('AUDIO')).toEqual(new Set([Math.round(mp3)]));
  });

  it('gives every lesson that plays a file its own media, whose files are all in the storage', async () => {
    const rows = await t.db
      .select({ lesson: lessons, media })
      .from(lessons)
      .leftJoin(media, eq(media.id, lessons.mediaId))
      .where(inArray(lessons.mediaType, [...playing]));
    expect(rows.length).toBeGreaterThan(100);
    const checked = new Map<string, Buffer | null>();
    for (const { lesson, media: m } of rows) {
      const where = `lesson ${lesson.id} (${lesson.mediaType})`;
      expect(m, where).not.toBeNull();
      // The film still converting has no stream yet (its own scenario below).
      if (m!.conversionStatus !== 'COMPLETED') continue;
      expect(m!.tenantId, where).toBe(lesson.tenantId);
      expect(expectedFormat[lesson.mediaType] ?? ['FILE'], where).toContain(m!.format);
      expect(m!.files[0]!.contentType, where).toMatch(expectedType[lesson.mediaType]!);
      // A lesson with a media length is as long as it.
      if (m!.duration !== null) expect(lesson.duration, where).toBe(m!.duration);
      if (['PDF', 'DOC', 'PPT'].includes(lesson.mediaType)) expect(m!.pageCount, where).toBe(4);
      if (lesson.mediaType === 'PPT') expect(m!.files, where).toHaveLength(4);
      // Names are unique within a media item (they are the last part of its file URLs).
      expect(new Set(m!.files.map((f) => f.name)).size, where).toBe(m!.files.length);
      for (const file of m!.files) {
        if (!checked.has(file.key)) checked.set(file.key, await bytesIn(file.key));
        expect(checked.get(file.key)?.length, `${where}: ${file.key}`).toBe(file.size);
      }
    }
    const ids = rows.map((r) => r.media!.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives the other lesson types what they show', async () => {
    const rows = await t.db.select().from(lessons).where(eq(lessons.tenantId, 1));
    const of = (type: string) => rows.filter((l) => l.mediaType === type);
    for (const l of of('HTML')) {
      expect(l.content?.cn.length).toBeGreaterThan(600);
      expect(l.content?.en.length).toBeGreaterThan(1500);
      expect(l.content?.en).not.toMatch(/<script|on\w+=/i);
    }
    for (const type of ['LIVE', 'LIVE_NOW', 'LIVE_COMPLETED']) {
      for (const l of of(type)) {
        expect(l.startTime, `${type} ${l.id}`).not.toBeNull();
        expect(l.externalUrl, `${type} ${l.id}`).toMatch(/^https:\/\//);
      }
    }
    // Every EXAM lesson opens a free exam open any time (the Python quiz, or its course's own
    // check), but the one whose exam needs progress in its course first.
    const examsOf = await t.db.select().from(exams).where(eq(exams.tenantId, 1));
    const quiz = examsOf.find((e) => e.uid === demoLearningScenarios.examUid)!;
    expect(quiz).toMatchObject({ status: 'PUBLISHED', priceCents: 0, requiredCourseId: null });
    const gated = examsOf.find((e) => e.uid === demoExamScenarios.progressRequired.examUid)!;
    for (const l of of('EXAM')) {
      const opened = examsOf.find((e) => e.id === l.examId)!;
      if (l.courseId === gated.requiredCourseId) expect(opened.id, `lesson ${l.id}`).toBe(gated.id);
      else {
        expect(opened, `lesson ${l.id}`).toMatchObject({ status: 'PUBLISHED', priceCents: 0, requiredCourseId: null });
        expect([opened.startTime, opened.endTime], `lesson ${l.id}`).toEqual([null, null]);
      }
    }
    expect(of('EXAM').filter((l) => l.examId === gated.id)).toHaveLength(1);
    expect(new Set(of('EXAM').map((l) => l.examId)).size).toBeGreaterThan(2);
    for (const l of of('ACTIVITY')) {
      expect(l.startTime).not.toBeNull();
      expect(l.address?.en).toMatch(/Shanghai/);
      expect(l.maxParticipants).toBeGreaterThan(0);
    }
    for (const l of of('LAB')) {
      expect(l.externalUrl).toMatch(/^https:\/\//);
      expect(l.content?.en).toMatch(/lab/i);
    }
  });

  it('gives each lecture its own media with the real file size', async () => {
    const rows = await t.db
      .select({ lecture: courseLectures, media })
      .from(courseLectures)
      .innerJoin(media, eq(media.id, courseLectures.mediaId));
    expect(rows.length).toBe(await t.db.$count(courseLectures));
    expect(rows.map((r) => r.lecture.fileName)).toContain('handout.pdf');
    for (const { lecture, media: m } of rows) {
      expect(m.files[0]).toMatchObject({ name: lecture.fileName, size: lecture.sizeBytes });
      // The lecture viewer pages a PDF: its page count is measured at import.
      expect(m.pageCount).toBe(lecture.fileName.endsWith('.pdf') ? 4 : null);
      expect((await bytesIn(m.files[0]!.key))?.length).toBe(lecture.sizeBytes);
    }
  });

  it('copies the packs’ files into a storage only when missing', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'school-demo-media-'));
    try {
      const fresh = createLocalMediaStorage(dir);
      const keys = new Set(
        (await t.db.select({ files: media.files }).from(media)).flatMap((r) => r.files.map((f) => f.key)),
      );
      expect(await installDemoMedia(t.db, fresh)).toBeGreaterThanOrEqual(keys.size);
      for (const key of keys) expect(await fresh.size(key), key).not.toBeNull();
      expect(await installDemoMedia(t.db, fresh)).toBe(0);
      const mp3 = [...keys].find((key) => key.endsWith('.mp3'))!;
      await rm(path.join(dir, mp3));
      expect(await installDemoMedia(t.db, fresh)).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('puts the packs’ files into an S3 bucket at start-up, whose origin joins the CSP', async () => {
    const keys = { accessKeyId: 'AKIASEEDTEST', secretAccessKey: 'seed-test-secret', region: 'us-east-1' };
    const fake = await startFakeS3({ ...keys, bucket: 'demo-media' });
    try {
      const s3 = { ...keys, endpoint: fake.url, bucket: 'demo-media', forcePathStyle: true };
      const app = await createTestApp({ mediaStorage: 's3', s3Storage: s3 });
      try {
        const rows = await app.db.select({ files: media.files }).from(media);
        const named = rows.flatMap((r) => r.files);
        expect(named.length).toBeGreaterThan(0);
        for (const file of named) expect(fake.objects.get(file.key)?.contentType, file.key).toBe(file.contentType);
        expect(named.some((file) => file.contentType === 'audio/mpeg')).toBe(true);
        const csp = String((await app.app.inject({ url: '/api/health' })).headers['content-security-policy']);
        expect(csp).toMatch(new RegExp(`media-src 'self' blob: ${fake.url}`));
        expect(csp).toMatch(new RegExp(`connect-src 'self' ${fake.url}`));
      } finally {
        await app.close();
      }
    } finally {
      await fake.close();
    }
  });

  it('serves the pack’s pictures to anyone, kept for good, and nothing else under their path', async () => {
    const [course] = await t.db.select({ cover: courses.cover }).from(courses).where(eq(courses.uid, 'sql-essentials'));
    expect(course!.cover).toMatch(/^\/api\/images\/[0-9a-f]{64}\.svg\/images\/covers\/sql-essentials\.svg$/);
    const res = await t.app.inject({ url: course!.cover });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toBe(await readFile(path.join(demoPacks.demo, 'images/covers/sql-essentials.svg'), 'utf8'));
    // The hash decides: the path after it is only where the pack had the file.
    expect((await t.app.inject({ url: course!.cover.replace(/\/images\/covers\/.*$/, '/x.svg') })).statusCode).toBe(
      200,
    );
    for (const url of [
      `/api/images/${'0'.repeat(64)}.svg/x.svg`,
      course!.cover.replace('.svg/', '.exe/'),
      '/api/images/..%2F..%2Fpackage.json/x',
    ]) {
      const refused = await t.app.inject({ url });
      expect([url, refused.statusCode, refused.json().code]).toEqual([url, 404, 'notFound']);
    }
  });

  it('leaves no lesson or lecture file in the web app’s public folder', async () => {
    const publicDir = fileURLToPath(new URL('../../../web/public/', import.meta.url));
    const files = await readdir(publicDir, { recursive: true });
    expect(files.filter((f) => /\.(mp4|m3u8|ts|mp3|pdf|webp|zip|txt)$/.test(f) && !f.endsWith('robots.txt'))).toEqual(
      [],
    );
  });
});

describe('learning scenarios', () => {
  let learner: number;
  beforeAll(async () => {
    learner = await userId(demoAccounts.learner.username);
  });
  const membership = async (courseId: number, user: number) =>
    (
      await t.db
        .select()
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, user)))
    )[0];
  const learningsOf = (courseId: number, user: number) =>
    t.db
      .select({ learning: lessonLearnings, seq: lessons.seq })
      .from(lessonLearnings)
      .innerJoin(lessons, eq(lessons.id, lessonLearnings.lessonId))
      .where(and(eq(lessons.courseId, courseId), eq(lessonLearnings.userId, user)))
      .orderBy(asc(lessons.seq));
  const lessonRow = async (id: number) => (await t.db.select().from(lessons).where(eq(lessons.id, id)))[0]!;
  const mediaOf = async (lessonId: number) =>
    (
      await t.db
        .select()
        .from(media)
        .where(eq(media.id, (await lessonRow(lessonId)).mediaId!))
    )[0]!;

  it('has a free, published, learn-in-order course where lesson 3 waits for lesson 2', async () => {
    const { courseId } = s.learnInOrder;
    const [course] = await t.db.select().from(courses).where(eq(courses.id, courseId));
    expect(course).toMatchObject({ learnInOrder: true, status: 'PUBLISHED', priceCents: 0 });
    expect(await membership(courseId, learner)).toMatchObject({ learnedLessonCount: 1, expiresAt: null });
    expect((await learningsOf(courseId, learner)).map((r) => [r.learning.lessonId, r.learning.status])).toEqual([
      [s.learnInOrder.completedLessonId, 'COMPLETED'],
    ]);
    expect((await lessonRow(s.learnInOrder.blockingLessonId)).seq).toBe(2);
    expect((await lessonRow(s.learnInOrder.lockedLessonId)).seq).toBe(3);
    expect((await t.db.select().from(courses).where(eq(courses.learnInOrder, true))).length).toBe(1);
  });

  it('has a membership of the learner that expired', async () => {
    const member = await membership(s.expiredMembership.courseId, learner);
    expect(member!.expiresAt!.getTime()).toBeLessThan(t.clock.now().getTime());
    expect((await lessonRow(s.expiredMembership.trialLessonId)).freeTrial).toBe(true);
    expect((await lessonRow(s.expiredMembership.lessonId)).freeTrial).toBe(false);
  });

  it('has a video still converting in a course the learner owns', async () => {
    expect(await membership(s.conversionRunning.courseId, learner)).toMatchObject({ expiresAt: null });
    expect((await lessonRow(s.conversionRunning.lessonId)).mediaType).toBe('VIDEO');
    // Converted elsewhere: no film for this server's job to take over, however long the demo runs.
    expect(await mediaOf(s.conversionRunning.lessonId)).toMatchObject({ conversionStatus: 'RUNNING', source: null });
    // The demo school's only one (the second school's film converts for real while tests run).
    const running = await t.db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.tenantId, 1), eq(media.conversionStatus, 'RUNNING')));
    expect(running).toHaveLength(1);
  });

  it('has an activity with exactly one seat left, taken by other members of its course', async () => {
    const activity = await lessonRow(s.activityOneSeatLeft.lessonId);
    expect(activity.mediaType).toBe('ACTIVITY');
    expect(activity.participantCount).toBe(activity.maxParticipants! - 1);
    const seats = await t.db
      .select()
      .from(activityRegistrations)
      .where(eq(activityRegistrations.lessonId, activity.id));
    expect(seats).toHaveLength(activity.participantCount);
    expect(seats.map((r) => r.userId)).not.toContain(learner);
    for (const seat of seats) expect(await membership(activity.courseId, seat.userId)).toBeDefined();
    expect(await membership(activity.courseId, learner)).toBeDefined();
    // Every activity's counter agrees with its registrations.
    const counters = await t.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(
        sql`${lessons.participantCount} <> (select count(*) from activity_registrations r where r.lesson_id = ${lessons.id})`,
      );
    expect(counters).toEqual([]);
  });

  it('has a live lesson starting tomorrow, one live now, one finished and a replay that plays', async () => {
    // Seen from the hour the demo was made: the test database may be a copy made earlier.
    const now = (await examScenarios(t.db)).demoMadeAt.getTime();
    const tomorrow = await lessonRow(s.liveTomorrow.lessonId);
    expect(tomorrow.mediaType).toBe('LIVE');
    expect(tomorrow.startTime!.getTime() - now).toBeGreaterThan(23 * 3_600_000);
    expect(tomorrow.startTime!.getTime() - now).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await lessonRow(s.liveNow.lessonId)).mediaType).toBe('LIVE_NOW');
    expect((await lessonRow(s.liveCompleted.lessonId)).startTime!.getTime()).toBeLessThan(now);
    const replay = await lessonRow(s.liveReplay.lessonId);
    expect(replay.mediaType).toBe('LIVE_RECODE');
    expect((await mediaOf(replay.id)).files[0]).toMatchObject({
      name: 'index.m3u8',
      contentType: 'application/vnd.apple.mpegurl',
    });
    expect((await lessonRow(s.lab.lessonId)).mediaType).toBe('LAB');
    expect((await mediaOf(s.download.lessonId)).files[0]).toMatchObject({ name: 'exercises.zip' });
    expect(await membership(s.liveTomorrow.courseId, learner)).toBeDefined();
  });

  it('has the learner’s progress in two courses, with positions', async () => {
    expect(s.learnerProgress).toHaveLength(2);
    for (const p of s.learnerProgress) {
      const rows = await learningsOf(p.courseId, learner);
      expect(rows.filter((r) => r.learning.status === 'COMPLETED')).toHaveLength(p.completedLessons);
      const last = rows.at(-1)!.learning;
      expect(last).toMatchObject({ lessonId: p.lessonId, status: 'LEARNING', position: p.position });
      expect(rows.every((r) => r.learning.reportedAt !== null && r.learning.furthest >= r.learning.position)).toBe(
        true,
      );
    }
  });

  it('keeps every membership’s counters and last lesson consistent with its lesson rows', async () => {
    const members = await t.db.select().from(courseMembers);
    for (const m of members) {
      const rows = await learningsOf(m.courseId, m.userId);
      const where = `course ${m.courseId} user ${m.userId}`;
      expect(m.learnedLessonCount, where).toBe(rows.filter((r) => r.learning.status === 'COMPLETED').length);
      const latest = [...rows]
        .sort((a, b) => a.learning.reportedAt!.getTime() - b.learning.reportedAt!.getTime())
        .at(-1);
      expect(m.lastLessonId, where).toBe(latest?.learning.lessonId ?? null);
      expect(m.lastLearnedAt?.getTime() ?? null, where).toBe(latest?.learning.reportedAt?.getTime() ?? null);
      for (const r of rows) {
        expect(r.learning.completedAt !== null, where).toBe(r.learning.status === 'COMPLETED');
      }
    }
    const progressed = await t.db
      .selectDistinct({ courseId: courseMembers.courseId })
      .from(courseMembers)
      .where(and(eq(courseMembers.userId, learner), isNotNull(courseMembers.lastLearnedAt)));
    expect(progressed.length).toBeGreaterThanOrEqual(2);
  });

  it('makes classroom members members of the classroom’s courses (a classroom is studied through them)', async () => {
    const missing = await t.db.execute(
      sql`select m.classroom_id, m.user_id, c.course_id from classroom_members m
          join classroom_courses c on c.classroom_id = m.classroom_id
          where not exists (select 1 from course_members cm where cm.course_id = c.course_id and cm.user_id = m.user_id)`,
    );
    expect((missing as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('has a free course with a video first lesson that newbie does not own', async () => {
    const newbie = await userId(demoAccounts.newbie.username);
    const { courseId } = s.newbieJourney;
    expect((await t.db.select().from(courses).where(eq(courses.id, courseId)))[0]).toMatchObject({
      status: 'PUBLISHED',
      priceCents: 0,
      learnInOrder: false,
    });
    expect(await membership(courseId, newbie)).toBeUndefined();
    expect(await t.db.$count(courseMembers, eq(courseMembers.courseId, courseId))).toBe(0);
    expect((await lessonRow(s.newbieJourney.lessonId)).seq).toBe(1);
    expect((await mediaOf(s.newbieJourney.lessonId)).files[0]).toMatchObject({ name: 'index.m3u8' });
    expect((await mediaOf(s.newbieJourney.hlsLessonId)).format).toBe('HLS');
    expect((await lessonRow(s.newbieJourney.pdfLessonId)).mediaType).toBe('PDF');
    expect(Object.keys(s.everyMediaType.lessonIds).sort()).toEqual(
      ['ACTIVITY', 'AUDIO', 'DOC', 'EXAM', 'HTML', 'LIVE', 'PDF', 'PPT', 'VIDEO'].sort(),
    );
  });

  it('gives the second school media of its own', async () => {
    expect((await mediaOf(s.secondSchool.lessonId)).tenantId).toBe(s.secondSchool.tenantId);
    expect((await lessonRow(s.secondSchool.pdfLessonId)).tenantId).toBe(s.secondSchool.tenantId);
  });
});

describe('the reviewing teacher', () => {
  it('has an account that logs in, linked to a reviewer of the exam waiting for review', async () => {
    const x = await examScenarios(t.db);
    const reviewers = await t.db
      .select({ teacherId: examReviewers.teacherId })
      .from(examReviewers)
      .where(eq(examReviewers.examId, x.reviewing.examId));
    expect(reviewers.map((r) => r.teacherId)).toContain(x.teacher.teacherId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...ownSite },
      payload: { username: demoAccounts.teacher.username, password: demoAccounts.teacher.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: x.teacher.userId, username: 'teacher' });
  });
});

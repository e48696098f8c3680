import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mediaTypes, quizTypes } from '@school/contract/enums';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage } from '../providers/storage/index.js';
import { createLocalMediaStorage, type MediaStorage } from '../providers/storage/media-storage.js';
import { startFakeS3 } from '../testing/fake-s3.js';
import { examScenarios, type ExamScenarios } from '../testing/exam-scenarios.js';
import { learningScenarios, type LearningScenarios } from '../testing/learning-scenarios.js';
import { day, ownSite } from '../testing/site.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import {
  activityRegistrations,
  articles,
  attemptAnswers,
  attempts,
  categories,
  classrooms,
  courseLectures,
  courseMembers,
  courses,
  courseThreads,
  examMembers,
  examReviewers,
  exams,
  homeworks,
  lessonLearnings,
  lessons,
  media,
  microPages,
  paperQuestions,
  papers,
  questions,
  tabs,
  tenantHosts,
  tenants,
  users,
  type GivenAnswer,
} from './schema.js';
import { hashPassword } from '../lib/password.js';
import { demoAccounts, openDemoLogins, secondSchoolHost, seedIfEmpty } from './seed.js';
import { seedScenarios } from './seed-catalogue.js';
import { seedExamScenarios } from './seed-exams.js';
import { installSeedMedia, seedMediaDir, seedMediaItems } from './seed-media.js';

let t: TestApp;
let storage: MediaStorage;
let s: LearningScenarios;
beforeAll(async () => {
  t = await createTestApp();
  // The storage the app serves from (DATA_DIR/media); start-up copied the seed files into it.
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

describe('seedIfEmpty', () => {
  it('wrote the demo school and a second school, with fixed ids', async () => {
    const rows = await t.db.select().from(tenants).orderBy(asc(tenants.id));
    expect(rows.map((r) => [r.id, r.name.en, r.isDefault, r.status])).toEqual([
      [1, 'Demo School', true, 'RUNNING'],
      [2, 'Second School', false, 'RUNNING'],
    ]);
    expect(await t.db.select().from(tenantHosts)).toEqual([{ host: secondSchoolHost, tenantId: 2, seq: 0 }]);
    const [home] = await t.db.select().from(tabs).orderBy(asc(tabs.id)).limit(1);
    expect(home).toMatchObject({ tenantId: 1, type: 'MICRO_PAGE', microPageId: 1 });
    const [page] = await t.db.select().from(microPages).orderBy(asc(microPages.id)).limit(1);
    expect(page?.title).toEqual({ cn: '首页', en: 'Home' });
  });

  it('does nothing on a database that already has a school (restarts keep data)', async () => {
    const [before] = await t.db.select({ n: count() }).from(users);
    expect(await seedIfEmpty(t.db)).toBe(false);
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

describe('seed media', () => {
  const playing = ['VIDEO', 'AUDIO', 'PDF', 'DOC', 'PPT', 'OTHER', 'LIVE_RECODE'] as const;
  const expectedFormat = { VIDEO: ['FILE', 'HLS'], LIVE_RECODE: ['FILE'], PPT: ['SLIDES'] } as Record<string, string[]>;
  const expectedType = {
    VIDEO: /^(video\/mp4|application\/vnd\.apple\.mpegurl)$/,
    LIVE_RECODE: /^video\/mp4$/,
    AUDIO: /^audio\/mpeg$/,
    PDF: /^application\/pdf$/,
    DOC: /^application\/pdf$/,
    PPT: /^image\/webp$/,
    OTHER: /^application\/zip$/,
  } as Record<string, RegExp>;

  it('keeps the whole set small: under 2 MB, the mp4 under 400 KB', async () => {
    const files = (await readdir(seedMediaDir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
    const sizes = await Promise.all(files.map(async (f) => (await readFile(path.join(f.parentPath, f.name))).length));
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(2_000_000);
    expect((await readFile(path.join(seedMediaDir, 'lesson.mp4'))).length).toBeLessThan(400_000);
  });

  it('gives the media rows the real durations of their files', async () => {
    const mp4 = mp4Seconds(await readFile(path.join(seedMediaDir, 'lesson.mp4')));
    const mp3 = mp3Seconds(await readFile(path.join(seedMediaDir, 'lesson.mp3')));
    expect(Math.round(mp4)).toBe(seedMediaItems.video.duration);
    expect(Math.round(mp3)).toBe(seedMediaItems.audio.duration);
    const playlist = await readFile(path.join(seedMediaDir, 'lesson-hls', 'index.m3u8'), 'utf8');
    const hls = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(Math.round(hls)).toBe(seedMediaItems.hls.duration);
    // Every segment the playlist names is a file of the HLS media, named relative to the playlist.
    const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
    expect(seedMediaItems.hls.files.slice(1).map((f) => path.posix.basename(f))).toEqual(segments);
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
    // Both video formats appear.
    expect(new Set(rows.filter((r) => r.lesson.mediaType === 'VIDEO').map((r) => r.media!.format))).toEqual(
      new Set(['FILE', 'HLS']),
    );
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
    // Every EXAM lesson opens the free Python quiz, but the one whose exam needs progress first.
    const examsOf = await t.db.select().from(exams).where(eq(exams.tenantId, 1));
    const quiz = examsOf.find((e) => e.uid === seedScenarios.examUid)!;
    expect(quiz).toMatchObject({ status: 'PUBLISHED', priceCents: 0, requiredCourseId: null });
    const gated = examsOf.find((e) => e.uid === seedExamScenarios.progressRequired.examUid)!;
    for (const l of of('EXAM')) {
      expect(l.examId, `lesson ${l.id}`).toBe(l.courseId === gated.requiredCourseId ? gated.id : quiz.id);
    }
    expect(of('EXAM').filter((l) => l.examId === gated.id)).toHaveLength(1);
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
      expect((await bytesIn(m.files[0]!.key))?.length).toBe(lecture.sizeBytes);
    }
  });

  it('copies the files into a storage only when missing, and refuses a key that leaves the seed folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'school-seed-media-'));
    try {
      const fresh = createLocalMediaStorage(dir);
      const keys = new Set(
        (await t.db.select({ files: media.files }).from(media)).flatMap((r) => r.files.map((f) => f.key)),
      );
      expect(await installSeedMedia(t.db, fresh)).toBe(keys.size);
      expect(await installSeedMedia(t.db, fresh)).toBe(0);
      await rm(path.join(dir, 'seed', 'lesson.mp3'));
      expect(await installSeedMedia(t.db, fresh)).toBe(1);

      const [row] = await t.db
        .insert(media)
        .values({
          tenantId: 1,
          format: 'FILE',
          files: [{ key: 'seed/../../package.json', name: 'x', contentType: 'x', size: 1 }],
        })
        .returning({ id: media.id });
      await expect(installSeedMedia(t.db, fresh)).rejects.toThrow('unsafe media storage key');
      await t.db.delete(media).where(eq(media.id, row!.id));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('puts the seed files into an S3 bucket at start-up, whose origin joins the CSP', async () => {
    const keys = { accessKeyId: 'AKIASEEDTEST', secretAccessKey: 'seed-test-secret', region: 'us-east-1' };
    const fake = await startFakeS3({ ...keys, bucket: 'seed-media' });
    try {
      const s3 = { ...keys, endpoint: fake.url, bucket: 'seed-media', forcePathStyle: true };
      const app = await createTestApp({ mediaStorage: 's3', s3Storage: s3 });
      try {
        const stored = [...fake.objects.keys()].sort();
        expect(stored).toContain('seed/lesson.mp4');
        expect(stored).toContain('seed/lesson-hls/segment-3.ts');
        expect(fake.objects.get('seed/lesson.mp3')?.contentType).toBe('audio/mpeg');
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
    expect((await mediaOf(s.conversionRunning.lessonId)).conversionStatus).toBe('RUNNING');
    const running = await t.db.select({ id: media.id }).from(media).where(eq(media.conversionStatus, 'RUNNING'));
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

  it('has a live lesson starting tomorrow, one live now, one finished and a replay that plays the mp4', async () => {
    // Seen from the hour the seed ran: the test database may be a copy made earlier.
    const now = (await examScenarios(t.db)).seededAt.getTime();
    const tomorrow = await lessonRow(s.liveTomorrow.lessonId);
    expect(tomorrow.mediaType).toBe('LIVE');
    expect(tomorrow.startTime!.getTime() - now).toBeGreaterThan(23 * 3_600_000);
    expect(tomorrow.startTime!.getTime() - now).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await lessonRow(s.liveNow.lessonId)).mediaType).toBe('LIVE_NOW');
    expect((await lessonRow(s.liveCompleted.lessonId)).startTime!.getTime()).toBeLessThan(now);
    const replay = await lessonRow(s.liveReplay.lessonId);
    expect(replay.mediaType).toBe('LIVE_RECODE');
    expect((await mediaOf(replay.id)).files[0]).toMatchObject({ name: 'lesson.mp4', contentType: 'video/mp4' });
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

  it('has a free course with an mp4 first lesson that newbie does not own', async () => {
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
    expect((await mediaOf(s.newbieJourney.lessonId)).files).toMatchObject([{ name: 'lesson.mp4' }]);
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

describe('exam scenarios', () => {
  type Question = typeof questions.$inferSelect;
  type PaperRow = { paperId: number; shuffle: boolean; seq: number; points: number; question: Question };
  let x: ExamScenarios;
  let examRows: (typeof exams.$inferSelect)[];
  let paperRows: PaperRow[];
  let attemptRows: (typeof attempts.$inferSelect)[];
  let answerRows: (typeof attemptAnswers.$inferSelect)[];
  let memberRows: (typeof examMembers.$inferSelect)[];
  beforeAll(async () => {
    x = await examScenarios(t.db);
    examRows = await t.db.select().from(exams).where(eq(exams.tenantId, x.tenantId));
    paperRows = await t.db
      .select({
        paperId: paperQuestions.paperId,
        shuffle: papers.shuffle,
        seq: paperQuestions.seq,
        points: paperQuestions.score,
        question: questions,
      })
      .from(paperQuestions)
      .innerJoin(papers, eq(papers.id, paperQuestions.paperId))
      .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
      .orderBy(asc(paperQuestions.paperId), asc(paperQuestions.seq));
    attemptRows = await t.db.select().from(attempts).orderBy(asc(attempts.id));
    answerRows = await t.db.select().from(attemptAnswers);
    memberRows = await t.db.select().from(examMembers);
  });
  const paperOf = (paperId: number) => paperRows.filter((r) => r.paperId === paperId);
  const examOf = (examId: number) => examRows.find((e) => e.id === examId)!;
  const attemptsOf = (examId: number, userId = x.learnerId) =>
    attemptRows.filter((a) => a.examId === examId && a.userId === userId);
  const memberOf = (examId: number, userId = x.learnerId) =>
    memberRows.find((m) => m.examId === examId && m.userId === userId);
  const typesOf = (paperId: number) => new Set(paperOf(paperId).map((r) => r.question.type));
  const minute = 60_000;

  /**
   * The scoring rules in their simplest form (seed-exams.ts, top comment): an objective answer
   * gets all its points when right and 0 otherwise; the seed holds no partly right answer.
   */
  function rulePoints(question: Question, points: number, given: GivenAnswer): number {
    const normalize = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
    const where = `question ${question.id}`;
    if (question.answer.kind === 'CHOICE' && given.kind === 'CHOICE') {
      const right = question.answer.keys;
      const allRight = given.keys.length === right.length && given.keys.every((k) => right.includes(k));
      const someRightOnly = !allRight && given.keys.every((k) => right.includes(k));
      expect(someRightOnly, `${where}: partly right`).toBe(false);
      return allRight ? points : 0;
    }
    if (question.answer.kind === 'BLANKS' && given.kind === 'BLANKS') {
      const right = question.answer.accepted.map((texts, i) =>
        texts.map(normalize).includes(normalize(given.texts[i] ?? '')),
      );
      expect(new Set(right).size, `${where}: partly right`).toBe(1);
      return right[0] ? points : 0;
    }
    throw new Error(`${where}: a ${given.kind} answer to a ${question.type} question`);
  }

  it('gives every exam a paper of its own whose questions and points are its quiz count and total score', () => {
    expect(examRows.length).toBeGreaterThanOrEqual(14);
    for (const exam of examRows) {
      const rows = paperOf(exam.paperId!);
      expect(rows.length, exam.uid).toBeGreaterThan(0);
      expect(exam.quizCount, exam.uid).toBe(rows.length);
      expect(exam.totalScore, exam.uid).toBe(rows.reduce((sum, r) => sum + r.points, 0));
      expect(exam.passScore, exam.uid).toBeGreaterThan(0);
      expect(exam.passScore, exam.uid).toBeLessThanOrEqual(exam.totalScore);
      expect(
        rows.map((r) => r.seq),
        exam.uid,
      ).toEqual(rows.map((_, k) => k + 1));
      expect(rows.every((r) => r.question.tenantId === exam.tenantId)).toBe(true);
    }
    expect(new Set(examRows.map((e) => e.paperId)).size).toBe(examRows.length);
  });

  it('uses every quiz type, with questions complete in both languages', () => {
    const all = paperRows.map((r) => r.question);
    expect(new Set(all.map((q) => q.type))).toEqual(new Set(quizTypes));
    const blanks = (text: string) => text.split('{{blank}}').length - 1;
    for (const q of all) {
      const where = `question ${q.id} (${q.type})`;
      for (const text of [q.stem.cn, q.stem.en, q.explanation?.cn, q.explanation?.en]) {
        expect(text?.length, where).toBeGreaterThan(0);
      }
      const { answer } = q;
      if (q.type === 'SINGLE_SELECT' || q.type === 'MULTI_SELECT') {
        expect(
          q.options.map((o) => o.key),
          where,
        ).toEqual(['A', 'B', 'C', 'D']);
        expect(
          q.options.every((o) => o.text.cn !== '' && o.text.en !== ''),
          where,
        ).toBe(true);
      }
      if (q.type === 'TRUE_OR_FALSE') {
        expect(q.options, where).toEqual([
          { key: 'true', text: { cn: '对', en: 'True' } },
          { key: 'false', text: { cn: '错', en: 'False' } },
        ]);
      }
      if (q.type === 'SINGLE_SELECT' || q.type === 'MULTI_SELECT' || q.type === 'TRUE_OR_FALSE') {
        expect(answer.kind, where).toBe('CHOICE');
        const keys = answer.kind === 'CHOICE' ? answer.keys : [];
        expect(keys.length > 1, where).toBe(q.type === 'MULTI_SELECT');
        expect(keys.length, where).toBeGreaterThan(0);
        expect(keys.every((k) => q.options.some((o) => o.key === k))).toBe(true);
      }
      if (q.type === 'FILL_BLANK') {
        expect(q.options, where).toEqual([]);
        const accepted = answer.kind === 'BLANKS' ? answer.accepted : [];
        expect(accepted.length, where).toBeGreaterThan(0);
        expect(blanks(q.stem.cn), where).toBe(accepted.length);
        expect(blanks(q.stem.en), where).toBe(accepted.length);
        expect(accepted.every((texts) => texts.length > 0 && texts.every((a) => a.trim() !== ''))).toBe(true);
      }
      if (q.type === 'ASK_AND_ANSWER') {
        expect(q.options, where).toEqual([]);
        expect(answer.kind === 'REFERENCE' && answer.text.cn !== '' && answer.text.en !== '', where).toBe(true);
      }
    }
    // Several blanks in one stem, shuffled papers, and each way of showing answers.
    expect(all.some((q) => q.answer.kind === 'BLANKS' && q.answer.accepted.length >= 2)).toBe(true);
    expect(examRows.some((e) => paperOf(e.paperId!)[0]!.shuffle)).toBe(true);
    expect(new Set(examRows.map((e) => e.answersVisible))).toEqual(
      new Set(['AFTER_SUBMIT', 'AFTER_END', 'NEVER', 'AFTER_EACH_ATTEMPT']),
    );
  });

  it('counts each member’s submitted attempts in attempts_used, and lets only members attempt', () => {
    for (const m of memberRows) {
      const submitted = attemptsOf(m.examId, m.userId).filter((a) => a.status !== 'NOT_SUBMITTED');
      expect(m.attemptsUsed, `exam ${m.examId} user ${m.userId}`).toBe(submitted.length);
      const allowed = examOf(m.examId).examTimes;
      if (allowed !== null) expect(m.attemptsUsed).toBeLessThanOrEqual(allowed);
    }
    for (const a of attemptRows.filter((r) => r.examId !== null)) {
      expect(memberOf(a.examId!, a.userId), `attempt ${a.id}`).toBeDefined();
      expect(a.paperId, `attempt ${a.id}`).toBe(examOf(a.examId!).paperId);
    }
  });

  it('scores every seeded attempt by its answers', () => {
    expect(attemptRows.length).toBeGreaterThanOrEqual(5);
    let variantsMatched = 0;
    for (const a of attemptRows) {
      const where = `attempt ${a.id}`;
      const paper = paperOf(a.paperId);
      const ids = paper.map((r) => r.question.id);
      expect([...a.questionOrder].sort(), where).toEqual([...ids].sort());
      if (!paper[0]!.shuffle) expect(a.questionOrder, where).toEqual(ids);
      expect(a.submittedAt, where).not.toBeNull();
      if (a.deadline) expect(a.submittedAt!.getTime(), where).toBeLessThanOrEqual(a.deadline.getTime());

      let objective = 0;
      let subjective = 0;
      let waiting = false;
      for (const answer of answerRows.filter((r) => r.attemptId === a.id)) {
        const row = paper.find((r) => r.question.id === answer.questionId);
        expect(row, `${where}: question ${answer.questionId} is in its paper`).toBeDefined();
        expect(answer.savedAt.getTime()).toBeGreaterThanOrEqual(a.startedAt.getTime());
        expect(answer.savedAt.getTime()).toBeLessThanOrEqual(a.submittedAt!.getTime());
        if (row!.question.type === 'ASK_AND_ANSWER') {
          expect(answer.answer.kind).toBe('TEXT');
          if (answer.score === null) {
            waiting = true;
            expect(answer.reviewComment).toBeNull();
          } else {
            expect(answer.score).toBeLessThanOrEqual(row!.points);
            expect(answer.reviewComment?.length).toBeGreaterThan(0);
            subjective += answer.score;
          }
          continue;
        }
        const points = rulePoints(row!.question, row!.points, answer.answer);
        expect(answer.score, `${where}: question ${answer.questionId}`).toBe(points);
        objective += points;
        // Right only once trimmed, lower-cased or made half-width: the matching rules at work.
        const { answer: given } = answer;
        const accepted = row!.question.answer.kind === 'BLANKS' ? row!.question.answer.accepted : [];
        if (points > 0 && given.kind === 'BLANKS' && given.texts.some((text, i) => !accepted[i]!.includes(text))) {
          variantsMatched += 1;
        }
      }
      const reviewed = a.reviewedAt !== null;
      expect(reviewed, where).toBe(a.reviewedBy !== null);
      expect(a.status, where).toBe(waiting ? 'PENDING_REVIEW' : 'COMPLETED');
      expect(a.objectiveScore, where).toBe(objective);
      expect(a.subjectiveScore, where).toBe(reviewed ? subjective : null);
      expect(a.score, where).toBe(waiting ? null : objective + subjective);
      const passScore = a.examId === null ? null : examOf(a.examId).passScore;
      expect(a.passed, where).toBe(a.score === null || passScore === null ? null : a.score >= passScore);
      if (reviewed) expect(a.reviewedAt!.getTime()).toBeGreaterThan(a.submittedAt!.getTime());
    }
    expect(variantsMatched).toBeGreaterThanOrEqual(2);
  });

  it('has the learner’s exams in every state the exam screens show', () => {
    const now = x.seededAt.getTime();
    const exam = (id: number) => examOf(id);
    const open = (id: number) =>
      exam(id).startTime!.getTime() < now && (exam(id).endTime === null || exam(id).endTime!.getTime() > now);

    const notStarted = exam(x.notStarted.examId);
    expect(notStarted.startTime!.getTime()).toBeGreaterThan(now + 2 * day);
    expect(memberOf(notStarted.id)).toBeDefined();

    const timed = exam(x.openTimed.examId);
    expect(open(timed.id) && timed.duration !== null && timed.status === 'PUBLISHED').toBe(true);
    expect(timed.endTime!.getTime() - now).toBeGreaterThan(30 * day);
    expect(memberOf(timed.id)?.attemptsUsed).toBe(0);
    expect(typesOf(timed.paperId!)).toEqual(new Set(quizTypes));

    const drill = exam(x.timedDrill.examId);
    expect(open(drill.id) && drill.duration === 1 && drill.examTimes === null).toBe(true);
    expect(memberOf(drill.id)?.attemptsUsed).toBe(0);

    const late = exam(x.late.examId);
    expect(late.closedExam).toBe(true);
    expect(late.startTime!.getTime() + minute * late.lateLimit!).toBeLessThan(now);
    expect(late.endTime!.getTime()).toBeGreaterThan(now);
    expect(memberOf(late.id)?.attemptsUsed).toBe(0);

    for (const id of [notStarted.id, timed.id, drill.id, late.id]) expect(attemptsOf(id)).toEqual([]);

    const scored = exam(x.scored.examId);
    const [done] = attemptsOf(scored.id);
    expect(done).toMatchObject({ id: x.scored.attemptId, status: 'COMPLETED', passed: true });
    expect(done!.reviewedBy).not.toBeNull();
    expect(memberOf(scored.id)!.attemptsUsed).toBeLessThan(scored.examTimes!);
    expect(open(scored.id) && scored.answersVisible === 'AFTER_EACH_ATTEMPT').toBe(true);

    const reviewing = exam(x.reviewing.examId);
    expect(attemptsOf(reviewing.id)).toMatchObject([
      { id: x.reviewing.attemptId, status: 'PENDING_REVIEW', score: null },
    ]);
    expect(attemptsOf(reviewing.id, x.reviewing.otherLearner.userId)).toMatchObject([
      { id: x.reviewing.otherLearner.attemptId, status: 'PENDING_REVIEW' },
    ]);
    expect(paperOf(reviewing.paperId!).find((r) => r.question.id === x.reviewing.askQuestionId)?.question.type).toBe(
      'ASK_AND_ANSWER',
    );
    expect(open(reviewing.id) && reviewing.answersVisible === 'AFTER_END').toBe(true);

    const usedUp = exam(x.attemptsUsedUp.examId);
    expect(usedUp).toMatchObject({ examTimes: 1, answersVisible: 'NEVER' });
    expect(attemptsOf(usedUp.id)).toMatchObject([{ id: x.attemptsUsedUp.attemptId, status: 'COMPLETED' }]);
    expect(memberOf(usedUp.id)?.attemptsUsed).toBe(1);
    expect(open(usedUp.id)).toBe(true);

    expect(memberOf(x.lessonQuiz.examId)).toBeUndefined();
  });

  it('has an EXAM lesson whose exam needs more of its course than the learner has learned', async () => {
    const { examId, lessonId, courseId, requiredProgress } = x.progressRequired;
    const [lesson] = await t.db.select().from(lessons).where(eq(lessons.id, lessonId));
    expect(lesson).toMatchObject({ mediaType: 'EXAM', examId, courseId });
    expect(examOf(examId)).toMatchObject({ requiredCourseId: courseId, requiredProgress, status: 'PUBLISHED' });
    const [course] = await t.db.select().from(courses).where(eq(courses.id, courseId));
    const [member] = await t.db
      .select()
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, x.learnerId)));
    expect(member!.learnedLessonCount).toBeGreaterThan(0);
    expect((member!.learnedLessonCount * 100) / course!.lessonCount).toBeLessThan(requiredProgress);
    expect(memberOf(examId)?.attemptsUsed).toBe(0);
  });

  it('has homework on lessons of a course the learner owns: one to do, one submitted and reviewed', async () => {
    const rows = await t.db.select().from(homeworks).where(eq(homeworks.tenantId, x.tenantId));
    const todo = rows.find((h) => h.id === x.homework.homeworkId)!;
    expect(todo.lessonId).toBe(x.homework.lessonId);
    const todoPaper = paperOf(todo.paperId);
    expect(todoPaper.length).toBeGreaterThanOrEqual(3);
    expect(todoPaper.length).toBeLessThanOrEqual(4);
    expect(typesOf(todo.paperId)).toContain('FILL_BLANK');
    expect(typesOf(todo.paperId)).toContain('ASK_AND_ANSWER');
    expect(attemptRows.filter((a) => a.homeworkId === todo.id)).toEqual([]);

    const done = attemptRows.find((a) => a.id === x.homeworkSubmitted.attemptId)!;
    expect(done).toMatchObject({
      homeworkId: x.homeworkSubmitted.homeworkId,
      userId: x.learnerId,
      status: 'COMPLETED',
    });
    expect(done.passed).toBeNull();
    for (const ref of [x.homework, x.homeworkSubmitted]) {
      const [member] = await t.db
        .select()
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, ref.courseId), eq(courseMembers.userId, x.learnerId)));
      expect(member?.expiresAt ?? null).toBeNull();
    }
  });

  it('gives the reviewing teacher an account that logs in and reviews the exam waiting for review', async () => {
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

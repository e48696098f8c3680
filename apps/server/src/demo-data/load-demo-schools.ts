import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { holdsNoSchool } from '../db/holds-no-school.js';
import {
  articles,
  classroomAnnouncements,
  classrooms,
  coupons,
  courses,
  exams,
  lessons,
  media,
  users,
} from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import { contentTypeOf } from '../providers/storage/content-addressed.js';
import type { MediaStorage } from '../providers/storage/media-storage.js';
import { drawsPages, lessonKey } from '../school-pack/import-courses.js';
import { importPack } from '../school-pack/import-pack.js';
import { createMediaStore } from '../school-pack/store-media.js';
import { formatProblem, readPack, type SchoolPack } from '../school-pack/read-pack.js';
import { demoAccounts } from './demo-accounts.js';
import { makeDemoExamData } from './demo-exams.js';
import { demoLearningScenarios } from './demo-learning-scenarios.js';
import { makeDemoLearnerData, otherLearners } from './demo-learners.js';
import { makeDemoOrders } from './demo-orders.js';
import { demoSchool, wholeHour } from './demo-school.js';

/*
 * Development and tests only (production never calls this: app.ts): an empty database gets the
 * two demo schools from their packs in examples/, exactly as a school imports its own, then
 * the demo data — accounts, learners' memberships, progress, attempts and orders — around `now`.
 * One transaction: a database either has all of it or none.
 */

// apps/server/{src,dist}/demo-data → examples/: the same packs from sources or the build.
export const demoPacks = {
  demo: fileURLToPath(new URL('../../../../examples/demo-school/', import.meta.url)),
  second: fileURLToPath(new URL('../../../../examples/second-school/', import.meta.url)),
} as const;

/**
 * The whole hour the demo pack's times are written around (its live lessons, exam windows,
 * enrolment, announcements): the demo moves them by the time from here to now, so it always has
 * a live lesson tomorrow, an exam running and one about to start.
 */
export const demoPackHour = new Date('2026-11-27T22:00:00Z');

/** Loads the demo schools when the database has no school yet. Returns whether it did. */
export async function loadDemoSchoolsIfEmpty(db: Db, storage: MediaStorage, now: Date): Promise<boolean> {
  if (!(await holdsNoSchool(db))) return false;
  const packs: SchoolPack[] = [];
  for (const folder of [demoPacks.demo, demoPacks.second]) {
    const read = await readPack(folder);
    if (read.pack === null) throw new Error(`demo pack ${folder}:\n${read.problems.map(formatProblem).join('\n')}`);
    packs.push(read.pack);
  }
  // Hash outside the transaction: ~15 ms each, no reason to hold the transaction open.
  const [learner, newbie, teacher, operator, secondLearner] = await Promise.all(
    [
      demoAccounts.learner,
      demoAccounts.newbie,
      demoAccounts.teacher,
      demoAccounts.operator,
      demoAccounts.secondSchoolLearner,
    ].map((account) => hashPassword(account.password)),
  );
  await db.transaction(async (tx) => {
    const [demo, second] = [await importPack(tx, packs[0]!, { storage }), await importPack(tx, packs[1]!, { storage })];
    const tenantId = demo!.tenantId;
    await moveDemoTimes(tx, tenantId, wholeHour(now).getTime() - demoPackHour.getTime());
    await tx.insert(users).values([
      {
        tenantId,
        username: demoAccounts.learner.username,
        phone: demoAccounts.learner.phone,
        passwordHash: learner!,
        nickname: '学员小明',
        gender: 'MALE',
        introduction: '热爱编程的学习者。',
      },
      { tenantId, username: demoAccounts.newbie.username, passwordHash: newbie!, nickname: 'newbie' },
      { tenantId, username: demoAccounts.teacher.username, passwordHash: teacher!, nickname: '张伟老师' },
      { tenantId, username: demoAccounts.operator.username, passwordHash: operator!, nickname: '订单专员' },
      ...otherLearners.map((u) => ({ tenantId, username: u.username, nickname: u.nickname })),
      {
        tenantId: second!.tenantId,
        username: demoAccounts.secondSchoolLearner.username,
        passwordHash: secondLearner!,
        nickname: 'Second School learner',
      },
    ]);
    const school = await demoSchool(tx, tenantId, now);
    await makeDemoLearnerData(tx, school);
    await makeDemoExamData(tx, school);
    await makeDemoOrders(tx, school);
    await filmStillConverting(
      tx,
      school.lessonId(
        demoLearningScenarios.conversionRunning.courseUid,
        demoLearningScenarios.conversionRunning.lesson,
      ),
      now,
    );
  });
  return true;
}

/** Every time the demo pack gives, moved by `deltaMs`. */
async function moveDemoTimes(tx: Db, tenantId: number, deltaMs: number): Promise<void> {
  const moved = (column: PgColumn): SQL => sql`${column} + ${deltaMs} * interval '1 millisecond'`;
  await tx
    .update(lessons)
    .set({ startTime: moved(lessons.startTime) })
    .where(eq(lessons.tenantId, tenantId));
  await tx
    .update(exams)
    .set({ startTime: moved(exams.startTime), endTime: moved(exams.endTime) })
    .where(eq(exams.tenantId, tenantId));
  await tx
    .update(classrooms)
    .set({
      enrolStartTime: moved(classrooms.enrolStartTime),
      enrolEndTime: moved(classrooms.enrolEndTime),
      startTime: moved(classrooms.startTime),
    })
    .where(eq(classrooms.tenantId, tenantId));
  await tx
    .update(classroomAnnouncements)
    .set({ createdAt: moved(classroomAnnouncements.createdAt) })
    .where(
      inArray(
        classroomAnnouncements.classroomId,
        tx.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.tenantId, tenantId)),
      ),
    );
  await tx
    .update(courses)
    .set({ validityEndDate: moved(courses.validityEndDate) })
    .where(eq(courses.tenantId, tenantId));
  await tx
    .update(articles)
    .set({ publishedAt: moved(articles.publishedAt) })
    .where(eq(articles.tenantId, tenantId));
  await tx
    .update(coupons)
    .set({ validUntil: moved(coupons.validUntil) })
    .where(eq(coupons.tenantId, tenantId));
}

/**
 * The converting-film scenario: the lesson's film is being converted outside this server (a
 * transcoder of the school's), begun now, so the lesson answers conversionNotCompleted for as
 * long as the demo runs. Without a film of its own to convert (`source` null) the conversion job
 * never takes it over, however long a test database image or a development start is kept; a
 * re-import of the pack gives it back its film to convert.
 */
async function filmStillConverting(tx: Db, lessonId: number, now: Date): Promise<void> {
  const [lesson] = await tx.select({ mediaId: lessons.mediaId }).from(lessons).where(eq(lessons.id, lessonId));
  if (!lesson?.mediaId) throw new Error('demo data: the converting lesson has no film');
  const changed = await tx
    .update(media)
    .set({ conversionStatus: 'RUNNING', conversionStartedAt: now, source: null })
    .where(and(eq(media.id, lesson.mediaId), eq(media.conversionStatus, 'NOT_STARTED')))
    .returning({ id: media.id });
  if (changed.length !== 1) throw new Error('demo data: the converting lesson’s film is not waiting to convert');
}

/**
 * Puts the demo packs' files into `storage` when it lacks any file the database's media were
 * stored from: a database loaded by another process (a test's saved image, another DATA_DIR) is
 * served from a storage this one chose. Asking the storage for the sizes of those keys is enough
 * at most starts; only a storage that lacks one has the packs read and hashed again (their
 * pictures came with the same import, so they are copied with them). Returns how many files were
 * copied.
 */
export async function installDemoMedia(db: Db, storage: MediaStorage): Promise<number> {
  if (await holdsEveryMediaFile(db, storage)) return 0;
  let copied = 0;
  for (const folder of [demoPacks.demo, demoPacks.second]) {
    const read = await readPack(folder);
    if (read.pack === null) continue;
    const store = createMediaStore(storage);
    for (const ref of read.pack.images) await store.store(ref);
    for (const course of read.pack.courses) {
      for (const ref of [...[...course.lessonFiles.values()].flat(), ...course.materialFiles]) await store.store(ref);
      for (const chapter of course.course.chapters) {
        for (const lesson of chapter.lessons) {
          const refs = course.lessonFiles.get(lessonKey(chapter.uid, lesson.uid)) ?? [];
          const files = refs.map((ref) => ({ contentType: contentTypeOf(ref.packPath) }));
          if (drawsPages(lesson, files)) await store.pageImages(refs[0]!);
        }
      }
    }
    copied += store.counts.uploaded;
  }
  return copied;
}

/**
 * Whether `storage` has each file a media row was stored from: a film's source, else its files
 * and its PDF's page images.
 */
async function holdsEveryMediaFile(db: Db, storage: MediaStorage): Promise<boolean> {
  const sizes = new Map<string, number>();
  for (const row of await db
    .select({ files: media.files, source: media.source, pageImages: media.pageImages })
    .from(media)) {
    const pageFiles = row.pageImages.flatMap((page) => [page, ...(page.text ? [page.text] : [])]);
    for (const file of row.source ? [row.source] : [...row.files, ...pageFiles]) sizes.set(file.key, file.size);
  }
  const held = await Promise.all([...sizes].map(async ([key, size]) => (await storage.size(key)) === size));
  return held.every(Boolean);
}

import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaType } from '@school/contract/enums';
import { and, eq } from 'drizzle-orm';
import { chapters, courseMembers, courses, exams, lessons, media, type MediaFile } from '../../db/schema.js';
import { createLocalMediaStorage, type MediaStorage } from '../../providers/storage/media-storage.js';
import { tenantIdOf } from '../../testing/site.js';
import type { TestApp } from '../../testing/test-app.js';

/*
 * Courses made for the lesson tests, apart from the demo school: each test file arranges exactly
 * the lessons, media and memberships it needs, so its expectations do not move with the demo.
 */

export async function tempMediaStorage(): Promise<MediaStorage> {
  return createLocalMediaStorage(await mkdtemp(path.join(os.tmpdir(), 'school-media-')));
}

/** Bytes with a recognisable pattern, so a range can be checked against the whole. */
export function patternBytes(size: number): Buffer {
  return Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + 3) % 256));
}

export interface LessonPlan {
  mediaType: MediaType;
  freeTrial?: boolean;
  /** Seconds of a video or audio, or pages of a document. */
  length?: number;
  conversionStatus?: 'NOT_STARTED' | 'RUNNING' | 'FAILED' | 'COMPLETED';
  /** Files of the lesson's media; default one file fitting the media type. */
  files?: { name: string; contentType: string; bytes: Buffer }[];
  startTime?: Date;
  externalUrl?: string | null;
  maxParticipants?: number;
  participantCount?: number;
  html?: string;
  examUid?: string;
}

const defaultFile: Partial<Record<MediaType, { name: string; contentType: string }>> = {
  VIDEO: { name: 'lesson.mp4', contentType: 'video/mp4' },
  LIVE_RECODE: { name: 'replay.mp4', contentType: 'video/mp4' },
  AUDIO: { name: 'lesson.mp3', contentType: 'audio/mpeg' },
  PDF: { name: 'lesson.pdf', contentType: 'application/pdf' },
  DOC: { name: 'lesson.pdf', contentType: 'application/pdf' },
  PPT: { name: 'slide-1.webp', contentType: 'image/webp' },
  OTHER: { name: 'exercises.zip', contentType: 'application/zip' },
};

let courseSerial = 0;

/** A published course of the demo school with one chapter holding the planned lessons, in order. */
export async function arrangeCourse(
  t: TestApp,
  storage: MediaStorage,
  plan: { lessons: LessonPlan[]; learnInOrder?: boolean; priceCents?: number; tenant?: 'demo' | 'second' },
) {
  const tenantId = await tenantIdOf(t, plan.tenant ?? 'demo');
  courseSerial += 1;
  const uid = `lesson-test-${courseSerial}-${Date.now().toString(36)}`;
  const [course] = await t.db
    .insert(courses)
    .values({
      tenantId,
      uid,
      title: { cn: `测试课程 ${courseSerial}`, en: `Test course ${courseSerial}` },
      subtitle: { cn: '', en: '' },
      cover: '/mobile/seed/cover-01.svg',
      about: { cn: '', en: '' },
      status: 'PUBLISHED',
      priceCents: plan.priceCents ?? 0,
      learnInOrder: plan.learnInOrder ?? false,
      lessonCount: plan.lessons.length,
    })
    .returning();
  const [chapter] = await t.db
    .insert(chapters)
    .values({ courseId: course!.id, seq: 1, title: { cn: '第一章', en: 'Chapter one' } })
    .returning();
  const lessonIds: number[] = [];
  for (const [index, lesson] of plan.lessons.entries()) {
    let mediaId: number | null = null;
    const fallback = defaultFile[lesson.mediaType];
    const files = lesson.files ?? (fallback ? [{ ...fallback, bytes: patternBytes(4096) }] : []);
    if (files.length > 0) {
      const [row] = await t.db
        .insert(media)
        .values({
          tenantId,
          format: lesson.mediaType === 'PPT' ? 'SLIDES' : files[0]!.name.endsWith('.m3u8') ? 'HLS' : 'FILE',
          files: [],
          duration: ['VIDEO', 'AUDIO', 'LIVE_RECODE'].includes(lesson.mediaType) ? (lesson.length ?? 100) : null,
          pageCount: ['PDF', 'DOC', 'PPT'].includes(lesson.mediaType) ? (lesson.length ?? files.length) : null,
          conversionStatus: lesson.conversionStatus ?? 'COMPLETED',
        })
        .returning({ id: media.id });
      mediaId = row!.id;
      const stored: MediaFile[] = [];
      for (const file of files) {
        const key = `${tenantId}/${mediaId}/${file.name}`;
        await storage.put(key, file.bytes, file.contentType);
        stored.push({ key, name: file.name, contentType: file.contentType, size: file.bytes.length });
      }
      await t.db.update(media).set({ files: stored }).where(eq(media.id, mediaId));
    }
    const examId = lesson.examUid
      ? (
          await t.db
            .select({ id: exams.id })
            .from(exams)
            .where(and(eq(exams.uid, lesson.examUid), eq(exams.tenantId, tenantId)))
        )[0]!.id
      : null;
    const [row] = await t.db
      .insert(lessons)
      .values({
        tenantId,
        courseId: course!.id,
        chapterId: chapter!.id,
        seq: index + 1,
        title: { cn: `第 ${index + 1} 课`, en: `Lesson ${index + 1}` },
        mediaType: lesson.mediaType,
        duration: ['VIDEO', 'AUDIO', 'LIVE_RECODE'].includes(lesson.mediaType) ? (lesson.length ?? 100) : null,
        freeTrial: lesson.freeTrial ?? false,
        startTime: lesson.startTime ?? null,
        mediaId,
        content: lesson.html === undefined ? null : { cn: lesson.html, en: lesson.html },
        externalUrl: lesson.externalUrl === undefined ? 'https://live.example.com/room/1' : lesson.externalUrl,
        examId,
        maxParticipants: lesson.maxParticipants ?? null,
        participantCount: lesson.participantCount ?? 0,
        address: lesson.mediaType === 'ACTIVITY' ? { cn: '北京市海淀区', en: 'Haidian, Beijing' } : null,
      })
      .returning({ id: lessons.id });
    lessonIds.push(row!.id);
  }
  return { id: course!.id, uid, lessonIds };
}

export async function addMember(
  t: TestApp,
  course: { id: number },
  userId: number,
  options: { expiresAt?: Date | null } = {},
) {
  const [row] = await t.db
    .insert(courseMembers)
    .values({
      tenantId: (await t.db.select({ tenantId: courses.tenantId }).from(courses).where(eq(courses.id, course.id)))[0]!
        .tenantId,
      courseId: course.id,
      userId,
      joinedAt: t.clock.now(),
      expiresAt: options.expiresAt ?? null,
    })
    .returning();
  return row!;
}

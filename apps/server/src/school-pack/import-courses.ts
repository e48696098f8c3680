import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  chapters,
  courseLectures,
  courseMembers,
  courses,
  courseTags,
  courseTeachers,
  lessonLearnings,
  lessons,
  media,
  type PageImage,
} from '../db/schema.js';
import type { LocalizedText } from '../lib/localized-text.js';
import type { PackCourse, PackLesson } from './pack-schema.js';
import { richText, toLocalized } from './pack-text.js';
import type { PackCourseRead, SchoolPack } from './read-pack.js';
import { type MediaStore, type PackMediaFile } from './store-media.js';
import { addCounts, canonical, noChange, syncByUid, unpublishGone, type ImportCounts } from './sync-rows.js';

/*
 * A pack's courses into the database: each course by uid, its chapters and lessons by uid within
 * it, the media each lesson plays, its materials. What learners may hold is never deleted: a
 * course the pack no longer has is unpublished, and so is a lesson (its chapter stays, hidden
 * while it has no published lesson), so memberships, progress and notes stay.
 */

/** What one lesson plays, stored and measured before the transaction. */
interface LessonMedia {
  files: PackMediaFile[];
  duration: number | null;
  pages: number | null;
  /** A PDF's pages drawn as images (decision 029). */
  pageImages: PageImage[];
}

export interface CourseMedia {
  lessons: Map<string, LessonMedia>;
  /** Each material's stored file, and its pages when it is a PDF (the lecture viewer pages it). */
  materials: { file: PackMediaFile; pageCount: number | null }[];
}

export const lessonKey = (chapterUid: string, lessonUid: string) => `${chapterUid}/${lessonUid}`;

const timedTypes = new Set<PackLesson['type']>(['VIDEO', 'AUDIO', 'LIVE_RECODE']);

/** A document lesson played from a PDF: its pages are drawn as images for the viewer. */
export const drawsPages = (lesson: Pick<PackLesson, 'type'>, files: { contentType: string }[]) =>
  (lesson.type === 'PDF' || lesson.type === 'DOC') && files[0]?.contentType === 'application/pdf';

/**
 * Stores every file the pack's courses name and measures what the pack leaves out (lengths,
 * pages): slow work done before the transaction opens, so it holds no lock while files upload.
 */
export async function storeCourseMedia(
  courses: PackCourseRead[],
  store: MediaStore,
): Promise<Map<string, CourseMedia>> {
  const stored = new Map<string, CourseMedia>();
  for (const read of courses) {
    const lessonMedia = new Map<string, LessonMedia>();
    for (const chapter of read.course.chapters) {
      for (const lesson of chapter.lessons) {
        const refs = read.lessonFiles.get(lessonKey(chapter.uid, lesson.uid)) ?? [];
        if (refs.length === 0) continue;
        const files: PackMediaFile[] = [];
        for (const ref of refs) files.push(await store.store(ref));
        const given = 'duration' in lesson ? lesson.duration : undefined;
        const duration = given ?? (timedTypes.has(lesson.type) ? await store.duration(refs[0]!) : null);
        const pages =
          lesson.type === 'PPT'
            ? files.length
            : lesson.type === 'PDF' || lesson.type === 'DOC'
              ? (lesson.pages ?? (await store.pages(refs[0]!)))
              : null;
        const pageImages = drawsPages(lesson, files) ? await store.pageImages(refs[0]!) : [];
        lessonMedia.set(lessonKey(chapter.uid, lesson.uid), { files, duration, pages, pageImages });
      }
    }
    const materials: CourseMedia['materials'] = [];
    for (const ref of read.materialFiles) {
      const file = await store.store(ref);
      materials.push({ file, pageCount: file.contentType === 'application/pdf' ? await store.pages(ref) : null });
    }
    stored.set(read.uid, { lessons: lessonMedia, materials });
  }
  return stored;
}

export const emptyText: LocalizedText = { cn: '', en: '' };
export const cents = (amount: number) => Math.round(amount * 100);

function validityOf(validity: PackCourse['validity']) {
  if (validity === 'unlimited')
    return { validityKind: 'UNLIMITED' as const, validityDays: null, validityEndDate: null };
  if (validity === 'long-term')
    return { validityKind: 'LONG_TERM' as const, validityDays: null, validityEndDate: null };
  if ('days' in validity) return { validityKind: 'DAYS' as const, validityDays: validity.days, validityEndDate: null };
  return { validityKind: 'END_DATE' as const, validityDays: null, validityEndDate: new Date(validity.until) };
}

function formatOf(lesson: PackLesson, files: PackMediaFile[]): 'FILE' | 'HLS' | 'SLIDES' {
  if (lesson.type === 'PPT') return 'SLIDES';
  return files[0]?.name.endsWith('.m3u8') ? 'HLS' : 'FILE';
}

/** What a media row should hold: files that play as they are, or a video to convert. */
type WantedMedia =
  | {
      format: 'FILE' | 'HLS' | 'SLIDES';
      files: PackMediaFile[];
      duration: number | null;
      pageCount: number | null;
      pageImages: PageImage[];
    }
  | { convert: PackMediaFile; duration: number | null };

/** A video as filmed waits for the conversion job (HLS renditions and a poster) before it plays. */
const needsConversion = (lesson: PackLesson, files: PackMediaFile[]) =>
  (lesson.type === 'VIDEO' || lesson.type === 'LIVE_RECODE') && files.length === 1 && files[0]!.name.endsWith('.mp4');

/** The columns of a media row holding `wanted`. */
function mediaValues(wanted: WantedMedia) {
  return 'convert' in wanted
    ? {
        format: 'HLS' as const,
        files: [],
        duration: wanted.duration,
        pageCount: null,
        pageImages: [],
        source: wanted.convert,
        conversionStatus: 'NOT_STARTED' as const,
        conversionStartedAt: null,
      }
    : { ...wanted, source: null, conversionStatus: 'COMPLETED' as const, conversionStartedAt: null };
}

/**
 * Whether a media row already holds `wanted`. A video to convert differs only when its film does:
 * a re-import of the same pack keeps the conversion done (or under way).
 */
function holds(row: typeof media.$inferSelect, wanted: WantedMedia): boolean {
  if ('convert' in wanted) return row.source?.key === wanted.convert.key && row.source.source === wanted.convert.source;
  const have = {
    format: row.format,
    files: row.files,
    duration: row.duration,
    pageCount: row.pageCount,
    pageImages: row.pageImages,
    source: row.source,
  };
  return canonical(have) === canonical({ ...wanted, source: null });
}

/**
 * The media rows of many lessons or materials at once: each keeps the row it has, brought to what
 * it wants when it differs, or gets a new one. New rows are written in one statement, their ids
 * drawn from the sequence first so each is known to its lesson.
 */
async function mediaRows(
  tx: Db,
  tenantId: number,
  items: { current: number | null; wanted: WantedMedia }[],
): Promise<number[]> {
  const currentIds = items.flatMap((item) => (item.current === null ? [] : [item.current]));
  const rows = currentIds.length === 0 ? [] : await tx.select().from(media).where(inArray(media.id, currentIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ids: (number | null)[] = [];
  const fresh: number[] = [];
  for (const [index, { current, wanted }] of items.entries()) {
    const row = current === null ? undefined : byId.get(current);
    if (row === undefined) {
      ids.push(null);
      fresh.push(index);
      continue;
    }
    if (!holds(row, wanted)) await tx.update(media).set(mediaValues(wanted)).where(eq(media.id, row.id));
    ids.push(row.id);
  }
  if (fresh.length > 0) {
    const { rows: drawn } = (await tx.execute(
      sql`select nextval(pg_get_serial_sequence('media', 'id'))::int as id from generate_series(1, ${fresh.length})`,
    )) as unknown as { rows: { id: number }[] };
    await tx
      .insert(media)
      .values(fresh.map((index, n) => ({ id: drawn[n]!.id, tenantId, ...mediaValues(items[index]!.wanted) })));
    fresh.forEach((index, n) => (ids[index] = drawn[n]!.id));
  }
  return ids as number[];
}

export interface CourseIds {
  categories: Map<string, number>;
  tags: Map<string, number>;
  teachers: Map<string, number>;
  /** The pack's exams, imported before its courses (an EXAM lesson opens one). */
  exams: Map<string, number>;
}

export async function importCourses(
  tx: Db,
  tenantId: number,
  pack: SchoolPack,
  stored: Map<string, CourseMedia>,
  ids: CourseIds,
): Promise<Record<'courses' | 'chapters' | 'lessons' | 'materials', ImportCounts>> {
  const counts = { courses: noChange(), chapters: noChange(), lessons: noChange(), materials: noChange() };

  const courseSync = await syncByUid(
    tx,
    courses,
    eq(courses.tenantId, tenantId),
    pack.courses.map(({ uid, course }) => ({
      uid,
      values: () => ({
        tenantId,
        title: toLocalized(course.title),
        subtitle: course.subtitle === undefined ? emptyText : toLocalized(course.subtitle),
        cover: course.cover,
        about: course.about === undefined ? emptyText : richText(course.about),
        categoryId: course.category === undefined ? null : ids.categories.get(course.category)!,
        status: course.status,
        priceCents: cents(course.price),
        originalPriceCents: course.originalPrice === undefined ? null : cents(course.originalPrice),
        ...validityOf(course.validity),
        learnInOrder: course.learnInOrder,
        recommendedSeq: course.recommended ?? null,
        lessonCount: course.chapters.reduce((sum, chapter) => sum + chapter.lessons.length, 0),
      }),
    })),
    unpublishGone(tx, courses),
  );
  addCounts(counts.courses, courseSync.counts);

  for (const { uid, course } of pack.courses) {
    const courseId = courseSync.ids.get(uid)!;
    const courseMedia = stored.get(uid)!;
    // New tags or teachers are a change of the course, counted once with its row's.
    if ((await replaceLinks(tx, courseId, course, ids)) && !courseSync.changed.has(uid)) counts.courses.updated += 1;

    const chapterSync = await syncByUid(
      tx,
      chapters,
      eq(chapters.courseId, courseId),
      course.chapters.map((chapter, index) => ({
        uid: chapter.uid,
        values: () => ({ courseId, seq: index + 1, title: toLocalized(chapter.title) }),
      })),
      // A chapter the pack no longer has keeps its unpublished lessons; it shows no more.
      async () => 0,
    );
    addCounts(counts.chapters, chapterSync.counts);

    const currentLessons = await tx
      .select({ uid: lessons.uid, mediaId: lessons.mediaId })
      .from(lessons)
      .where(eq(lessons.courseId, courseId));
    const mediaOfLesson = new Map(currentLessons.map((row) => [row.uid, row.mediaId]));
    const planned = course.chapters.flatMap((chapter) =>
      chapter.lessons.map((lesson) => ({
        chapter,
        lesson,
        played: courseMedia.lessons.get(lessonKey(chapter.uid, lesson.uid)),
      })),
    );
    const playing = planned.flatMap(({ lesson, played }) =>
      played === undefined
        ? []
        : [
            {
              current: mediaOfLesson.get(lesson.uid) ?? null,
              wanted: needsConversion(lesson, played.files)
                ? { convert: played.files[0]!, duration: played.duration }
                : {
                    format: formatOf(lesson, played.files),
                    files: played.files,
                    duration: played.duration,
                    pageCount: played.pages,
                    pageImages: played.pageImages,
                  },
            },
          ],
    );
    const playingIds = await mediaRows(tx, tenantId, playing);
    let next = 0;
    const lessonRows = planned.map(({ chapter, lesson, played }, index) => {
      const mediaId = played === undefined ? null : playingIds[next++]!;
      const values = lessonValues(lesson, played);
      return {
        uid: lesson.uid,
        values: () => ({
          tenantId,
          courseId,
          chapterId: chapterSync.ids.get(chapter.uid)!,
          seq: index + 1,
          status: 'PUBLISHED',
          ...values,
          mediaId,
          examId: lesson.type === 'EXAM' ? ids.exams.get(lesson.exam)! : null,
        }),
      };
    });
    const lessonSync = await syncByUid(
      tx,
      lessons,
      eq(lessons.courseId, courseId),
      lessonRows,
      unpublishGone(tx, lessons),
    );
    addCounts(counts.lessons, lessonSync.counts);
    if (lessonSync.changed.size > 0 || lessonSync.counts.removed > 0) await recountLearned(tx, courseId);
    addCounts(counts.materials, await syncMaterials(tx, tenantId, courseId, course, courseMedia.materials));
  }
  return counts;
}

/**
 * A member's completed lessons, counted again over the course's published lessons: a lesson
 * unpublished (or published again) changes how far each member is. Only counts that differ are
 * written, so an import that changes nothing writes nothing.
 */
async function recountLearned(tx: Db, courseId: number): Promise<void> {
  const learned = sql`(select count(*)::int from ${lessonLearnings} ll join ${lessons} l on l.id = ll.lesson_id
    where l.course_id = ${courseMembers.courseId} and l.status = 'PUBLISHED'
      and ll.user_id = ${courseMembers.userId} and ll.status = 'COMPLETED')`;
  await tx
    .update(courseMembers)
    .set({ learnedLessonCount: learned })
    .where(and(eq(courseMembers.courseId, courseId), sql`${courseMembers.learnedLessonCount} <> ${learned}`));
}

/** The lesson's own columns, by its type. */
function lessonValues(lesson: PackLesson, played: LessonMedia | undefined) {
  const startsAt = 'startsAt' in lesson && lesson.startsAt !== undefined ? new Date(lesson.startsAt) : null;
  const given = 'duration' in lesson ? (lesson.duration ?? null) : null;
  return {
    title: toLocalized(lesson.title),
    mediaType: lesson.type,
    duration: played?.duration ?? given,
    freeTrial: lesson.freeTrial,
    startTime: startsAt,
    content:
      lesson.type === 'HTML'
        ? richText(lesson.content)
        : lesson.type === 'LAB' && lesson.content !== undefined
          ? toLocalized(lesson.content)
          : null,
    externalUrl: 'url' in lesson ? lesson.url : null,
    maxParticipants: lesson.type === 'ACTIVITY' ? (lesson.seats ?? null) : null,
    address: lesson.type === 'ACTIVITY' && lesson.address !== undefined ? toLocalized(lesson.address) : null,
  };
}

/** A course's tags and teachers, replaced when the pack's lists differ; answers whether they did. */
async function replaceLinks(tx: Db, courseId: number, course: PackCourse, ids: CourseIds): Promise<boolean> {
  const wantTags = course.tags.map((uid) => ids.tags.get(uid)!);
  const wantTeachers = course.teachers.map((uid, seq) => ({ teacherId: ids.teachers.get(uid)!, seq }));
  const haveTags = await tx
    .select({ tagId: courseTags.tagId })
    .from(courseTags)
    .where(eq(courseTags.courseId, courseId));
  const haveTeachers = await tx
    .select({ teacherId: courseTeachers.teacherId, seq: courseTeachers.seq })
    .from(courseTeachers)
    .where(eq(courseTeachers.courseId, courseId))
    .orderBy(courseTeachers.seq);
  let changed = false;
  if (canonical([...wantTags].sort()) !== canonical(haveTags.map((t) => t.tagId).sort())) {
    await tx.delete(courseTags).where(eq(courseTags.courseId, courseId));
    if (wantTags.length > 0) await tx.insert(courseTags).values(wantTags.map((tagId) => ({ courseId, tagId })));
    changed = true;
  }
  if (canonical(wantTeachers) !== canonical(haveTeachers)) {
    await tx.delete(courseTeachers).where(eq(courseTeachers.courseId, courseId));
    if (wantTeachers.length > 0) await tx.insert(courseTeachers).values(wantTeachers.map((t) => ({ courseId, ...t })));
    changed = true;
  }
  return changed;
}

/** A course's materials, replaced (rows and their media) when the pack's list differs. */
async function syncMaterials(
  tx: Db,
  tenantId: number,
  courseId: number,
  course: PackCourse,
  stored: CourseMedia['materials'],
): Promise<ImportCounts> {
  const counts = noChange();
  const have = await tx
    .select({
      id: courseLectures.id,
      title: courseLectures.title,
      mediaId: courseLectures.mediaId,
      files: media.files,
      pageCount: media.pageCount,
    })
    .from(courseLectures)
    .leftJoin(media, eq(media.id, courseLectures.mediaId))
    .where(eq(courseLectures.courseId, courseId))
    .orderBy(courseLectures.seq);
  const want = course.materials.map((material, index) => ({
    title: toLocalized(material.title),
    files: [stored[index]!.file],
    pageCount: stored[index]!.pageCount,
  }));
  const held = have.map(({ title, files, pageCount }) => ({ title, files, pageCount }));
  if (canonical(held) === canonical(want)) return counts;
  const oldMedia = have.flatMap((row) => (row.mediaId === null ? [] : [row.mediaId]));
  await tx.delete(courseLectures).where(eq(courseLectures.courseId, courseId));
  if (oldMedia.length > 0) await tx.delete(media).where(inArray(media.id, oldMedia));
  const mediaIds = await mediaRows(
    tx,
    tenantId,
    want.map((material) => ({
      current: null,
      wanted: {
        format: 'FILE' as const,
        files: material.files,
        duration: null,
        pageCount: material.pageCount,
        pageImages: [],
      },
    })),
  );
  if (want.length > 0) {
    await tx.insert(courseLectures).values(
      want.map((material, seq) => ({
        courseId,
        seq,
        title: material.title,
        fileName: material.files[0]!.name,
        sizeBytes: material.files[0]!.size,
        mediaId: mediaIds[seq]!,
      })),
    );
  }
  counts.removed = Math.max(0, have.length - want.length);
  counts.created = Math.max(0, want.length - have.length);
  counts.updated = Math.min(have.length, want.length);
  return counts;
}

import path from 'node:path';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  categories,
  chapters,
  courseLectures,
  courses,
  courseTags,
  courseTeachers,
  exams,
  lessons,
  media,
  tags,
  teachers,
  type MediaFile,
} from '../db/schema.js';
import type { PackCourse, PackLesson } from './pack-schema.js';
import { homeworkOfLessons } from './export-exams.js';
import { fromLocalized, isEmpty, moment, money, yaml } from './pack-text.js';
import type { PackMediaFile } from './store-media.js';

/*
 * A school's courses back as `courses/<uid>/course.yaml`, each key in the schema's order and
 * left out at its default (what a person would not write), and each media file at the place in
 * the pack it came from. Lengths and page counts measured at import are not written: the next
 * import measures them again from the files.
 */

/** Where a stored file goes in the pack: where it came from, or beside its course for rows no pack made. */
const sourceOf = (file: MediaFile, courseUid: string) =>
  (file as Partial<PackMediaFile>).source ?? `courses/${courseUid}/${file.name}`;

export async function exportCourses(
  db: Db,
  tenantId: number,
  files: Map<string, string>,
  mediaFiles: Map<string, string>,
): Promise<void> {
  const courseRows = await db
    .select()
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), inArray(courses.status, ['DRAFT', 'PUBLISHED', 'CLOSED'])))
    .orderBy(asc(courses.uid));
  if (courseRows.length === 0) return;
  const courseIds = courseRows.map((row) => row.id);
  const uidOf = async <T extends { id: number; uid: string | null }>(rows: T[]) =>
    new Map(rows.map((row) => [row.id, row.uid]));
  const categoryUid = await uidOf(
    await db
      .select({ id: categories.id, uid: categories.uid })
      .from(categories)
      .where(eq(categories.tenantId, tenantId)),
  );
  const tagRows = await db
    .select({ courseId: courseTags.courseId, uid: tags.uid, seq: tags.seq })
    .from(courseTags)
    .innerJoin(tags, eq(tags.id, courseTags.tagId))
    .where(inArray(courseTags.courseId, courseIds))
    .orderBy(asc(tags.seq), asc(tags.id));
  const teacherRows = await db
    .select({ courseId: courseTeachers.courseId, uid: teachers.uid })
    .from(courseTeachers)
    .innerJoin(teachers, eq(teachers.id, courseTeachers.teacherId))
    .where(inArray(courseTeachers.courseId, courseIds))
    .orderBy(asc(courseTeachers.seq));
  const chapterRows = await db
    .select()
    .from(chapters)
    .where(and(inArray(chapters.courseId, courseIds), isNotNull(chapters.uid)))
    .orderBy(asc(chapters.seq));
  const lessonRows = await db
    .select({ lesson: lessons, media, examUid: exams.uid })
    .from(lessons)
    .leftJoin(media, eq(media.id, lessons.mediaId))
    .leftJoin(exams, eq(exams.id, lessons.examId))
    .where(and(inArray(lessons.courseId, courseIds), eq(lessons.status, 'PUBLISHED'), isNotNull(lessons.uid)))
    .orderBy(asc(lessons.seq));
  const lectureRows = await db
    .select({ lecture: courseLectures, media })
    .from(courseLectures)
    .leftJoin(media, eq(media.id, courseLectures.mediaId))
    .where(inArray(courseLectures.courseId, courseIds))
    .orderBy(asc(courseLectures.seq));

  const homeworkOf = await homeworkOfLessons(
    db,
    lessonRows.map((row) => row.lesson.id),
  );

  for (const course of courseRows) {
    const folder = `courses/${course.uid}`;
    /** A file's path written in course.yaml (relative to it), the file itself noted for writing. */
    const refer = (file: MediaFile) => {
      const source = sourceOf(file, course.uid);
      mediaFiles.set(source, file.key);
      return path.posix.relative(folder, source);
    };
    const lessonOf = ({ lesson, media: played, examUid }: (typeof lessonRows)[number]): PackLesson => {
      const common = { uid: lesson.uid!, title: fromLocalized(lesson.title) };
      const trial = lesson.freeTrial ? { freeTrial: true } : {};
      const startsAt = lesson.startTime === null ? {} : { startsAt: moment(lesson.startTime) };
      const planned = lesson.duration === null ? {} : { duration: lesson.duration };
      // A converted video is written as it was filmed: the next import converts it again.
      const playedFiles = played?.source ? [played.source] : (played?.files ?? []);
      // Every played file is written; an HLS playlist names its segments, which follow it.
      for (const file of playedFiles.slice(1)) refer(file);
      const file = playedFiles[0] === undefined ? '' : refer(playedFiles[0]);
      const type = lesson.mediaType;
      switch (type) {
        case 'VIDEO':
          return { ...common, type, file, ...trial } as PackLesson;
        case 'AUDIO':
        case 'LIVE_RECODE':
          return { ...common, type, file, ...trial, ...startsAt } as PackLesson;
        case 'PDF':
        case 'DOC':
          return { ...common, type, file, ...trial } as PackLesson;
        case 'PPT':
          return {
            ...common,
            type,
            slides: playedFiles.map((slide) => path.posix.relative(folder, sourceOf(slide, course.uid))),
            ...trial,
          } as PackLesson;
        case 'OTHER':
          return { ...common, type, file, ...trial } as PackLesson;
        case 'HTML':
          return {
            ...common,
            type,
            content: fromLocalized(lesson.content ?? { cn: '', en: '' }),
            ...trial,
          } as PackLesson;
        case 'LIVE':
        case 'LIVE_NOW':
        case 'LIVE_COMPLETED':
          return { ...common, type, ...trial, ...startsAt, url: lesson.externalUrl ?? '', ...planned } as PackLesson;
        case 'ACTIVITY':
          return {
            ...common,
            type,
            ...trial,
            ...startsAt,
            ...(lesson.maxParticipants === null ? {} : { seats: lesson.maxParticipants }),
            ...(lesson.address === null ? {} : { address: fromLocalized(lesson.address) }),
          } as PackLesson;
        case 'EXAM':
          return { ...common, type, ...trial, exam: examUid ?? '' } as PackLesson;
        case 'LAB':
          return {
            ...common,
            type,
            ...trial,
            url: lesson.externalUrl ?? '',
            ...(isEmpty(lesson.content) ? {} : { content: fromLocalized(lesson.content!) }),
          } as PackLesson;
      }
    };

    const courseChapters = chapterRows
      .filter((chapter) => chapter.courseId === course.id)
      .map((chapter) => ({
        uid: chapter.uid!,
        title: fromLocalized(chapter.title),
        lessons: lessonRows
          .filter((row) => row.lesson.chapterId === chapter.id)
          .map((row) => {
            const homework = homeworkOf.get(row.lesson.id);
            return { ...lessonOf(row), ...(homework === undefined ? {} : { homework }) };
          }),
      }))
      .filter((chapter) => chapter.lessons.length > 0);
    const courseTagUids = tagRows.filter((row) => row.courseId === course.id).map((row) => row.uid!);
    const courseTeacherUids = teacherRows.filter((row) => row.courseId === course.id).map((row) => row.uid!);
    const materials = lectureRows
      .filter(({ lecture, media: file }) => lecture.courseId === course.id && file !== null && file.files[0])
      .map(({ lecture, media: file }) => ({ title: fromLocalized(lecture.title), file: refer(file!.files[0]!) }));
    const validity: PackCourse['validity'] =
      course.validityKind === 'DAYS'
        ? { days: course.validityDays! }
        : course.validityKind === 'END_DATE'
          ? { until: moment(course.validityEndDate!) }
          : course.validityKind === 'LONG_TERM'
            ? 'long-term'
            : 'unlimited';
    const category = course.categoryId === null ? null : (categoryUid.get(course.categoryId) ?? null);

    const written = {
      title: fromLocalized(course.title),
      ...(isEmpty(course.subtitle) ? {} : { subtitle: fromLocalized(course.subtitle) }),
      cover: course.cover,
      ...(isEmpty(course.about) ? {} : { about: fromLocalized(course.about) }),
      ...(category === null ? {} : { category }),
      ...(courseTagUids.length === 0 ? {} : { tags: courseTagUids }),
      ...(courseTeacherUids.length === 0 ? {} : { teachers: courseTeacherUids }),
      ...(course.status === 'PUBLISHED' ? {} : { status: course.status }),
      ...(course.priceCents === 0 ? {} : { price: money(course.priceCents) }),
      ...(course.originalPriceCents === null ? {} : { originalPrice: money(course.originalPriceCents) }),
      ...(validity === 'unlimited' ? {} : { validity }),
      ...(course.learnInOrder ? { learnInOrder: true } : {}),
      ...(course.recommendedSeq === null ? {} : { recommended: course.recommendedSeq }),
      ...(materials.length === 0 ? {} : { materials }),
      chapters: courseChapters,
    };
    files.set(`${folder}/course.yaml`, yaml(written));
  }
}

import type { Tag } from '@school/contract/catalogue';
import type { ClassroomSummary } from '@school/contract/classrooms';
import type { CourseSummary } from '@school/contract/courses';
import type { ExamSummary } from '@school/contract/exams';
import { sql } from 'drizzle-orm';
import { classrooms, courses, courseTags, exams, tags } from '../db/schema.js';
import type { CatalogueCaller } from './catalogue-caller.js';
import { ratingScore, toPrice } from './catalogue-format.js';
import { localize, type LocalizedText } from './localized-text.js';

/*
 * The catalogue card of a course, classroom and exam: the columns a list reads and the summary
 * it answers. One home, because the catalogue lists and the learner's favourites show the same
 * cards.
 */

type Reader = Pick<CatalogueCaller, 'currency' | 'locale'>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export const courseSummaryColumns = {
  id: courses.id,
  uid: courses.uid,
  title: courses.title,
  subtitle: courses.subtitle,
  cover: courses.cover,
  priceCents: courses.priceCents,
  originalPriceCents: courses.originalPriceCents,
  status: courses.status,
  lessonCount: courses.lessonCount,
  studentCount: courses.studentCount,
  ratingTotal: courses.ratingTotal,
  ratingCount: courses.ratingCount,
};

/** A course's tags in tag order, as JSON, read with the course (one statement for a whole list page). */
export const tagsOfEachCourse = sql<Array<{ id: number; name: LocalizedText }>>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.seq, t.id)
  from ${courseTags} ct join ${tags} t on t.id = ct.tag_id
  where ct.course_id = "courses"."id"), '[]'::json)`;

export type CourseSummaryRow = {
  [K in Exclude<keyof typeof courseSummaryColumns, 'id'>]: (typeof courses.$inferSelect)[K];
};

export function toCourseSummary(row: CourseSummaryRow, tagRows: Tag[], reader: Reader): CourseSummary {
  return {
    uid: row.uid,
    title: localize(row.title, reader.locale),
    subtitle: localize(row.subtitle, reader.locale),
    cover: row.cover,
    price: toPrice(row.priceCents, row.originalPriceCents, reader.currency),
    status: row.status,
    lessonCount: row.lessonCount,
    studentCount: row.studentCount,
    ratingScore: ratingScore(row.ratingTotal, row.ratingCount),
    tags: tagRows,
  };
}

/** Tags as read by tagsOfEachCourse, in the reader's language. */
export function localizedTags(rows: Array<{ id: number; name: LocalizedText }>, reader: Reader): Tag[] {
  return rows.map((tag) => ({ id: tag.id, name: localize(tag.name, reader.locale) }));
}

export const classroomSummaryColumns = {
  id: classrooms.id,
  uid: classrooms.uid,
  title: classrooms.title,
  cover: classrooms.cover,
  status: classrooms.status,
  priceCents: classrooms.priceCents,
  originalPriceCents: classrooms.originalPriceCents,
  studentCount: classrooms.studentCount,
  courseCount: classrooms.courseCount,
  enrolStartTime: classrooms.enrolStartTime,
  enrolEndTime: classrooms.enrolEndTime,
  startTime: classrooms.startTime,
  durationDays: classrooms.durationDays,
};

export type ClassroomSummaryRow = {
  [K in Exclude<keyof typeof classroomSummaryColumns, 'id'>]: (typeof classrooms.$inferSelect)[K];
};

export function toClassroomSummary(row: ClassroomSummaryRow, reader: Reader): ClassroomSummary {
  return {
    uid: row.uid,
    title: localize(row.title, reader.locale),
    cover: row.cover,
    price: toPrice(row.priceCents, row.originalPriceCents, reader.currency),
    status: row.status,
    studentCount: row.studentCount,
    courseCount: row.courseCount,
    enrolStartTime: iso(row.enrolStartTime),
    enrolEndTime: iso(row.enrolEndTime),
    startTime: iso(row.startTime),
    durationDays: row.durationDays,
  };
}

export const examSummaryColumns = {
  id: exams.id,
  uid: exams.uid,
  title: exams.title,
  cover: exams.cover,
  status: exams.status,
  priceCents: exams.priceCents,
  originalPriceCents: exams.originalPriceCents,
  startTime: exams.startTime,
  endTime: exams.endTime,
  duration: exams.duration,
  totalScore: exams.totalScore,
  passScore: exams.passScore,
  quizCount: exams.quizCount,
  examTimes: exams.examTimes,
  studentCount: exams.studentCount,
};

export type ExamSummaryRow = {
  [K in Exclude<keyof typeof examSummaryColumns, 'id'>]: (typeof exams.$inferSelect)[K];
};

export function toExamSummary(row: ExamSummaryRow, reader: Reader): ExamSummary {
  return {
    uid: row.uid,
    title: localize(row.title, reader.locale),
    cover: row.cover,
    price: toPrice(row.priceCents, row.originalPriceCents, reader.currency),
    status: row.status,
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    duration: row.duration,
    totalScore: row.totalScore,
    passScore: row.passScore,
    quizCount: row.quizCount,
    examTimes: row.examTimes,
    studentCount: row.studentCount,
  };
}

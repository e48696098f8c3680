import { z } from 'zod';
import { learningStatuses, mediaTypes } from './enums.js';
import { isoDateTime, pageOf } from './common.js';
import {
  couponHintSchema,
  priceSchema,
  productListQuerySchema,
  productStatusSchema,
  tagSchema,
  teacherSchema,
} from './catalogue.js';

/*
 * Courses (public id `uid`). Lists and details show PUBLISHED and DRAFT ("coming soon")
 * courses; UNPUBLISHED and CLOSED ones answer 403 courseNotPublished on their detail and are
 * left out of lists. Decision record 008.
 */

/** GET /api/courses: keyword, categoryId (with its sub-categories), tagId, sort, recommended. */
export const courseListQuerySchema = productListQuerySchema.extend({
  tagId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type CourseListQuery = z.input<typeof courseListQuerySchema>;

export const courseSummarySchema = z.object({
  uid: z.string(),
  title: z.string(),
  subtitle: z.string(),
  cover: z.string(),
  price: priceSchema,
  status: productStatusSchema,
  lessonCount: z.number().int().nonnegative(),
  studentCount: z.number().int().nonnegative(),
  /** Average of the ratings, 0 to 5 with one decimal; 0 when nobody has rated. */
  ratingScore: z.number().min(0).max(5),
  tags: z.array(tagSchema),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;
export const courseListSchema = pageOf(courseSummarySchema);
export type CourseList = z.infer<typeof courseListSchema>;

/** How long a member may study: forever, long-term, N days after joining, or until a date. */
export const validitySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('UNLIMITED') }),
  z.object({ kind: z.literal('LONG_TERM') }),
  z.object({ kind: z.literal('DAYS'), days: z.number().int().positive() }),
  z.object({ kind: z.literal('END_DATE'), endDate: isoDateTime }),
]);
export type Validity = z.infer<typeof validitySchema>;

export const syllabusLessonSchema = z.object({
  id: z.number().int(),
  /** 1-based across the whole course. */
  number: z.number().int().positive(),
  title: z.string(),
  mediaType: z.enum(mediaTypes),
  /** Seconds of media; null for lessons without a length (documents, exams…). */
  duration: z.number().int().nonnegative().nullable(),
  /** Anyone may try it (lessonTryPlay). */
  freeTrial: z.boolean(),
  /** True when the caller may not open it: not a member (and no free trial), or membership expired. */
  locked: z.boolean(),
  /** The caller's progress; null when not a member. */
  learningStatus: z.enum(learningStatuses).nullable(),
});
export type SyllabusLesson = z.infer<typeof syllabusLessonSchema>;

export const syllabusChapterSchema = z.object({
  id: z.number().int(),
  /** 1-based chapter number shown as "Chapter 1". */
  number: z.number().int().positive(),
  title: z.string(),
  lessons: z.array(syllabusLessonSchema),
});
export type SyllabusChapter = z.infer<typeof syllabusChapterSchema>;

/** The caller's membership of a product; null for visitors and non-members. */
export const courseMembershipSchema = z.object({
  joinedAt: isoDateTime,
  /** Null: no end. */
  expiresAt: isoDateTime.nullable(),
  expired: z.boolean(),
  learningStatus: z.enum(learningStatuses),
  /** Learned lessons / all lessons, 0 to 100. */
  progress: z.number().int().min(0).max(100),
  /** Where "continue learning" goes; null before the first lesson (then: the first lesson). */
  lastLessonId: z.number().int().nullable(),
});
export type CourseMembership = z.infer<typeof courseMembershipSchema>;

/** GET /api/courses/{uid} */
export const courseDetailSchema = courseSummarySchema.extend({
  /** Sanitized HTML of the "about" tab. */
  about: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  validity: validitySchema,
  teachers: z.array(teacherSchema),
  chapters: z.array(syllabusChapterSchema),
  ratingCount: z.number().int().nonnegative(),
  coupon: couponHintSchema.nullable(),
  membership: courseMembershipSchema.nullable(),
  /** The first lesson a new member starts with; null for a course without lessons. */
  firstLessonId: z.number().int().nullable(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/**
 * POST /api/courses/{uid}/join: a free, published course makes the caller a member at once
 * (201 with the membership). Paid: 403 noPermissionJoinCourse (buy through an order). DRAFT,
 * UNPUBLISHED or CLOSED: 403 courseNotPublished. Already a member: 409 memberExisted.
 */
export const courseJoinResultSchema = courseMembershipSchema;

/** GET /api/courses/{uid}/notes (members only: 403 notCourseMember): learners' shared notes. */
export const courseNoteSchema = z.object({
  id: z.number().int(),
  user: z.object({ nickname: z.string(), avatar: z.string().nullable() }),
  lesson: z.object({ id: z.number().int(), title: z.string() }),
  content: z.string(),
  createdAt: isoDateTime,
});
export type CourseNote = z.infer<typeof courseNoteSchema>;
export const courseNoteListSchema = pageOf(courseNoteSchema);
export type CourseNoteList = z.infer<typeof courseNoteListSchema>;

/** GET /api/courses/{uid}/threads (members only): the Q&A board. */
export const courseThreadSchema = z.object({
  id: z.number().int(),
  user: z.object({ nickname: z.string(), avatar: z.string().nullable() }),
  title: z.string(),
  content: z.string(),
  replyCount: z.number().int().nonnegative(),
  createdAt: isoDateTime,
});
export type CourseThread = z.infer<typeof courseThreadSchema>;
export const courseThreadListSchema = pageOf(courseThreadSchema);
export type CourseThreadList = z.infer<typeof courseThreadListSchema>;

/** GET /api/courses/{uid}/lectures (members only): downloadable course materials. */
export const courseLectureSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** File name with extension, for the icon. */
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
});
export type CourseLecture = z.infer<typeof courseLectureSchema>;
export const courseLectureListSchema = z.object({ items: z.array(courseLectureSchema) });
export type CourseLectureList = z.infer<typeof courseLectureListSchema>;

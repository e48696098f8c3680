import { z } from 'zod';
import { learningStatuses, mediaTypes } from './enums.js';
import { isoDateTime, pageOf, pageQuerySchema } from './common.js';
import { limits } from './limits.js';
import { ruleIds, textInput } from './validation.js';
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

/** GET /api/courses: keyword, categoryId (with its sub-categories), tagId, price, sort, recommended. */
export const courseListQuerySchema = productListQuerySchema.extend({
  tagId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** `free`: only the courses that cost nothing. */
  price: z.enum(['free']).optional(),
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

/**
 * GET /api/courses/{uid}/notes (members only: 403 notCourseMember): the caller's own notes on
 * the course, newest first. GET /api/notes/{id}: one of the caller's notes (anyone else's: 404).
 */
export const courseNoteSchema = z.object({
  id: z.number().int(),
  lesson: z.object({ id: z.number().int(), title: z.string(), mediaType: z.enum(mediaTypes) }),
  /** Where it was taken: second of video/audio, page of a document; null: the lesson as a whole. */
  position: z.number().int().nonnegative().nullable(),
  content: z.string(),
  createdAt: isoDateTime,
});
export type CourseNote = z.infer<typeof courseNoteSchema>;
export const courseNoteListSchema = pageOf(courseNoteSchema);
export type CourseNoteList = z.infer<typeof courseNoteListSchema>;
export const noteDetailSchema = courseNoteSchema.extend({
  course: z.object({ uid: z.string(), title: z.string() }),
});
export type NoteDetail = z.infer<typeof noteDetailSchema>;
/** GET /api/me/notes: the learner's notes across the school's courses, newest first, each with its course. */
export const myNoteListSchema = pageOf(noteDetailSchema);
export type MyNoteList = z.infer<typeof myNoteListSchema>;

const threadAuthorSchema = z.object({ nickname: z.string(), avatar: z.string().nullable() });

/** GET /api/courses/{uid}/threads (members only): the Q&A board, newest first. */
export const courseThreadSchema = z.object({
  id: z.number().int(),
  user: threadAuthorSchema,
  title: z.string(),
  content: z.string(),
  replyCount: z.number().int().nonnegative(),
  createdAt: isoDateTime,
  /** The caller asked it: theirs to change or delete. */
  mine: z.boolean(),
});
export type CourseThread = z.infer<typeof courseThreadSchema>;
export const courseThreadListSchema = pageOf(courseThreadSchema);
export type CourseThreadList = z.infer<typeof courseThreadListSchema>;

/** Me → My Q&A: the questions the learner asked, or those they answered. */
export const myThreadRoles = ['asked', 'answered'] as const;
export type MyThreadRole = (typeof myThreadRoles)[number];
/** GET /api/me/threads?role=asked|answered. */
export const myThreadQuerySchema = pageQuerySchema.extend({ role: z.enum(myThreadRoles).default('asked') });
export type MyThreadQuery = z.input<typeof myThreadQuerySchema>;
/**
 * A question across the school's courses, with its course: asked ones newest first; answered
 * ones by the learner's latest answer, which comes along (`answer`; null on asked ones).
 */
export const myThreadSchema = courseThreadSchema.extend({
  course: z.object({ uid: z.string(), title: z.string() }),
  answer: z.object({ content: z.string(), createdAt: isoDateTime }).nullable(),
});
export type MyThread = z.infer<typeof myThreadSchema>;
export const myThreadListSchema = pageOf(myThreadSchema);
export type MyThreadList = z.infer<typeof myThreadListSchema>;

/** POST /api/courses/{uid}/threads (members): ask a question. 201 with the thread. */
export const threadCreateSchema = z.object({
  title: textInput({ error: ruleIds.threadTitleRequired })
    .trim()
    .min(1, { error: ruleIds.threadTitleRequired })
    .max(limits.threadTitleMax, { error: ruleIds.threadTitleRequired }),
  content: textInput({ error: ruleIds.threadContentRequired })
    .trim()
    .min(1, { error: ruleIds.threadContentRequired })
    .max(limits.threadTextMax),
});
export type ThreadCreate = z.infer<typeof threadCreateSchema>;

export const threadPostSchema = z.object({
  id: z.number().int(),
  user: threadAuthorSchema,
  content: z.string(),
  createdAt: isoDateTime,
  /** The caller wrote it: theirs to change or delete. */
  mine: z.boolean(),
});
export type ThreadPost = z.infer<typeof threadPostSchema>;

/** GET /api/courses/{uid}/threads/{id} (members; another course's thread: 404 threadNotFound). */
export const threadDetailSchema = courseThreadSchema.extend({
  /** Answers, oldest first. */
  posts: z.array(threadPostSchema),
});
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

/** POST /api/courses/{uid}/threads/{id}/posts (members): answer. 201 with the answer. */
export const threadPostCreateSchema = z.object({
  content: textInput({ error: ruleIds.answerRequired })
    .trim()
    .min(1, { error: ruleIds.answerRequired })
    .max(limits.threadTextMax),
});
export type ThreadPostCreate = z.infer<typeof threadPostCreateSchema>;

export const threadParamsSchema = z.object({
  uid: textInput().min(1).max(64),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/*
 * PUT /api/courses/{uid}/threads/{id} (the question's title and text, as asked) and PUT
 * …/threads/{id}/posts/{postId} (an answer's text): the author changes what they wrote, 200 with
 * it. DELETE either: 204; a question goes with its answers, an answer leaves the count. Someone
 * else's: 403 noPermissionModifyComment. Members only, like reading.
 */
export const threadPostParamsSchema = threadParamsSchema.extend({
  postId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * GET /api/courses/{uid}/lectures (members only): course materials. `url` is the members-only
 * file route; GET /api/courses/{uid}/lectures/{id} gives one with how to view it.
 */
export const courseLectureSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** File name with extension, for the icon. */
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
  /** How the lecture opens: in the PDF viewer, as an image, or as a download. */
  viewer: z.enum(['PDF', 'IMAGE', 'FILE']),
});
export type CourseLecture = z.infer<typeof courseLectureSchema>;
export const courseLectureListSchema = z.object({ items: z.array(courseLectureSchema) });
export type CourseLectureList = z.infer<typeof courseLectureListSchema>;
export const lectureDetailSchema = courseLectureSchema.extend({
  course: z.object({ uid: z.string(), title: z.string() }),
  pageCount: z.number().int().positive().nullable(),
});
export type LectureDetail = z.infer<typeof lectureDetailSchema>;

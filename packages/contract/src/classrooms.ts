import { z } from 'zod';
import { isoDateTime, pageOf } from './common.js';
import { textInput } from './validation.js';
import {
  couponHintSchema,
  priceSchema,
  productListQuerySchema,
  productStatusSchema,
  teacherSchema,
} from './catalogue.js';

/*
 * Classrooms, "projects" in the earlier client's names (docs/product.md#enumerations; public id `uid`). Visibility follows courses:
 * PUBLISHED and DRAFT are listed; UNPUBLISHED and CLOSED answer 403 classroomNotPublished.
 */

/** GET /api/classrooms: keyword, categoryId, sort, recommended. */
export const classroomListQuerySchema = productListQuerySchema;
export type ClassroomListQuery = z.input<typeof classroomListQuerySchema>;

export const classroomSummarySchema = z.object({
  uid: z.string(),
  title: z.string(),
  cover: z.string(),
  price: priceSchema,
  status: productStatusSchema,
  studentCount: z.number().int().nonnegative(),
  courseCount: z.number().int().nonnegative(),
  /** Enrolment window; null ends mean "open". */
  enrolStartTime: isoDateTime.nullable(),
  enrolEndTime: isoDateTime.nullable(),
  /** When teaching starts; null when it starts on joining. */
  startTime: isoDateTime.nullable(),
  /** Length of the classroom in days; null is unlimited. */
  durationDays: z.number().int().positive().nullable(),
});
export type ClassroomSummary = z.infer<typeof classroomSummarySchema>;
export const classroomListSchema = pageOf(classroomSummarySchema);
export type ClassroomList = z.infer<typeof classroomListSchema>;

export const classroomCourseSchema = z.object({
  uid: z.string(),
  title: z.string(),
  cover: z.string(),
  lessonCount: z.number().int().nonnegative(),
  /** For members: lessons the caller completed in this course; null otherwise. */
  completedLessonCount: z.number().int().nonnegative().nullable(),
});
export type ClassroomCourse = z.infer<typeof classroomCourseSchema>;

export const classroomMembershipSchema = z.object({
  joinedAt: isoDateTime,
  completedCourseCount: z.number().int().nonnegative(),
  /** Completed courses / all courses, 0 to 100. */
  progress: z.number().int().min(0).max(100),
});
export type ClassroomMembership = z.infer<typeof classroomMembershipSchema>;

/**
 * Where enrolment stands right now (server time): NOT_STARTED before enrolStartTime, OPEN,
 * ENDED after enrolEndTime, FULL when maxStudents is reached.
 */
export const enrolStates = ['NOT_STARTED', 'OPEN', 'ENDED', 'FULL'] as const;
export type EnrolState = (typeof enrolStates)[number];

/** GET /api/classrooms/{uid} */
export const classroomDetailSchema = classroomSummarySchema.extend({
  /** Sanitized HTML. */
  intro: z.string(),
  /** Sanitized HTML of the teaching plan. */
  teachingPlan: z.string(),
  courses: z.array(classroomCourseSchema),
  teachers: z.array(teacherSchema),
  maxStudents: z.number().int().positive().nullable(),
  enrolState: z.enum(enrolStates),
  ratingScore: z.number().min(0).max(5),
  ratingCount: z.number().int().nonnegative(),
  announcementCount: z.number().int().nonnegative(),
  coupon: couponHintSchema.nullable(),
  membership: classroomMembershipSchema.nullable(),
  /** Server time of the answer, so countdowns do not depend on the phone's clock. */
  now: isoDateTime,
});
export type ClassroomDetail = z.infer<typeof classroomDetailSchema>;

/**
 * POST /api/classrooms/{uid}/join: free and enrolment OPEN → member (201 with the
 * membership). Paid: 403 noPermissionJoinCourse. Not published: 403 classroomNotPublished.
 * Enrolment not open: 403 forbidden; full: 409 tooManyParticipants. Member: 409 memberExisted.
 */
export const classroomJoinResultSchema = classroomMembershipSchema;

/** GET /api/classrooms/{uid}/announcements */
export const announcementSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: isoDateTime,
});
export type AnnouncementSummary = z.infer<typeof announcementSummarySchema>;
export const announcementListSchema = pageOf(announcementSummarySchema);
export type AnnouncementList = z.infer<typeof announcementListSchema>;

/** GET /api/classrooms/{uid}/announcements/{id} (404 announcementNotFound). */
export const announcementDetailSchema = announcementSummarySchema.extend({
  /** Sanitized HTML. */
  content: z.string(),
});
export type AnnouncementDetail = z.infer<typeof announcementDetailSchema>;
export const announcementParamsSchema = z.object({
  uid: textInput().min(1).max(64),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

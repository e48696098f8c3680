import { z } from 'zod';
import { isoDateTime } from './common.js';
import { courseMembershipSchema, syllabusChapterSchema, syllabusLessonSchema } from './courses.js';
import { answerStatuses, learningStatuses } from './enums.js';
import { examRequirementSchema } from './exams.js';
import { priceSchema } from './catalogue.js';
import { limits } from './limits.js';
import { ruleIds, textInput } from './validation.js';

/*
 * The lesson player (decision record 011). GET /api/lessons/{id} answers anyone who may see the
 * course with the lesson, the course outline and `access`: either the content to play, or the
 * refusal with what the learner can do about it. Media files, progress, notes and activity
 * registration refuse with the catalogue codes (lessonLocked, memberExpired, notCourseMember,
 * conversionNotCompleted, tooManyParticipants).
 */

/** Where a learner is in a lesson: second of video/audio, page of a document, slide, percent of HTML read. */
export const lessonPositionSchema = z.number().int().min(0).max(10_000_000);

/** One page of a PDF as an image, served with the same checks as the PDF. */
export const pdfPageImageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The page's text (text/plain), for screen readers; null when it has none (a scan, or drawn before). */
  textUrl: z.string().nullable(),
});
export type PdfPageImage = z.infer<typeof pdfPageImageSchema>;

export const lessonContentSchema = z.discriminatedUnion('kind', [
  /** VIDEO and LIVE_RECODE: an mp4 (range requests) or an HLS playlist. */
  z.object({
    kind: z.literal('VIDEO'),
    format: z.enum(['MP4', 'HLS']),
    url: z.string(),
    /** Seconds. */
    duration: z.number().int().nonnegative(),
    /** A frame of the video shown before it plays (made when it was converted); null: none. */
    poster: z.string().nullable(),
  }),
  z.object({ kind: z.literal('AUDIO'), url: z.string(), duration: z.number().int().nonnegative() }),
  /** PDF, and DOC served as its converted PDF. */
  z.object({
    kind: z.literal('PDF'),
    url: z.string(),
    pageCount: z.number().int().positive(),
    /**
     * Its pages drawn as images when it was stored (decision 029), in order, with their size in
     * pixels: shown without pdf.js. Empty: not drawn (a document stored before); pdf.js draws it.
     */
    pages: z.array(pdfPageImageSchema),
  }),
  /** PPT: the slides as images, in order. */
  z.object({ kind: z.literal('SLIDES'), slides: z.array(z.string()).min(1) }),
  /** Sanitized rich text. */
  z.object({ kind: z.literal('HTML'), html: z.string() }),
  /** OTHER: a download. */
  z.object({
    kind: z.literal('FILE'),
    url: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int().nonnegative(),
  }),
  z.object({
    kind: z.literal('ACTIVITY'),
    startTime: isoDateTime.nullable(),
    /** Null: no limit. */
    maxParticipants: z.number().int().positive().nullable(),
    participantCount: z.number().int().nonnegative(),
    address: z.string(),
    registered: z.boolean(),
  }),
  z.object({
    kind: z.literal('EXAM'),
    exam: z
      .object({
        uid: z.string(),
        title: z.string(),
        startTime: isoDateTime.nullable(),
        endTime: isoDateTime.nullable(),
        /** Minutes; null is unlimited. */
        duration: z.number().int().positive().nullable(),
        totalScore: z.number().int().nonnegative(),
        passScore: z.number().int().nonnegative(),
        quizCount: z.number().int().nonnegative(),
        requirement: examRequirementSchema.nullable(),
      })
      .nullable(),
  }),
  /** LIVE, LIVE_NOW, LIVE_COMPLETED. `liveUrl` is given once the room opens (15 minutes before the start). */
  z.object({
    kind: z.literal('LIVE'),
    state: z.enum(['UPCOMING', 'LIVE', 'REPLAY_PREPARING']),
    startTime: isoDateTime.nullable(),
    liveUrl: z.string().nullable(),
  }),
  z.object({ kind: z.literal('LAB'), url: z.string(), description: z.string() }),
]);
export type LessonContent = z.infer<typeof lessonContentSchema>;

/** Why the lesson does not play, with what the screen needs to explain it. */
export const lessonRefusalSchema = z.discriminatedUnion('code', [
  /** Logged out on a lesson that is not a free trial. */
  z.object({ code: z.literal('unauthorized') }),
  z.object({ code: z.literal('notCourseMember') }),
  z.object({ code: z.literal('memberExpired'), expiredAt: isoDateTime }),
  /** Learn-in-order course: the first earlier lesson not yet completed. */
  z.object({ code: z.literal('lessonLocked'), blockingLesson: z.object({ id: z.number().int(), title: z.string() }) }),
  z.object({
    code: z.literal('conversionNotCompleted'),
    conversionStatus: z.enum(['NOT_STARTED', 'RUNNING', 'FAILED']),
  }),
  /** A live lesson whose room cannot be loaded (no room set up). */
  z.object({ code: z.literal('liveLoadFailed') }),
]);
export type LessonRefusal = z.infer<typeof lessonRefusalSchema>;

export const lessonProgressSchema = z.object({
  status: z.enum(learningStatuses),
  position: lessonPositionSchema,
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

/** GET /api/lessons/{id} */
export const lessonDetailSchema = syllabusLessonSchema
  .pick({ id: true, number: true, title: true, mediaType: true, duration: true, freeTrial: true })
  .extend({
    course: z.object({
      uid: z.string(),
      title: z.string(),
      cover: z.string(),
      price: priceSchema,
      learnInOrder: z.boolean(),
      lessonCount: z.number().int().nonnegative(),
    }),
    chapters: z.array(syllabusChapterSchema),
    previousLessonId: z.number().int().nullable(),
    nextLessonId: z.number().int().nullable(),
    /** The caller's membership of the course (progress); null for visitors and non-members. */
    membership: courseMembershipSchema.nullable(),
    /** Playing as a free trial (not a member): progress, notes and registration are not kept. */
    trial: z.boolean(),
    refusal: lessonRefusalSchema.nullable(),
    /** Null when refused. */
    content: lessonContentSchema.nullable(),
    /** Null for visitors, trials and before the first report. */
    progress: lessonProgressSchema.nullable(),
    /** The learner's remembered speed (1 for visitors). */
    playbackRate: z.number().min(0.5).max(3),
    /**
     * The lesson's homework, for a learner studying it (empty for visitors, trials and refusals),
     * with where their own answers stand: null before they open it.
     */
    homework: z.array(z.object({ id: z.number().int(), title: z.string(), status: z.enum(answerStatuses).nullable() })),
  });
export type LessonDetail = z.infer<typeof lessonDetailSchema>;

/**
 * PUT /api/lessons/{id}/progress (members): idempotent and monotonic. `at` is when the learner
 * was at `position`; a report older than the stored one changes nothing, and a completed lesson
 * stays completed. Completion rules per media type: decision record 011.
 */
export const lessonProgressReportSchema = z.object({
  position: lessonPositionSchema,
  at: isoDateTime,
});
export type LessonProgressReport = z.infer<typeof lessonProgressReportSchema>;

export const lessonProgressResultSchema = lessonProgressSchema.extend({
  /** The course after this report. */
  learnedLessonCount: z.number().int().nonnegative(),
  courseProgress: z.number().int().min(0).max(100),
});
export type LessonProgressResult = z.infer<typeof lessonProgressResultSchema>;

/** POST /api/lessons/{id}/activity/registration: 201; full → 409 tooManyParticipants; again → 200. */
export const activityRegistrationResultSchema = z.object({
  participantCount: z.number().int().nonnegative(),
  registered: z.literal(true),
});
export type ActivityRegistrationResult = z.infer<typeof activityRegistrationResultSchema>;

/** PUT /api/learning/preferences */
export const learningPreferencesSchema = z.object({
  playbackRate: z.number().min(0.75).max(2).multipleOf(0.25),
});
export type LearningPreferences = z.infer<typeof learningPreferencesSchema>;

export const noteTextSchema = textInput({ error: ruleIds.noteRequired })
  .trim()
  .min(1, { error: ruleIds.noteRequired })
  .max(limits.noteMax);

/** POST /api/lessons/{id}/notes (members): a note stamped with where it was taken. */
export const noteCreateSchema = z.object({
  content: noteTextSchema,
  position: lessonPositionSchema.nullable().default(null),
});
export type NoteCreate = z.input<typeof noteCreateSchema>;

/**
 * PUT /api/notes/{id}: the learner rewrites their note (where it was taken stays), 200 with the
 * NoteDetail. DELETE /api/notes/{id}: 204. Nobody else's note is ever found (404 notFound).
 */
export const noteUpdateSchema = z.object({ content: noteTextSchema });
export type NoteUpdate = z.infer<typeof noteUpdateSchema>;

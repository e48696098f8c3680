import { randomUUID } from 'node:crypto';
import type { CourseNote } from '@school/contract/courses';
import type { LearningStatus } from '@school/contract/enums';
import type {
  ActivityRegistrationResult,
  LessonContent,
  LessonDetail,
  LessonProgressReport,
  LessonProgressResult,
  LessonRefusal,
  NoteCreate,
} from '@school/contract/lessons';
import { servedFilePaths } from '@school/contract/paths';
import { AppError } from '../../lib/app-error.js';
import { toExamRequirement } from '../../lib/exam-entry.js';
import type { CatalogueCaller } from '../../lib/catalogue-caller.js';
import { toPrice } from '../../lib/catalogue-format.js';
import { courseLearning, toCourseMembership } from '../../lib/learning-status.js';
import { isExpiredAt } from '../../memberships/validity.js';
import { localize } from '../../lib/localized-text.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { buildSyllabus } from '../../lib/syllabus.js';
import type { Clock } from '../../providers/clock.js';
import type { MediaFile } from '../../db/schema.js';
import { liveRoomTypes, playsMediaTypes } from './lesson-rules.js';
import { ActivityFullError, type LessonsRepository, type MediaRow, type MembershipRow } from './lessons.repository.js';

type FoundLesson = NonNullable<Awaited<ReturnType<LessonsRepository['findLesson']>>>;

/** The live room opens this long before the start, so learners can settle in. */
const liveRoomOpensMs = 15 * 60 * 1000;

function lengthOf(found: FoundLesson) {
  return {
    duration: found.media?.duration ?? found.lesson.duration ?? 0,
    pageCount: found.media?.pageCount ?? 1,
  };
}

/** What keeps a lesson's content from playing for anyone: media not converted, no live room. */
function contentRefusalOf(found: FoundLesson): LessonRefusal | null {
  if (playsMediaTypes.includes(found.lesson.mediaType)) {
    const status = found.media?.conversionStatus ?? 'NOT_STARTED';
    if (status !== 'COMPLETED') return { code: 'conversionNotCompleted', conversionStatus: status };
  }
  if (liveRoomTypes.includes(found.lesson.mediaType) && found.lesson.externalUrl === null) {
    return { code: 'liveLoadFailed' };
  }
  return null;
}

interface Access {
  found: FoundLesson;
  membership: MembershipRow | null;
  /** Playing a free trial without a (running) membership. */
  trial: boolean;
  refusal: LessonRefusal | null;
}

export function createLessonsService({ repository, clock }: { repository: LessonsRepository; clock: Clock }) {
  async function findVisible(tenantId: number, lessonId: number): Promise<FoundLesson> {
    const found = await repository.findLesson(tenantId, lessonId);
    if (found === null) throw new AppError('lessonNotFound');
    if (found.course.status === 'UNPUBLISHED' || found.course.status === 'CLOSED') {
      throw new AppError('courseNotPublished');
    }
    return found;
  }

  /** Whether the caller may play the lesson, and if not, why (in the order a learner can fix it). */
  async function accessOf(caller: CatalogueCaller, lessonId: number): Promise<Access> {
    const found = await findVisible(caller.tenantId, lessonId);
    const membership = caller.userId === null ? null : await repository.findMembership(found.course.id, caller.userId);
    const refuse = (refusal: LessonRefusal): Access => ({ found, membership, trial: false, refusal });
    const now = clock.now();
    let trial = false;
    if (membership === null || isExpiredAt(membership.expiresAt, now)) {
      if (!found.lesson.freeTrial) {
        if (caller.userId === null) return refuse({ code: 'unauthorized' });
        if (membership === null) return refuse({ code: 'notCourseMember' });
        return refuse({ code: 'memberExpired', expiredAt: membership.expiresAt!.toISOString() });
      }
      trial = true;
    } else if (found.course.learnInOrder) {
      const blocking = await repository.blockingLesson(found.course.id, membership.userId, {
        id: found.lesson.id,
        seq: found.lesson.seq,
        chapterSeq: found.chapterSeq,
      });
      if (blocking !== null) {
        return refuse({
          code: 'lessonLocked',
          blockingLesson: { id: blocking.id, title: localize(blocking.title, caller.locale) },
        });
      }
    }
    const refusal = contentRefusalOf(found);
    if (refusal !== null) return refuse(refusal);
    return { found, membership, trial, refusal: null };
  }

  /** Like accessOf, for requests that act: a refusal is thrown with its catalogue code. */
  async function requireAccess(caller: CatalogueCaller, lessonId: number): Promise<Access> {
    const access = await accessOf(caller, lessonId);
    if (access.refusal !== null) throw new AppError(access.refusal.code);
    return access;
  }

  /** Requests only a member may make (progress, notes, registration): a trial is not enough. */
  async function requireMember(caller: CatalogueCaller & { userId: number }, lessonId: number) {
    const access = await requireAccess(caller, lessonId);
    if (access.trial || access.membership === null) throw new AppError('notCourseMember');
    return { ...access, membership: access.membership };
  }

  function fileUrl(lessonId: number, file: MediaFile): string {
    return servedFilePaths.lessonMediaFile(lessonId, file.name);
  }

  /** The frame the video conversion made (features/video-conversion), served like the video's files. */
  function posterOf(lessonId: number, files: MediaFile[]): string | null {
    const poster = files.find((file) => file.name === 'poster.jpg');
    return poster === undefined ? null : fileUrl(lessonId, poster);
  }

  async function contentOf(caller: CatalogueCaller, found: FoundLesson): Promise<LessonContent> {
    const { lesson } = found;
    const main = found.media?.files[0];
    const length = lengthOf(found);
    const now = clock.now();
    switch (lesson.mediaType) {
      case 'VIDEO':
      case 'LIVE_RECODE':
        return {
          kind: 'VIDEO',
          format: found.media?.format === 'HLS' ? 'HLS' : 'MP4',
          url: fileUrl(lesson.id, main!),
          duration: length.duration,
          poster: posterOf(lesson.id, found.media?.files ?? []),
        };
      case 'AUDIO':
        return { kind: 'AUDIO', url: fileUrl(lesson.id, main!), duration: length.duration };
      case 'PDF':
      case 'DOC':
        return {
          kind: 'PDF',
          url: fileUrl(lesson.id, main!),
          pageCount: length.pageCount,
          pages: (found.media?.pageImages ?? []).map((image) => ({
            url: fileUrl(lesson.id, image),
            width: image.width,
            height: image.height,
            textUrl: image.text ? fileUrl(lesson.id, image.text) : null,
          })),
        };
      case 'PPT':
        return { kind: 'SLIDES', slides: found.media!.files.map((file) => fileUrl(lesson.id, file)) };
      case 'OTHER':
        return {
          kind: 'FILE',
          url: fileUrl(lesson.id, main!),
          fileName: main!.name,
          contentType: main!.contentType,
          size: main!.size,
        };
      case 'HTML':
        return { kind: 'HTML', html: sanitizeRichText(lesson.content ? localize(lesson.content, caller.locale) : '') };
      case 'ACTIVITY':
        return {
          kind: 'ACTIVITY',
          startTime: lesson.startTime?.toISOString() ?? null,
          maxParticipants: lesson.maxParticipants,
          participantCount: lesson.participantCount,
          address: lesson.address ? localize(lesson.address, caller.locale) : '',
          registered: caller.userId !== null && (await repository.isRegistered(lesson.id, caller.userId)),
        };
      case 'EXAM': {
        const exam = found.exam;
        if (exam === null || exam.status === 'UNPUBLISHED' || exam.status === 'CLOSED')
          return { kind: 'EXAM', exam: null };
        const required = await repository.requiredCourse(exam);
        const progress =
          required === null || caller.userId === null
            ? null
            : ((await repository.courseProgress(required.id, caller.userId)) ?? 0);
        return {
          kind: 'EXAM',
          exam: {
            uid: exam.uid,
            title: localize(exam.title, caller.locale),
            startTime: exam.startTime?.toISOString() ?? null,
            endTime: exam.endTime?.toISOString() ?? null,
            duration: exam.duration,
            totalScore: exam.totalScore,
            passScore: exam.passScore,
            quizCount: exam.quizCount,
            requirement: toExamRequirement(required, progress, caller.locale),
          },
        };
      }
      case 'LIVE':
      case 'LIVE_NOW':
      case 'LIVE_COMPLETED': {
        const start = lesson.startTime;
        if (lesson.mediaType === 'LIVE_COMPLETED') {
          return { kind: 'LIVE', state: 'REPLAY_PREPARING', startTime: start?.toISOString() ?? null, liveUrl: null };
        }
        const upcoming = lesson.mediaType === 'LIVE' && start !== null && now.getTime() < start.getTime();
        const roomOpen = start === null || now.getTime() >= start.getTime() - liveRoomOpensMs;
        return {
          kind: 'LIVE',
          state: upcoming ? 'UPCOMING' : 'LIVE',
          startTime: start?.toISOString() ?? null,
          liveUrl: roomOpen ? lesson.externalUrl : null,
        };
      }
      case 'LAB':
        return {
          kind: 'LAB',
          url: lesson.externalUrl ?? '',
          description: lesson.content ? localize(lesson.content, caller.locale) : '',
        };
    }
  }

  return {
    accessOf,

    async detail(caller: CatalogueCaller, lessonId: number): Promise<LessonDetail> {
      const access = await accessOf(caller, lessonId);
      const { found, membership } = access;
      const now = clock.now();
      const canStudy = membership !== null && !isExpiredAt(membership.expiresAt, now);
      const [chapterRows, lessonRows, learningRows, ratePct] = await Promise.all([
        repository.chaptersOf(found.course.id),
        repository.lessonsOf(found.course.id),
        membership === null ? [] : repository.learningsOf(found.course.id, membership.userId),
        caller.userId === null ? 100 : repository.playbackRatePct(caller.userId),
      ]);
      const learnings =
        membership === null ? null : new Map<number, LearningStatus>(learningRows.map((l) => [l.lessonId, l.status]));
      const syllabus = buildSyllabus({
        chapters: chapterRows,
        lessons: lessonRows,
        learnings,
        canStudy,
        learnInOrder: found.course.learnInOrder,
        locale: caller.locale,
      });
      const index = syllabus.ordered.findIndex((lesson) => lesson.id === found.lesson.id);
      const own = learningRows.find((l) => l.lessonId === found.lesson.id);
      const keepsProgress = access.refusal === null && !access.trial;
      const homework =
        keepsProgress && caller.userId !== null ? await repository.lessonHomework(found.lesson.id, caller.userId) : [];
      return {
        id: found.lesson.id,
        number: index + 1,
        title: localize(found.lesson.title, caller.locale),
        mediaType: found.lesson.mediaType,
        duration: found.media?.duration ?? found.lesson.duration,
        freeTrial: found.lesson.freeTrial,
        course: {
          uid: found.course.uid,
          title: localize(found.course.title, caller.locale),
          cover: found.course.cover,
          price: toPrice(found.course.priceCents, found.course.originalPriceCents, caller.currency),
          learnInOrder: found.course.learnInOrder,
          lessonCount: found.course.lessonCount,
        },
        chapters: syllabus.chapters,
        previousLessonId: syllabus.ordered[index - 1]?.id ?? null,
        nextLessonId: syllabus.ordered[index + 1]?.id ?? null,
        membership:
          membership === null
            ? null
            : toCourseMembership(syllabus.withListedLastLesson(membership), found.course.lessonCount, now),
        trial: access.trial,
        refusal: access.refusal,
        content: access.refusal === null ? await contentOf(caller, found) : null,
        progress: keepsProgress && own !== undefined ? { status: own.status, position: own.position } : null,
        playbackRate: ratePct / 100,
        homework: homework.map((row) => ({
          id: row.id,
          title: localize(row.title, caller.locale),
          status: row.status,
        })),
      };
    },

    /** The stored file a media URL names, after the same checks as playing the lesson. */
    async mediaFile(
      caller: CatalogueCaller,
      lessonId: number,
      name: string,
    ): Promise<{ media: MediaRow; file: MediaFile }> {
      const { found } = await requireAccess(caller, lessonId);
      // A PDF's page images and their texts are its files too, for whoever may read the PDF (decision 029).
      const pages = found.media?.pageImages ?? [];
      const file = [...(found.media?.files ?? []), ...pages, ...pages.flatMap((page) => page.text ?? [])].find(
        (f) => f.name === name,
      );
      if (found.media === null || file === undefined) throw new AppError('notFound');
      return { media: found.media, file };
    },

    async reportProgress(
      caller: CatalogueCaller & { userId: number },
      lessonId: number,
      report: LessonProgressReport,
    ): Promise<LessonProgressResult> {
      // The hot path (every learner, every 10 s) is one statement that checks as it writes;
      // only a refused report pays for finding out why.
      const now = clock.now();
      const reported = new Date(report.at);
      // A device whose clock runs ahead must not win over every later report.
      const at = reported.getTime() > now.getTime() ? now : reported;
      const written = await repository.writeProgress({
        tenantId: caller.tenantId,
        lessonId,
        userId: caller.userId,
        position: report.position,
        at,
        now,
        reportId: randomUUID(),
      });
      if (written === null) {
        await requireMember(caller, lessonId);
        // Allowed now, refused a moment ago: the membership or the lesson changed meanwhile.
        throw new AppError('conflict');
      }
      // After the progress: a retry writes the same progress again and credits nothing twice.
      await repository.recordStudy({ tenantId: caller.tenantId, userId: caller.userId, at });
      return {
        status: written.status,
        position: written.position,
        learnedLessonCount: written.learnedLessonCount,
        courseProgress: courseLearning(
          { learnedLessonCount: written.learnedLessonCount, lastLessonId: lessonId },
          written.lessonCount,
        ).progress,
      };
    },

    async register(caller: CatalogueCaller & { userId: number }, lessonId: number) {
      const { found } = await requireMember(caller, lessonId);
      if (found.lesson.mediaType !== 'ACTIVITY') throw new AppError('badRequest');
      let seat: { participantCount: number } | null;
      try {
        seat = await repository.register(lessonId, caller.userId);
      } catch (error) {
        if (error instanceof ActivityFullError) throw new AppError('tooManyParticipants');
        throw error;
      }
      // Registering is what completes an activity lesson.
      const now = clock.now();
      await repository.writeProgress({
        tenantId: caller.tenantId,
        lessonId,
        userId: caller.userId,
        position: 1,
        at: now,
        now,
        reportId: randomUUID(),
      });
      await repository.recordStudy({ tenantId: caller.tenantId, userId: caller.userId, at: now });
      const result: ActivityRegistrationResult = {
        registered: true,
        participantCount: seat?.participantCount ?? (await repository.participantCount(lessonId)),
      };
      return { created: seat !== null, result };
    },

    async addNote(
      caller: CatalogueCaller & { userId: number },
      lessonId: number,
      input: NoteCreate,
    ): Promise<CourseNote> {
      const { found } = await requireMember(caller, lessonId);
      const row = await repository.addNote({
        tenantId: caller.tenantId,
        courseId: found.course.id,
        lessonId,
        userId: caller.userId,
        content: input.content,
        position: input.position ?? null,
      });
      return {
        id: row.id,
        lesson: {
          id: lessonId,
          title: localize(found.lesson.title, caller.locale),
          mediaType: found.lesson.mediaType,
        },
        position: row.position,
        content: row.content,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async setPlaybackRate(userId: number, rate: number): Promise<{ playbackRate: number }> {
      await repository.setPlaybackRatePct(userId, Math.round(rate * 100));
      return { playbackRate: rate };
    },
  };
}

export type LessonsService = ReturnType<typeof createLessonsService>;

import type { LearningStatus } from '@school/contract/enums';
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../../db/database.js';
import { chaptersOf, learningsOf, lessonsOf, membershipOf, publishedLesson } from '../../lib/course-outline-sql.js';
import { requiredCourseOf } from '../../lib/exam-entry.js';
import { courseProgress } from '../../memberships/memberships.js';
import { recordStudy } from '../../lib/study-time.js';
import {
  activityRegistrations,
  attempts,
  chapters,
  courseMembers,
  courseNotes,
  courses,
  exams,
  homeworks,
  lessonLearnings,
  lessons,
  media,
  users,
} from '../../db/schema.js';
import {
  liveRoomTypes,
  pagedTypes,
  playsMediaTypes,
  readPercentType,
  watchedShare,
  watchedTypes,
} from './lesson-rules.js';

export type MediaRow = typeof media.$inferSelect;
export type MembershipRow = typeof courseMembers.$inferSelect;

/** Thrown inside a transaction to roll it back when the last seat went to someone else. */
export class ActivityFullError extends Error {}

export interface ProgressWrite {
  tenantId: number;
  lessonId: number;
  userId: number;
  position: number;
  /** When the learner was there (never later than now). */
  at: Date;
  now: Date;
  /** A random id of this report (UUID), so the one that completes the lesson can tell. */
  reportId: string;
}

export interface ProgressWritten {
  status: LearningStatus;
  position: number;
  learnedLessonCount: number;
  lessonCount: number;
}

export function createLessonsRepository(db: Db) {
  return {
    /** Credits the study time an accepted progress report stands for (lib/study-time.ts). */
    recordStudy: (report: { tenantId: number; userId: number; at: Date }) => recordStudy(db, report),

    /** A published lesson of the school with its course, chapter order, media and exam. */
    async findLesson(tenantId: number, lessonId: number) {
      const [row] = await db
        .select({
          lesson: lessons,
          chapterSeq: chapters.seq,
          course: {
            id: courses.id,
            uid: courses.uid,
            title: courses.title,
            cover: courses.cover,
            status: courses.status,
            priceCents: courses.priceCents,
            originalPriceCents: courses.originalPriceCents,
            learnInOrder: courses.learnInOrder,
            lessonCount: courses.lessonCount,
          },
          media,
          exam: {
            uid: exams.uid,
            title: exams.title,
            status: exams.status,
            startTime: exams.startTime,
            endTime: exams.endTime,
            duration: exams.duration,
            totalScore: exams.totalScore,
            passScore: exams.passScore,
            quizCount: exams.quizCount,
            requiredCourseId: exams.requiredCourseId,
            requiredProgress: exams.requiredProgress,
          },
        })
        .from(lessons)
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
        .leftJoin(media, eq(media.id, lessons.mediaId))
        .leftJoin(exams, eq(exams.id, lessons.examId))
        .where(and(eq(lessons.id, lessonId), eq(lessons.tenantId, tenantId), publishedLesson));
      return row ?? null;
    },

    chaptersOf: (courseId: number) => chaptersOf(db, courseId),

    requiredCourse: (exam: { requiredCourseId: number | null; requiredProgress: number | null }) =>
      requiredCourseOf(db, exam),

    courseProgress: (courseId: number, userId: number) => courseProgress(db, courseId, userId),

    lessonsOf: (courseId: number) => lessonsOf(db, courseId),

    findMembership: (courseId: number, userId: number) => membershipOf(db, courseId, userId),

    learningsOf: (courseId: number, userId: number) => learningsOf(db, courseId, userId),

    /**
     * In a learn-in-order course: the first published lesson before this one the learner has not
     * completed (an unpublished one is not there to complete).
     */
    async blockingLesson(courseId: number, userId: number, lesson: { id: number; seq: number; chapterSeq: number }) {
      const [row] = await db
        .select({ id: lessons.id, title: lessons.title })
        .from(lessons)
        .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
        .leftJoin(lessonLearnings, and(eq(lessonLearnings.lessonId, lessons.id), eq(lessonLearnings.userId, userId)))
        .where(
          and(
            eq(lessons.courseId, courseId),
            publishedLesson,
            sql`(${chapters.seq}, ${lessons.seq}, ${lessons.id}) < (${lesson.chapterSeq}, ${lesson.seq}, ${lesson.id})`,
            sql`${lessonLearnings.status} is distinct from 'COMPLETED'`,
          ),
        )
        .orderBy(asc(chapters.seq), asc(lessons.seq), asc(lessons.id))
        .limit(1);
      return row ?? null;
    },

    async isRegistered(lessonId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ lessonId: activityRegistrations.lessonId })
        .from(activityRegistrations)
        .where(and(eq(activityRegistrations.lessonId, lessonId), eq(activityRegistrations.userId, userId)));
      return row !== undefined;
    },

    /**
     * The lesson's homework, oldest first, each with the learner's attempt status (null: not
     * opened). Homework the school withdrew shows only to learners who had opened it.
     */
    lessonHomework(lessonId: number, userId: number) {
      return db
        .select({ id: homeworks.id, title: homeworks.title, status: attempts.status })
        .from(homeworks)
        .leftJoin(attempts, and(eq(attempts.homeworkId, homeworks.id), eq(attempts.userId, userId)))
        .where(and(eq(homeworks.lessonId, lessonId), or(eq(homeworks.status, 'PUBLISHED'), isNotNull(attempts.id))))
        .orderBy(asc(homeworks.id));
    },

    async playbackRatePct(userId: number): Promise<number> {
      const [row] = await db.select({ pct: users.playbackRatePct }).from(users).where(eq(users.id, userId));
      return row?.pct ?? 100;
    },

    async setPlaybackRatePct(userId: number, pct: number): Promise<void> {
      await db.update(users).set({ playbackRatePct: pct }).where(eq(users.id, userId));
    },

    /**
     * One progress report in one statement (it runs for every learner every 10 s). It is made
     * only when the report may be: the school's published lesson in a visible course, a running
     * membership, not locked behind an earlier lesson, playable (converted, a live room) —
     * otherwise null and nothing is written (the service then explains why). The lesson row's
     * lock orders reports of one lesson: an older report (`at`) never moves the position, the
     * furthest position only grows, a completed lesson stays completed, and the report whose
     * id is stored as `completed_by` (exactly one, however many raced to complete it) adds the
     * lesson to the course's count. "Continue learning" follows the newest report.
     */
    async writeProgress(write: ProgressWrite): Promise<ProgressWritten | null> {
      const t = lessonLearnings;
      const m = courseMembers;
      const at = sql`${write.at.toISOString()}::timestamptz`;
      const now = sql`${write.now.toISOString()}::timestamptz`;
      const report = sql`${write.reportId}::uuid`;
      // The rule's constants (media type names, the share watched) as SQL literals: they are
      // this code's own enumerations, never input.
      const types = (list: readonly string[]) => sql.raw(list.map((type) => `'${type}'`).join(', '));
      const share = sql.raw(String(watchedShare));
      const duration = sql`coalesce(${media.duration}, ${lessons.duration}, 0)`;
      const pages = sql`coalesce(${media.pageCount}, 1)`;
      // completionPositionOf and lastPositionOf (lesson-rules.ts), in SQL.
      const completesAt = sql`case
        when ${lessons.mediaType} in (${types(watchedTypes)}) then greatest(1, ceil(${duration} * ${share}))::int
        when ${lessons.mediaType} in (${types(pagedTypes)}) then greatest(1, ${pages})
        when ${lessons.mediaType} = ${types([readPercentType])} then 100 else 1 end`;
      const lastPosition = sql`case when ${lessons.mediaType} in (${types(watchedTypes)}) then greatest(1, ${duration}) else ${completesAt} end`;
      // The first earlier published lesson (chapter order, then lesson order) not completed: the
      // same rule as blockingLesson, on an alias, so publishedLesson is spelled out here.
      const blocked = sql`exists (
        select 1 from ${lessons} earlier
        join ${chapters} earlier_chapter on earlier_chapter.id = earlier.chapter_id
        left join ${t} earlier_learning on earlier_learning.lesson_id = earlier.id
          and earlier_learning.user_id = ${write.userId}
        where earlier.course_id = ${lessons.courseId}
          and earlier.status = 'PUBLISHED'
          and (earlier_chapter.seq, earlier.seq, earlier.id) < (${chapters.seq}, ${lessons.seq}, ${lessons.id})
          and earlier_learning.status is distinct from 'COMPLETED')`;
      const newer = sql`(${t.reportedAt} is null or excluded.reported_at > ${t.reportedAt})`;
      const reached = sql`greatest(${t.furthest}, excluded.furthest) >= (select completes_at from target)`;
      const isLatest = sql`(${m.lastLearnedAt} is null or ${m.lastLearnedAt} <= ${at})`;
      const rows = await executePrepared<ProgressWritten>(
        db,
        'lesson_progress_write',
        sql`
        with target as (
          select ${lessons.courseId} as course_id, ${courses.lessonCount} as lesson_count,
            ${completesAt} as completes_at, least(${write.position}::int, ${lastPosition}) as position
          from ${lessons}
          join ${courses} on ${courses.id} = ${lessons.courseId}
          join ${chapters} on ${chapters.id} = ${lessons.chapterId}
          left join ${media} on ${media.id} = ${lessons.mediaId}
          join ${m} on ${m.courseId} = ${lessons.courseId} and ${m.userId} = ${write.userId}
            and (${m.expiresAt} is null or ${m.expiresAt} >= ${now})
          where ${lessons.id} = ${write.lessonId} and ${lessons.tenantId} = ${write.tenantId} and ${publishedLesson}
            and ${courses.status} not in ('UNPUBLISHED', 'CLOSED')
            and (${lessons.mediaType} not in (${types(playsMediaTypes)}) or ${media.conversionStatus} = 'COMPLETED')
            and (${lessons.mediaType} not in (${types(liveRoomTypes)}) or ${lessons.externalUrl} is not null)
            and not (${courses.learnInOrder} and ${blocked})
        ),
        written as (
          insert into ${t} (lesson_id, user_id, status, position, furthest, reported_at, completed_at, completed_by)
          select ${write.lessonId}, ${write.userId},
            case when position >= completes_at then 'COMPLETED' else 'LEARNING' end, position, position, ${at},
            case when position >= completes_at then ${at} end, case when position >= completes_at then ${report} end
          from target
          on conflict (lesson_id, user_id) do update set
            position = case when ${newer} then excluded.position else ${t.position} end,
            reported_at = case when ${newer} then excluded.reported_at else ${t.reportedAt} end,
            furthest = greatest(${t.furthest}, excluded.furthest),
            status = case when ${t.status} = 'COMPLETED' or ${reached} then 'COMPLETED' else 'LEARNING' end,
            completed_at = coalesce(${t.completedAt}, case when ${reached} then excluded.reported_at end),
            completed_by = coalesce(${t.completedBy}, case when ${reached} then ${report} end),
            updated_at = now()
          returning status, position, completed_by
        ),
        counted as (
          update ${m} set
            learned_lesson_count = ${m.learnedLessonCount}
              + case when (select completed_by from written) = ${report} then 1 else 0 end,
            last_lesson_id = case when ${isLatest} then ${write.lessonId} else ${m.lastLessonId} end,
            last_learned_at = case when ${isLatest} then ${at} else ${m.lastLearnedAt} end
          where ${m.courseId} = (select course_id from target) and ${m.userId} = ${write.userId}
            and exists (select 1 from written)
          returning learned_lesson_count
        )
        select written.status, written.position, counted.learned_lesson_count as "learnedLessonCount",
          (select lesson_count from target) as "lessonCount"
        from written, counted`,
      );
      return rows[0] ?? null;
    },

    /**
     * Takes a seat: the registration row and the lesson's count change together, and the count
     * never passes the limit (the update's condition, checked under the lesson's row lock).
     * Null when the learner already had a seat.
     */
    register(lessonId: number, userId: number): Promise<{ participantCount: number } | null> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(activityRegistrations)
          .values({ lessonId, userId })
          .onConflictDoNothing()
          .returning({ lessonId: activityRegistrations.lessonId });
        if (inserted.length === 0) return null;
        const [seat] = await tx
          .update(lessons)
          .set({ participantCount: sql`${lessons.participantCount} + 1` })
          .where(
            and(
              eq(lessons.id, lessonId),
              sql`(${lessons.maxParticipants} is null or ${lessons.participantCount} < ${lessons.maxParticipants})`,
            ),
          )
          .returning({ participantCount: lessons.participantCount });
        if (seat === undefined) throw new ActivityFullError();
        return seat;
      });
    },

    async participantCount(lessonId: number): Promise<number> {
      const [row] = await db.select({ count: lessons.participantCount }).from(lessons).where(eq(lessons.id, lessonId));
      return row?.count ?? 0;
    },

    async addNote(note: {
      tenantId: number;
      courseId: number;
      lessonId: number;
      userId: number;
      content: string;
      position: number | null;
    }) {
      const [row] = await db.insert(courseNotes).values(note).returning();
      return row!;
    },
  };
}

export type LessonsRepository = ReturnType<typeof createLessonsRepository>;

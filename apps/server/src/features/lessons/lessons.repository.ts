import type { LearningStatus } from '@school/contract/enums';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  activityRegistrations,
  chapters,
  courseMembers,
  courseNotes,
  courses,
  exams,
  lessonLearnings,
  lessons,
  media,
  users,
} from '../../db/schema.js';

export type MediaRow = typeof media.$inferSelect;
export type MembershipRow = typeof courseMembers.$inferSelect;

/** Thrown inside a transaction to roll it back when the last seat went to someone else. */
export class ActivityFullError extends Error {}

export interface ProgressWrite {
  tenantId: number;
  courseId: number;
  lessonId: number;
  userId: number;
  position: number;
  /** When the learner was there (never later than now). */
  at: Date;
  /** The furthest position that completes the lesson (decision 011). */
  completesAt: number;
  /** Runs under the membership's row lock; null refuses (the write is not made). */
  recheck?: (membership: MembershipRow) => Promise<void> | void;
}

export interface ProgressWritten {
  status: LearningStatus;
  position: number;
  learnedLessonCount: number;
}

export function createLessonsRepository(db: Db) {
  return {
    /** A lesson of the school with its course, chapter order, media and exam. */
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
          },
        })
        .from(lessons)
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
        .leftJoin(media, eq(media.id, lessons.mediaId))
        .leftJoin(exams, eq(exams.id, lessons.examId))
        .where(and(eq(lessons.id, lessonId), eq(lessons.tenantId, tenantId)));
      return row ?? null;
    },

    chaptersOf(courseId: number) {
      return db
        .select({ id: chapters.id, title: chapters.title })
        .from(chapters)
        .where(eq(chapters.courseId, courseId))
        .orderBy(asc(chapters.seq), asc(chapters.id));
    },

    lessonsOf(courseId: number) {
      return db
        .select({
          id: lessons.id,
          chapterId: lessons.chapterId,
          title: lessons.title,
          mediaType: lessons.mediaType,
          duration: lessons.duration,
          freeTrial: lessons.freeTrial,
        })
        .from(lessons)
        .where(eq(lessons.courseId, courseId))
        .orderBy(asc(lessons.seq), asc(lessons.id));
    },

    async findMembership(courseId: number, userId: number): Promise<MembershipRow | null> {
      const [row] = await db
        .select()
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
      return row ?? null;
    },

    learningsOf(courseId: number, userId: number) {
      return db
        .select({
          lessonId: lessonLearnings.lessonId,
          status: lessonLearnings.status,
          position: lessonLearnings.position,
        })
        .from(lessonLearnings)
        .innerJoin(lessons, eq(lessons.id, lessonLearnings.lessonId))
        .where(and(eq(lessonLearnings.userId, userId), eq(lessons.courseId, courseId)));
    },

    /** In a learn-in-order course: the first lesson before this one the learner has not completed. */
    async blockingLesson(courseId: number, userId: number, lesson: { id: number; seq: number; chapterSeq: number }) {
      const [row] = await db
        .select({ id: lessons.id, title: lessons.title })
        .from(lessons)
        .innerJoin(chapters, eq(chapters.id, lessons.chapterId))
        .leftJoin(lessonLearnings, and(eq(lessonLearnings.lessonId, lessons.id), eq(lessonLearnings.userId, userId)))
        .where(
          and(
            eq(lessons.courseId, courseId),
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

    async playbackRatePct(userId: number): Promise<number> {
      const [row] = await db.select({ pct: users.playbackRatePct }).from(users).where(eq(users.id, userId));
      return row?.pct ?? 100;
    },

    async setPlaybackRatePct(userId: number, pct: number): Promise<void> {
      await db.update(users).set({ playbackRatePct: pct }).where(eq(users.id, userId));
    },

    /**
     * One progress report, under the membership's row lock so a learner's reports of one course
     * are applied one at a time (two devices, a replayed journal): the completion is counted
     * exactly once, and an older report (`at`) never moves the position or the completion back.
     */
    writeProgress(write: ProgressWrite): Promise<ProgressWritten | null> {
      return db.transaction(async (tx) => {
        const [membership] = await tx
          .select()
          .from(courseMembers)
          .where(and(eq(courseMembers.courseId, write.courseId), eq(courseMembers.userId, write.userId)))
          .for('update');
        if (membership === undefined) return null;
        await write.recheck?.(membership);
        const [before] = await tx
          .select({ status: lessonLearnings.status })
          .from(lessonLearnings)
          .where(and(eq(lessonLearnings.lessonId, write.lessonId), eq(lessonLearnings.userId, write.userId)));
        const completes = write.position >= write.completesAt;
        const t = lessonLearnings;
        const newer = sql`(${t.reportedAt} is null or excluded.reported_at > ${t.reportedAt})`;
        const [after] = await tx
          .insert(t)
          .values({
            lessonId: write.lessonId,
            userId: write.userId,
            status: completes ? 'COMPLETED' : 'LEARNING',
            position: write.position,
            furthest: write.position,
            reportedAt: write.at,
            completedAt: completes ? write.at : null,
          })
          .onConflictDoUpdate({
            target: [t.lessonId, t.userId],
            set: {
              position: sql`case when ${newer} then excluded.position else ${t.position} end`,
              reportedAt: sql`case when ${newer} then excluded.reported_at else ${t.reportedAt} end`,
              furthest: sql`greatest(${t.furthest}, excluded.furthest)`,
              status: sql`case when ${t.status} = 'COMPLETED' or greatest(${t.furthest}, excluded.furthest) >= ${write.completesAt} then 'COMPLETED' else 'LEARNING' end`,
              completedAt: sql`coalesce(${t.completedAt}, case when greatest(${t.furthest}, excluded.furthest) >= ${write.completesAt} then excluded.reported_at end)`,
              updatedAt: sql`now()`,
            },
          })
          .returning({ status: t.status, position: t.position });
        const newlyCompleted = after!.status === 'COMPLETED' && before?.status !== 'COMPLETED';
        const m = courseMembers;
        const isLatest = sql`(${m.lastLearnedAt} is null or ${m.lastLearnedAt} <= ${write.at})`;
        const [counted] = await tx
          .update(m)
          .set({
            learnedLessonCount: newlyCompleted ? sql`${m.learnedLessonCount} + 1` : m.learnedLessonCount,
            // "Continue learning" goes where the newest report was made.
            lastLessonId: sql`case when ${isLatest} then ${write.lessonId} else ${m.lastLessonId} end`,
            lastLearnedAt: sql`case when ${isLatest} then ${write.at}::timestamptz else ${m.lastLearnedAt} end`,
          })
          .where(and(eq(m.courseId, write.courseId), eq(m.userId, write.userId)))
          .returning({ learnedLessonCount: m.learnedLessonCount });
        return { status: after!.status, position: after!.position, learnedLessonCount: counted!.learnedLessonCount };
      });
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

import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../lib/localized-text.js';
import type { Db } from '../../db/database.js';
import {
  attempts,
  classroomCourses,
  classroomMembers,
  classrooms,
  courseMembers,
  courses,
  examMembers,
  exams,
  lessonLearnings,
  lessons,
} from '../../db/schema.js';
import { learnerVisibleStatuses, pageWithTotal, windowTotal, type PageWindow } from '../../lib/catalogue-sql.js';
import { publishedLesson } from '../../lib/course-outline-sql.js';
import { givingClassroomOf, paidOrderOf, refundUnderReview } from '../../memberships/memberships.js';
import { studyDaysUntil } from '../../lib/study-time.js';
import { runningAt } from '../../memberships/validity.js';

/*
 * The caller's own memberships, one school at a time (see ownMemberships): nobody else's row
 * ever comes in, nor another school's.
 */

export interface Member {
  tenantId: number;
  userId: number;
}

/** The course's first published lesson in course order ("start learning" before any progress). */
const firstLessonId = sql<number | null>`(
  select ${lessons.id} from ${lessons}
  where ${lessons.courseId} = ${courses.id} and ${publishedLesson}
  order by ${lessons.seq}, ${lessons.id}
  limit 1)`;

/**
 * The membership's last lesson while it is published: one unpublished since is not there to
 * continue, so the card starts from the first lesson instead.
 */
const lastLessonId = sql<number | null>`(
  select ${lessons.id} from ${lessons}
  where ${lessons.id} = ${courseMembers.lastLessonId} and ${publishedLesson})`;

/**
 * When the caller last studied any course of the classroom: the latest of their course
 * memberships' last_learned_at (a classroom course the caller has no membership of adds nothing).
 */
const classroomLastLearnedAt = (member: Member) =>
  sql<Date | null>`(
  select max(${courseMembers.lastLearnedAt}) from ${classroomCourses}
  join ${courseMembers} on ${courseMembers.courseId} = ${classroomCourses.courseId}
  where ${classroomCourses.classroomId} = ${classrooms.id}
    and ${courseMembers.userId} = ${member.userId}
    and ${courseMembers.tenantId} = ${member.tenantId})`.mapWith(courseMembers.lastLearnedAt);

/** The classroom that gave the caller this course (a column of a course list's select): uid and title. */
const givingClassroom = (member: Member) => {
  const id = givingClassroomOf(member.userId, courses.id, courseMembers.joinedAt);
  return {
    givingClassroomUid: sql<
      string | null
    >`(select ${classrooms.uid} from ${classrooms} where ${classrooms.id} = ${id})`,
    givingClassroomTitle: sql<LocalizedText | null>`(select ${classrooms.title} from ${classrooms} where ${classrooms.id} = ${id})`,
  };
};

/** The caller's lessons finished in this school. */
const ownFinishedLessons = (member: Member) =>
  and(
    eq(lessonLearnings.userId, member.userId),
    eq(lessons.tenantId, member.tenantId),
    eq(lessonLearnings.status, 'COMPLETED'),
  );

/**
 * The caller's membership rows of products a learner may see, in the caller's school: the
 * school is checked on both rows, so a row that ever pointed across schools stays out.
 */
function ownMemberships(
  membership: { tenantId: PgColumn; userId: PgColumn },
  product: { tenantId: PgColumn; status: PgColumn },
  member: Member,
): SQL | undefined {
  return and(
    eq(membership.tenantId, member.tenantId),
    eq(membership.userId, member.userId),
    eq(product.tenantId, member.tenantId),
    inArray(product.status, [...learnerVisibleStatuses]),
  );
}

export function createLearningCenterRepository(db: Db) {
  return {
    /** The uids of what the caller holds now: running course memberships, classrooms, exams. */
    async ownedUids(member: Member, now: Date) {
      const [courseRows, classroomRows, examRows] = await Promise.all([
        db
          .select({ uid: courses.uid })
          .from(courseMembers)
          .innerJoin(courses, eq(courses.id, courseMembers.courseId))
          .where(and(ownMemberships(courseMembers, courses, member), runningAt(now))),
        db
          .select({ uid: classrooms.uid })
          .from(classroomMembers)
          .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
          .where(ownMemberships(classroomMembers, classrooms, member)),
        db
          .select({ uid: exams.uid })
          .from(examMembers)
          .innerJoin(exams, eq(exams.id, examMembers.examId))
          .where(ownMemberships(examMembers, exams, member)),
      ]);
      const uids = (rows: { uid: string }[]) => rows.map((row) => row.uid);
      return { courses: uids(courseRows), classrooms: uids(classroomRows), exams: uids(examRows) };
    },

    /**
     * The courses the caller studied most lately (running memberships only: an expired one's
     * lessons do not open), with the last lesson while it is published and the caller's place
     * in it.
     */
    recentlyStudied(member: Member, now: Date, limit: number) {
      return db
        .select({
          uid: courses.uid,
          title: courses.title,
          cover: courses.cover,
          lessonCount: courses.lessonCount,
          learnedLessonCount: courseMembers.learnedLessonCount,
          lastLearnedAt: courseMembers.lastLearnedAt,
          lessonId: lessons.id,
          lessonTitle: lessons.title,
          mediaType: lessons.mediaType,
          position: lessonLearnings.position,
        })
        .from(courseMembers)
        .innerJoin(courses, eq(courses.id, courseMembers.courseId))
        .leftJoin(lessons, and(eq(lessons.id, courseMembers.lastLessonId), publishedLesson))
        .leftJoin(
          lessonLearnings,
          and(eq(lessonLearnings.lessonId, lessons.id), eq(lessonLearnings.userId, member.userId)),
        )
        .where(
          and(ownMemberships(courseMembers, courses, member), isNotNull(courseMembers.lastLearnedAt), runningAt(now)),
        )
        .orderBy(desc(courseMembers.lastLearnedAt), desc(courses.id))
        .limit(limit);
    },

    /** Last studied first, never studied after every studied one, then joined last first. */
    myCourses(member: Member, window: PageWindow) {
      const where = ownMemberships(courseMembers, courses, member);
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            uid: courses.uid,
            title: courses.title,
            cover: courses.cover,
            lessonCount: courses.lessonCount,
            learnedLessonCount: courseMembers.learnedLessonCount,
            lastLessonId,
            joinedAt: courseMembers.joinedAt,
            refundPending: refundUnderReview(member.userId, 'COURSE', courses.id),
            paidTradeNo: paidOrderOf(member.userId, 'COURSE', courses.id),
            ...givingClassroom(member),
            expiresAt: courseMembers.expiresAt,
            lastLearnedAt: courseMembers.lastLearnedAt,
            firstLessonId,
          })
          .from(courseMembers)
          .innerJoin(courses, eq(courses.id, courseMembers.courseId))
          .where(where)
          .orderBy(sql`${courseMembers.lastLearnedAt} desc nulls last`, desc(courseMembers.joinedAt), desc(courses.id))
          .$dynamic(),
        window,
        db
          .select({ n: count() })
          .from(courseMembers)
          .innerJoin(courses, eq(courses.id, courseMembers.courseId))
          .where(where),
      );
    },

    /** By the latest study time in any of its courses (never studied last), then joined last first. */
    myClassrooms(member: Member, window: PageWindow) {
      const where = ownMemberships(classroomMembers, classrooms, member);
      const lastLearnedAt = classroomLastLearnedAt(member);
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            id: classrooms.id,
            uid: classrooms.uid,
            title: classrooms.title,
            cover: classrooms.cover,
            joinedAt: classroomMembers.joinedAt,
            lastLearnedAt,
            refundPending: refundUnderReview(member.userId, 'CLASSROOM', classrooms.id),
            paidTradeNo: paidOrderOf(member.userId, 'CLASSROOM', classrooms.id),
          })
          .from(classroomMembers)
          .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
          .where(where)
          .orderBy(sql`${lastLearnedAt} desc nulls last`, desc(classroomMembers.joinedAt), desc(classrooms.id))
          .$dynamic(),
        window,
        db
          .select({ n: count() })
          .from(classroomMembers)
          .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
          .where(where),
      );
    },

    /**
     * The courses of these classrooms (as the classroom's page lists them), each with the
     * lessons the caller has learned in it: 0 where they have no membership of the course.
     */
    async coursesOfClassrooms(member: Member, classroomIds: number[]) {
      if (classroomIds.length === 0) return [];
      return db
        .select({
          classroomId: classroomCourses.classroomId,
          lessonCount: courses.lessonCount,
          learnedLessonCount: sql<number>`coalesce(${courseMembers.learnedLessonCount}, 0)`.mapWith(Number),
        })
        .from(classroomCourses)
        .innerJoin(courses, eq(courses.id, classroomCourses.courseId))
        .leftJoin(
          courseMembers,
          and(
            eq(courseMembers.courseId, courses.id),
            eq(courseMembers.userId, member.userId),
            eq(courseMembers.tenantId, member.tenantId),
          ),
        )
        .where(inArray(classroomCourses.classroomId, classroomIds))
        .orderBy(asc(classroomCourses.classroomId), asc(classroomCourses.seq), asc(courses.id));
    },

    /** The caller's study days up to `until` (a school-calendar day), the latest first. */
    studyDays: (member: Member, until: string, limit: number) => studyDaysUntil(db, member, until, limit),

    /** When the caller finished each lesson they finished since `since`. */
    async lessonsFinishedSince(member: Member, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ completedAt: lessonLearnings.completedAt })
        .from(lessonLearnings)
        .innerJoin(lessons, eq(lessons.id, lessonLearnings.lessonId))
        .where(and(ownFinishedLessons(member), gte(lessonLearnings.completedAt, since)));
      return rows.flatMap((row) => (row.completedAt === null ? [] : [row.completedAt]));
    },

    async lessonsFinished(member: Member): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(lessonLearnings)
        .innerJoin(lessons, eq(lessons.id, lessonLearnings.lessonId))
        .where(ownFinishedLessons(member));
      return row?.n ?? 0;
    },

    /** Joined last first. */
    myExams(member: Member, window: PageWindow) {
      const where = ownMemberships(examMembers, exams, member);
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            uid: exams.uid,
            title: exams.title,
            cover: exams.cover,
            startTime: exams.startTime,
            endTime: exams.endTime,
            duration: exams.duration,
            examTimes: exams.examTimes,
            closedExam: exams.closedExam,
            lateLimit: exams.lateLimit,
            passScore: exams.passScore,
            joinedAt: examMembers.joinedAt,
            attemptsUsed: examMembers.attemptsUsed,
            totalScore: exams.totalScore,
            // The member's own attempts (attempts_user_exam_idx), read only for the page's rows.
            bestScore: sql<number | null>`(select max(${attempts.score}) from ${attempts}
              where ${attempts.userId} = ${member.userId} and ${attempts.examId} = ${exams.id}
                and ${attempts.status} = 'COMPLETED')`,
            inProgress: sql<boolean>`exists (select 1 from ${attempts}
              where ${attempts.userId} = ${member.userId} and ${attempts.examId} = ${exams.id}
                and ${attempts.status} = 'NOT_SUBMITTED')`,
            reviewing: sql<boolean>`exists (select 1 from ${attempts}
              where ${attempts.userId} = ${member.userId} and ${attempts.examId} = ${exams.id}
                and ${attempts.status} = 'PENDING_REVIEW')`,
          })
          .from(examMembers)
          .innerJoin(exams, eq(exams.id, examMembers.examId))
          .where(where)
          .orderBy(desc(examMembers.joinedAt), desc(exams.id))
          .$dynamic(),
        window,
        db.select({ n: count() }).from(examMembers).innerJoin(exams, eq(exams.id, examMembers.examId)).where(where),
      );
    },

    /**
     * What the caller's schedule is made of between `from` and `until`: live and activity
     * lessons of courses they hold then, the exams they joined whose window meets the span (the
     * service picks the moments in it), classrooms that begin, and course access that ends.
     */
    async scheduleRows(member: Member, from: Date, until: Date) {
      const [lessonRows, examRows, classroomRows, endingRows] = await Promise.all([
        db
          .select({
            id: lessons.id,
            mediaType: lessons.mediaType,
            startTime: lessons.startTime,
            title: lessons.title,
            duration: lessons.duration,
            course: courses.title,
          })
          .from(courseMembers)
          .innerJoin(courses, eq(courses.id, courseMembers.courseId))
          .innerJoin(lessons, eq(lessons.courseId, courses.id))
          .where(
            and(
              ownMemberships(courseMembers, courses, member),
              eq(lessons.tenantId, member.tenantId),
              inArray(lessons.mediaType, ['LIVE', 'ACTIVITY']),
              publishedLesson,
              between(lessons.startTime, from, until),
              or(isNull(courseMembers.expiresAt), gte(courseMembers.expiresAt, lessons.startTime)),
            ),
          ),
        db
          .select({
            id: exams.id,
            uid: exams.uid,
            title: exams.title,
            startTime: exams.startTime,
            endTime: exams.endTime,
            closedExam: exams.closedExam,
            lateLimit: exams.lateLimit,
            attemptsUsed: examMembers.attemptsUsed,
          })
          .from(examMembers)
          .innerJoin(exams, eq(exams.id, examMembers.examId))
          .where(
            and(
              ownMemberships(examMembers, exams, member),
              or(isNotNull(exams.startTime), isNotNull(exams.endTime)),
              or(isNull(exams.startTime), lte(exams.startTime, until)),
              or(isNull(exams.endTime), gte(exams.endTime, from)),
            ),
          ),
        db
          .select({ id: classrooms.id, uid: classrooms.uid, title: classrooms.title, startTime: classrooms.startTime })
          .from(classroomMembers)
          .innerJoin(classrooms, eq(classrooms.id, classroomMembers.classroomId))
          .where(and(ownMemberships(classroomMembers, classrooms, member), between(classrooms.startTime, from, until))),
        db
          .select({ id: courses.id, uid: courses.uid, title: courses.title, expiresAt: courseMembers.expiresAt })
          .from(courseMembers)
          .innerJoin(courses, eq(courses.id, courseMembers.courseId))
          .where(and(ownMemberships(courseMembers, courses, member), between(courseMembers.expiresAt, from, until))),
      ]);
      return { lessonRows, examRows, classroomRows, endingRows };
    },
  };
}

export type LearningCenterRepository = ReturnType<typeof createLearningCenterRepository>;

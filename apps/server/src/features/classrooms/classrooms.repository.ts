import type { ProductSortKey } from '@school/contract/enums';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  classroomAnnouncements,
  classroomComments,
  classroomCourses,
  classroomMembers,
  classrooms,
  classroomTeachers,
  courses,
  lessonLearnings,
  lessons,
  teachers,
  users,
} from '../../db/schema.js';
import { containsPattern } from '../../lib/catalogue-format.js';
import { changeOwnRating, findRating, type RatingChange, type RatingTables } from '../../lib/own-comments.js';
import {
  bestCoupon,
  inCategoryTree,
  learnerVisibleStatuses,
  pageWindow,
  pageWithTotal,
  windowTotal,
  productOrder,
  recommendedOrder,
  teacherColumns,
} from '../../lib/catalogue-sql.js';
import { classroomSummaryColumns as summaryColumns } from '../../lib/product-summaries.js';
import { publishedLesson } from '../../lib/course-outline-sql.js';
import { joinClassroom, quitMembership, seatsHeld } from '../../memberships/memberships.js';

export { learnerVisibleStatuses as visibleStatuses };

export interface ClassroomListFilter {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  sort: ProductSortKey;
  recommended: boolean;
  page: number;
  pageSize: number;
}

const authorColumns = { nickname: users.nickname, avatar: users.avatar };

const classroomRatingTables: RatingTables = {
  comments: classroomComments,
  id: classroomComments.id,
  productId: classroomComments.classroomId,
  userId: classroomComments.userId,
  score: classroomComments.score,
  content: classroomComments.content,
  createdAt: classroomComments.createdAt,
  products: classrooms,
  productKey: classrooms.id,
  ratingTotal: classrooms.ratingTotal,
  ratingCount: classrooms.ratingCount,
};

export function createClassroomsRepository(db: Db) {
  return {
    list(tenantId: number, filter: ClassroomListFilter) {
      const where = and(
        eq(classrooms.tenantId, tenantId),
        inArray(classrooms.status, [...learnerVisibleStatuses]),
        filter.keyword === undefined
          ? undefined
          : sql`${classrooms.searchText} ilike ${containsPattern(filter.keyword)}`,
        filter.categoryId === undefined
          ? undefined
          : inCategoryTree(classrooms.categoryId, tenantId, filter.categoryId, 'PROJECT'),
        filter.recommended ? isNotNull(classrooms.recommendedSeq) : undefined,
      );
      const order = filter.recommended ? recommendedOrder(classrooms) : productOrder(classrooms, filter.sort);
      return pageWithTotal(
        db
          .select({ ...summaryColumns, total: windowTotal })
          .from(classrooms)
          .where(where)
          .orderBy(...order)
          .$dynamic(),
        pageWindow(filter),
        db.select({ n: count() }).from(classrooms).where(where),
      );
    },

    async findByUid(tenantId: number, uid: string) {
      const [row] = await db
        .select({
          ...summaryColumns,
          intro: classrooms.intro,
          teachingPlan: classrooms.teachingPlan,
          maxStudents: classrooms.maxStudents,
          ratingTotal: classrooms.ratingTotal,
          ratingCount: classrooms.ratingCount,
        })
        .from(classrooms)
        .where(and(eq(classrooms.tenantId, tenantId), eq(classrooms.uid, uid)));
      return row ?? null;
    },

    listTeachers(classroomId: number) {
      return db
        .select(teacherColumns)
        .from(classroomTeachers)
        .innerJoin(teachers, eq(teachers.id, classroomTeachers.teacherId))
        .where(eq(classroomTeachers.classroomId, classroomId))
        .orderBy(asc(classroomTeachers.seq), asc(teachers.id));
    },

    listCourses(classroomId: number) {
      return db
        .select({
          id: courses.id,
          uid: courses.uid,
          title: courses.title,
          cover: courses.cover,
          lessonCount: courses.lessonCount,
        })
        .from(classroomCourses)
        .innerJoin(courses, eq(courses.id, classroomCourses.courseId))
        .where(eq(classroomCourses.classroomId, classroomId))
        .orderBy(asc(classroomCourses.seq), asc(courses.id));
    },

    /**
     * Published lessons the user completed, per course, for the given courses: a course's lesson
     * count is of its published lessons, so one unpublished since no longer counts towards it.
     */
    async completedLessonCounts(userId: number, courseIds: number[]): Promise<Map<number, number>> {
      if (courseIds.length === 0) return new Map();
      const rows = await db
        .select({ courseId: lessons.courseId, n: count() })
        .from(lessonLearnings)
        .innerJoin(lessons, eq(lessons.id, lessonLearnings.lessonId))
        .where(
          and(
            eq(lessonLearnings.userId, userId),
            eq(lessonLearnings.status, 'COMPLETED'),
            inArray(lessons.courseId, courseIds),
            publishedLesson,
          ),
        )
        .groupBy(lessons.courseId);
      return new Map(rows.map((r) => [r.courseId, r.n]));
    },

    async findMember(classroomId: number, userId: number) {
      const [row] = await db
        .select({ joinedAt: classroomMembers.joinedAt })
        .from(classroomMembers)
        .where(and(eq(classroomMembers.classroomId, classroomId), eq(classroomMembers.userId, userId)));
      return row ?? null;
    },

    bestCoupon(tenantId: number, classroomId: number, now: Date) {
      return bestCoupon(db, { tenantId, type: 'CLASSROOM', id: classroomId }, now);
    },

    async countAnnouncements(classroomId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(classroomAnnouncements)
        .where(eq(classroomAnnouncements.classroomId, classroomId));
      return row?.n ?? 0;
    },

    /** Seats unpaid orders hold now, and the caller's own among them (memberships/memberships.ts). */
    seatsHeld: (classroomId: number, now: Date, userId: number | null) => seatsHeld(db, classroomId, now, userId),

    /** Joins free, taking a seat left (memberships/memberships.ts): all or nothing; throws MembershipRefused. */
    join(tenantId: number, classroomId: number, userId: number, now: Date): Promise<Date> {
      return db.transaction((tx) => joinClassroom(tx, { tenantId, classroomId, userId, now, seat: 'free' }));
    },

    /** Ends the learner's free membership and the courses it gave (memberships.ts quitMembership). */
    quit(tenantId: number, classroomId: number, userId: number) {
      return db.transaction((tx) =>
        quitMembership(tx, { tenantId, userId, productType: 'CLASSROOM', productId: classroomId }),
      );
    },

    // Comments

    listComments(classroomId: number, page: number, pageSize: number) {
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            id: classroomComments.id,
            score: classroomComments.score,
            content: classroomComments.content,
            createdAt: classroomComments.createdAt,
            user: authorColumns,
          })
          .from(classroomComments)
          .innerJoin(users, eq(users.id, classroomComments.userId))
          .where(eq(classroomComments.classroomId, classroomId))
          .orderBy(desc(classroomComments.createdAt), desc(classroomComments.id))
          .$dynamic(),
        pageWindow({ page, pageSize }),
        db.select({ n: count() }).from(classroomComments).where(eq(classroomComments.classroomId, classroomId)),
      );
    },

    findComment(commentId: number) {
      return findRating(db, classroomRatingTables, commentId);
    },

    async ownComment(classroomId: number, userId: number) {
      const [row] = await db
        .select({ id: classroomComments.id, score: classroomComments.score, content: classroomComments.content })
        .from(classroomComments)
        .where(and(eq(classroomComments.classroomId, classroomId), eq(classroomComments.userId, userId)));
      return row ?? null;
    },

    /** The author's change or deletion of their rating, with the classroom's counters (lib/own-comments). */
    changeOwnComment(target: { productId: number; commentId: number; userId: number }, change: RatingChange) {
      return changeOwnRating(db, classroomRatingTables, target, change);
    },

    /**
     * Adds the comment and its score to the classroom's rating in one transaction; null when
     * the user has commented already (the unique index decides, so a double tap adds one).
     */
    addComment(
      tenantId: number,
      classroomId: number,
      userId: number,
      comment: { score: number; content: string },
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(classroomComments)
          .values({ tenantId, classroomId, userId, ...comment, createdAt: now })
          .onConflictDoNothing()
          .returning({
            id: classroomComments.id,
            score: classroomComments.score,
            content: classroomComments.content,
            createdAt: classroomComments.createdAt,
          });
        if (!created) return null;
        await tx
          .update(classrooms)
          .set({
            ratingTotal: sql`${classrooms.ratingTotal} + ${comment.score}`,
            ratingCount: sql`${classrooms.ratingCount} + 1`,
          })
          .where(eq(classrooms.id, classroomId));
        const [author] = await tx.select(authorColumns).from(users).where(eq(users.id, userId));
        return { ...created, user: author ?? { nickname: '', avatar: null } };
      });
    },

    // Announcements

    listAnnouncements(classroomId: number, page: number, pageSize: number) {
      const where = eq(classroomAnnouncements.classroomId, classroomId);
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            id: classroomAnnouncements.id,
            title: classroomAnnouncements.title,
            createdAt: classroomAnnouncements.createdAt,
          })
          .from(classroomAnnouncements)
          .where(where)
          .orderBy(desc(classroomAnnouncements.createdAt), desc(classroomAnnouncements.id))
          .$dynamic(),
        pageWindow({ page, pageSize }),
        db.select({ n: count() }).from(classroomAnnouncements).where(where),
      );
    },

    async findAnnouncement(classroomId: number, id: number) {
      const [row] = await db
        .select({
          id: classroomAnnouncements.id,
          title: classroomAnnouncements.title,
          content: classroomAnnouncements.content,
          createdAt: classroomAnnouncements.createdAt,
        })
        .from(classroomAnnouncements)
        .where(and(eq(classroomAnnouncements.classroomId, classroomId), eq(classroomAnnouncements.id, id)));
      return row ?? null;
    },
  };
}

export type ClassroomsRepository = ReturnType<typeof createClassroomsRepository>;

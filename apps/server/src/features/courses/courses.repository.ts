import type { CategoryType } from '@school/contract/catalogue';
import type { ProductSortKey } from '@school/contract/enums';
import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { chaptersOf, learningsOf, lessonsOf, membershipOf, publishedLesson } from '../../lib/course-outline-sql.js';
import { joinCourse, MembershipRefused, quitMembership } from '../../memberships/memberships.js';
import type { courseMembers } from '../../db/schema.js';
import {
  categories,
  courseComments,
  courseLectures,
  courseNotes,
  courseTags,
  courseTeachers,
  courses,
  courseThreadPosts,
  courseThreads,
  lessons,
  media,
  tags,
  teachers,
  users,
} from '../../db/schema.js';
import { containsPattern } from '../../lib/catalogue-format.js';
import { changeOwnRating, findRating, type RatingChange, type RatingTables } from '../../lib/own-comments.js';
import {
  bestCoupon,
  inCategoryTree,
  learnerVisibleStatuses,
  pageWithTotal,
  windowTotal,
  productOrder,
  recommendedOrder,
  teacherColumns,
  type PageWindow,
} from '../../lib/catalogue-sql.js';
import { tagsOfEachCourse } from '../../lib/product-summaries.js';

export type CourseRow = typeof courses.$inferSelect;
export type MembershipRow = typeof courseMembers.$inferSelect;
export type LectureRow = Awaited<ReturnType<CoursesRepository['listLectures']>>[number];

export interface CourseListFilter {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  tagId?: number | undefined;
  /** Only the free ones. */
  free?: boolean | undefined;
  sort: ProductSortKey;
  recommended: boolean;
  offset: number;
  limit: number;
}

/** What learners see of each other: a name and a picture, never an id or a phone. */
const authorColumns = { nickname: users.nickname, avatar: users.avatar };

/** One of the learner's own notes in this school: nobody else's is ever touched. */
const ownNote = (tenantId: number, noteId: number, userId: number) =>
  and(eq(courseNotes.id, noteId), eq(courseNotes.tenantId, tenantId), eq(courseNotes.userId, userId));

const courseRatingTables: RatingTables = {
  comments: courseComments,
  id: courseComments.id,
  productId: courseComments.courseId,
  userId: courseComments.userId,
  score: courseComments.score,
  content: courseComments.content,
  createdAt: courseComments.createdAt,
  products: courses,
  productKey: courses.id,
  ratingTotal: courses.ratingTotal,
  ratingCount: courses.ratingCount,
};

const noteColumns = {
  id: courseNotes.id,
  content: courseNotes.content,
  position: courseNotes.position,
  createdAt: courseNotes.createdAt,
  lesson: { id: lessons.id, title: lessons.title, mediaType: lessons.mediaType },
};

const threadColumns = {
  id: courseThreads.id,
  title: courseThreads.title,
  content: courseThreads.content,
  replyCount: courseThreads.replyCount,
  createdAt: courseThreads.createdAt,
  authorId: courseThreads.userId,
  user: authorColumns,
};

const threadCourseColumns = { uid: courses.uid, title: courses.title };

const postColumns = {
  id: courseThreadPosts.id,
  content: courseThreadPosts.content,
  createdAt: courseThreadPosts.createdAt,
  authorId: courseThreadPosts.userId,
  user: authorColumns,
};

export function createCoursesRepository(db: Db) {
  // A page of threads adds its window count (`total`) to the same columns.
  const threadsWithAuthor = <Extra extends Record<string, SQL>>(extra = {} as Extra) =>
    db
      .select({ ...threadColumns, ...extra })
      .from(courseThreads)
      .innerJoin(users, eq(users.id, courseThreads.userId))
      .$dynamic();
  const postsWithAuthor = () =>
    db.select(postColumns).from(courseThreadPosts).innerJoin(users, eq(users.id, courseThreadPosts.userId)).$dynamic();

  const lecturesWithMedia = (tenantId: number) =>
    db
      .select({
        id: courseLectures.id,
        title: courseLectures.title,
        fileName: courseLectures.fileName,
        files: media.files,
        pageCount: media.pageCount,
      })
      .from(courseLectures)
      .innerJoin(media, and(eq(media.id, courseLectures.mediaId), eq(media.tenantId, tenantId)))
      .$dynamic();

  /** A page of notes on published lessons, newest first, with lesson and course. */
  async function notesPage(where: SQL, page: PageWindow) {
    const { rows, total } = await pageWithTotal(
      db
        .select({ ...noteColumns, course: { uid: courses.uid, title: courses.title }, total: windowTotal })
        .from(courseNotes)
        .innerJoin(lessons, eq(lessons.id, courseNotes.lessonId))
        .innerJoin(courses, eq(courses.id, courseNotes.courseId))
        .where(where)
        .orderBy(desc(courseNotes.createdAt), desc(courseNotes.id))
        .$dynamic(),
      page,
      db.select({ n: count() }).from(courseNotes).innerJoin(lessons, eq(lessons.id, courseNotes.lessonId)).where(where),
    );
    return { items: rows, total };
  }

  return {
    listCategories(tenantId: number, type: CategoryType) {
      return db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          seq: categories.seq,
          level: categories.level,
          name: categories.name,
        })
        .from(categories)
        .where(and(eq(categories.tenantId, tenantId), eq(categories.type, type)))
        .orderBy(asc(categories.level), asc(categories.seq), asc(categories.id));
    },

    listTags(tenantId: number) {
      return db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(eq(tags.tenantId, tenantId))
        .orderBy(asc(tags.seq), asc(tags.id));
    },

    async listCourses(tenantId: number, filter: CourseListFilter) {
      const conditions: SQL[] = [eq(courses.tenantId, tenantId), inArray(courses.status, [...learnerVisibleStatuses])];
      // search_text is lower-cased by the database; the pattern is too, and ILIKE keeps it so
      // for letters lower() does not fold. The trigram index serves the leading %.
      if (filter.keyword !== undefined)
        conditions.push(sql`${courses.searchText} ilike ${containsPattern(filter.keyword)}`);
      if (filter.categoryId !== undefined)
        conditions.push(inCategoryTree(courses.categoryId, tenantId, filter.categoryId, 'COURSE'));
      if (filter.tagId !== undefined) {
        conditions.push(
          sql`exists (select 1 from ${courseTags} ct where ct.course_id = "courses"."id" and ct.tag_id = ${filter.tagId})`,
        );
      }
      if (filter.free) conditions.push(eq(courses.priceCents, 0));
      if (filter.recommended) conditions.push(isNotNull(courses.recommendedSeq));
      const where = and(...conditions);
      const order = filter.recommended ? recommendedOrder(courses) : productOrder(courses, filter.sort);
      return pageWithTotal(
        db
          .select({ ...getTableColumns(courses), tags: tagsOfEachCourse, total: windowTotal })
          .from(courses)
          .where(where)
          .orderBy(...order)
          .$dynamic(),
        filter,
        db.select({ n: count() }).from(courses).where(where),
      );
    },

    /** Tags of several courses in one query, in each course's tag order. */
    tagsOfCourses(courseIds: number[]) {
      if (courseIds.length === 0) return Promise.resolve([]);
      return db
        .select({ courseId: courseTags.courseId, id: tags.id, name: tags.name })
        .from(courseTags)
        .innerJoin(tags, eq(tags.id, courseTags.tagId))
        .where(inArray(courseTags.courseId, courseIds))
        .orderBy(asc(tags.seq), asc(tags.id));
    },

    async findCourse(tenantId: number, uid: string) {
      const [row] = await db
        .select({ course: courses, categoryName: categories.name })
        .from(courses)
        .leftJoin(categories, eq(categories.id, courses.categoryId))
        .where(and(eq(courses.tenantId, tenantId), eq(courses.uid, uid)));
      return row ?? null;
    },

    teachersOf(courseId: number) {
      return db
        .select(teacherColumns)
        .from(courseTeachers)
        .innerJoin(teachers, eq(teachers.id, courseTeachers.teacherId))
        .where(eq(courseTeachers.courseId, courseId))
        .orderBy(asc(courseTeachers.seq), asc(teachers.id));
    },

    chaptersOf: (courseId: number) => chaptersOf(db, courseId),

    lessonsOf: (courseId: number) => lessonsOf(db, courseId),

    findMembership: (courseId: number, userId: number) => membershipOf(db, courseId, userId),

    learningsOf: (courseId: number, userId: number) => learningsOf(db, courseId, userId),

    bestCoupon(tenantId: number, courseId: number, now: Date) {
      return bestCoupon(db, { tenantId, type: 'COURSE', id: courseId }, now);
    },

    /** Joins free (memberships/memberships.ts), in one transaction; null when a membership still runs (a double tap). */
    async join(input: {
      tenantId: number;
      courseId: number;
      userId: number;
      now: Date;
    }): Promise<MembershipRow | null> {
      try {
        return await db.transaction((tx) => joinCourse(tx, input));
      } catch (error) {
        if (error instanceof MembershipRefused) return null;
        throw error;
      }
    },

    /** Ends the learner's free membership (memberships.ts quitMembership), in one transaction. */
    quit(input: { tenantId: number; courseId: number; userId: number }) {
      return db.transaction((tx) =>
        quitMembership(tx, {
          tenantId: input.tenantId,
          userId: input.userId,
          productType: 'COURSE',
          productId: input.courseId,
        }),
      );
    },

    async listComments(courseId: number, page: PageWindow) {
      const { rows, total } = await pageWithTotal(
        db
          .select({
            total: windowTotal,
            id: courseComments.id,
            score: courseComments.score,
            content: courseComments.content,
            createdAt: courseComments.createdAt,
            user: authorColumns,
          })
          .from(courseComments)
          .innerJoin(users, eq(users.id, courseComments.userId))
          .where(eq(courseComments.courseId, courseId))
          .orderBy(desc(courseComments.createdAt), desc(courseComments.id))
          .$dynamic(),
        page,
        db.select({ n: count() }).from(courseComments).where(eq(courseComments.courseId, courseId)),
      );
      return { items: rows, total };
    },

    findComment(commentId: number) {
      return findRating(db, courseRatingTables, commentId);
    },

    async ownComment(courseId: number, userId: number) {
      const [row] = await db
        .select({ id: courseComments.id, score: courseComments.score, content: courseComments.content })
        .from(courseComments)
        .where(and(eq(courseComments.courseId, courseId), eq(courseComments.userId, userId)));
      return row ?? null;
    },

    /** The author's change or deletion of their rating, with the course's counters (lib/own-comments). */
    changeOwnComment(target: { productId: number; commentId: number; userId: number }, change: RatingChange) {
      return changeOwnRating(db, courseRatingTables, target, change);
    },

    /**
     * Writes the comment and adds it to the course's rating counters in one transaction; null
     * when the user already commented (the unique index decides, so two taps make one comment).
     */
    async createComment(input: {
      tenantId: number;
      courseId: number;
      userId: number;
      score: number;
      content: string;
      createdAt: Date;
    }) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(courseComments)
          .values(input)
          .onConflictDoNothing({ target: [courseComments.courseId, courseComments.userId] })
          .returning({ id: courseComments.id, createdAt: courseComments.createdAt });
        if (!row) return null;
        await tx
          .update(courses)
          .set({
            ratingTotal: sql`${courses.ratingTotal} + ${input.score}`,
            ratingCount: sql`${courses.ratingCount} + 1`,
          })
          .where(eq(courses.id, input.courseId));
        const [author] = await tx.select(authorColumns).from(users).where(eq(users.id, input.userId));
        return { ...row, user: author ?? { nickname: '', avatar: null } };
      });
    },

    /**
     * The learner's own notes on a course's published lessons, newest first (nobody else's are
     * ever listed). Notes on a lesson unpublished since stay, unlisted, until it comes back.
     */
    async listNotes(courseId: number, userId: number, page: PageWindow) {
      return notesPage(and(eq(courseNotes.courseId, courseId), eq(courseNotes.userId, userId), publishedLesson)!, page);
    },

    /** The learner's notes across the school's courses, newest first, each with its course (Me → My notes). */
    async listAllNotes(tenantId: number, userId: number, page: PageWindow) {
      return notesPage(and(eq(courseNotes.tenantId, tenantId), eq(courseNotes.userId, userId), publishedLesson)!, page);
    },

    /**
     * One of the learner's notes in the school, with its course; null for anyone else's, and for
     * one on a lesson unpublished since.
     */
    async findNote(tenantId: number, noteId: number, userId: number) {
      const [row] = await db
        .select({ ...noteColumns, course: { uid: courses.uid, title: courses.title } })
        .from(courseNotes)
        .innerJoin(lessons, eq(lessons.id, courseNotes.lessonId))
        .innerJoin(courses, eq(courses.id, courseNotes.courseId))
        .where(
          and(
            eq(courseNotes.id, noteId),
            eq(courseNotes.tenantId, tenantId),
            eq(courseNotes.userId, userId),
            publishedLesson,
          ),
        );
      return row ?? null;
    },

    /** False when the learner has no such note in this school. */
    async rewriteNote(tenantId: number, noteId: number, userId: number, content: string): Promise<boolean> {
      const rows = await db
        .update(courseNotes)
        .set({ content })
        .where(ownNote(tenantId, noteId, userId))
        .returning({ id: courseNotes.id });
      return rows.length > 0;
    },

    /** False when the learner has no such note (deleted already, or never theirs). */
    async deleteNote(tenantId: number, noteId: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(courseNotes)
        .where(ownNote(tenantId, noteId, userId))
        .returning({ id: courseNotes.id });
      return rows.length > 0;
    },

    async listThreads(courseId: number, page: PageWindow) {
      const { rows, total } = await pageWithTotal(
        threadsWithAuthor({ total: windowTotal })
          .where(eq(courseThreads.courseId, courseId))
          .orderBy(desc(courseThreads.createdAt), desc(courseThreads.id))
          .$dynamic(),
        page,
        db.select({ n: count() }).from(courseThreads).where(eq(courseThreads.courseId, courseId)),
      );
      return { items: rows, total };
    },

    /** The learner's questions across the school's courses a learner may see, newest first, with their course. */
    async listAskedThreads(tenantId: number, userId: number, page: PageWindow) {
      const where = and(
        eq(courseThreads.tenantId, tenantId),
        eq(courseThreads.userId, userId),
        inArray(courses.status, [...learnerVisibleStatuses]),
      )!;
      const { rows, total } = await pageWithTotal(
        db
          .select({ ...threadColumns, course: threadCourseColumns, total: windowTotal })
          .from(courseThreads)
          .innerJoin(users, eq(users.id, courseThreads.userId))
          .innerJoin(courses, eq(courses.id, courseThreads.courseId))
          .where(where)
          .orderBy(desc(courseThreads.createdAt), desc(courseThreads.id))
          .$dynamic(),
        page,
        db
          .select({ n: count() })
          .from(courseThreads)
          .innerJoin(courses, eq(courses.id, courseThreads.courseId))
          .where(where),
      );
      return { items: rows, total };
    },

    /**
     * The questions the learner answered, by their latest answer (which comes along), newest
     * first; each question once however often they answered it.
     */
    async listAnsweredThreads(tenantId: number, userId: number, page: PageWindow) {
      const mine = db
        .selectDistinctOn([courseThreadPosts.threadId], {
          threadId: courseThreadPosts.threadId,
          content: sql<string>`${courseThreadPosts.content}`.as('answer_content'),
          createdAt: sql`${courseThreadPosts.createdAt}`.mapWith(courseThreadPosts.createdAt).as('answered_at'),
        })
        .from(courseThreadPosts)
        .where(and(eq(courseThreadPosts.tenantId, tenantId), eq(courseThreadPosts.userId, userId)))
        .orderBy(courseThreadPosts.threadId, desc(courseThreadPosts.createdAt), desc(courseThreadPosts.id))
        .as('mine');
      const visible = inArray(courses.status, [...learnerVisibleStatuses]);
      const { rows, total } = await pageWithTotal(
        db
          .select({
            ...threadColumns,
            course: threadCourseColumns,
            answer: { content: mine.content, createdAt: mine.createdAt },
            total: windowTotal,
          })
          .from(mine)
          .innerJoin(courseThreads, eq(courseThreads.id, mine.threadId))
          .innerJoin(users, eq(users.id, courseThreads.userId))
          .innerJoin(courses, eq(courses.id, courseThreads.courseId))
          .where(visible)
          .orderBy(desc(mine.createdAt), desc(courseThreads.id))
          .$dynamic(),
        page,
        db
          .select({ n: count() })
          .from(mine)
          .innerJoin(courseThreads, eq(courseThreads.id, mine.threadId))
          .innerJoin(courses, eq(courses.id, courseThreads.courseId))
          .where(visible),
      );
      return { items: rows, total };
    },

    /** A thread of this course (a thread id of another course or school: null). */
    async findThread(courseId: number, threadId: number) {
      const [row] = await threadsWithAuthor().where(
        and(eq(courseThreads.id, threadId), eq(courseThreads.courseId, courseId)),
      );
      return row ?? null;
    },

    /** A thread's answers, oldest first (the order a conversation reads). */
    listPosts(threadId: number) {
      return postsWithAuthor()
        .where(eq(courseThreadPosts.threadId, threadId))
        .orderBy(asc(courseThreadPosts.createdAt), asc(courseThreadPosts.id));
    },

    async findPost(postId: number) {
      const [row] = await postsWithAuthor().where(eq(courseThreadPosts.id, postId));
      return row ?? null;
    },

    async createThread(input: {
      tenantId: number;
      courseId: number;
      userId: number;
      title: string;
      content: string;
      createdAt: Date;
    }) {
      const [row] = await db
        .insert(courseThreads)
        .values({ ...input, replyCount: 0 })
        .returning({ id: courseThreads.id });
      const [thread] = await threadsWithAuthor().where(eq(courseThreads.id, row!.id));
      return thread!;
    },

    /**
     * The author changes (title and text) or, with null, deletes their question; its answers go
     * with it. The row is locked while it is checked, so an edit racing a delete changes nothing.
     */
    changeOwnThread(
      target: { courseId: number; threadId: number; userId: number },
      change: { title: string; content: string } | null,
    ): Promise<'missing' | 'notYours' | 'done'> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ userId: courseThreads.userId })
          .from(courseThreads)
          .where(and(eq(courseThreads.id, target.threadId), eq(courseThreads.courseId, target.courseId)))
          .for('update');
        if (found === undefined) return 'missing';
        if (found.userId !== target.userId) return 'notYours';
        const thread = eq(courseThreads.id, target.threadId);
        if (change === null) await tx.delete(courseThreads).where(thread);
        else await tx.update(courseThreads).set(change).where(thread);
        return 'done';
      });
    },

    /** The author changes or, with null, deletes their answer; a deleted one leaves the thread's count. */
    changeOwnPost(
      target: { courseId: number; threadId: number; postId: number; userId: number },
      change: { content: string } | null,
    ): Promise<'missing' | 'notYours' | 'done'> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ userId: courseThreadPosts.userId })
          .from(courseThreadPosts)
          .innerJoin(courseThreads, eq(courseThreads.id, courseThreadPosts.threadId))
          .where(
            and(
              eq(courseThreadPosts.id, target.postId),
              eq(courseThreadPosts.threadId, target.threadId),
              eq(courseThreads.courseId, target.courseId),
            ),
          )
          .for('update');
        if (found === undefined) return 'missing';
        if (found.userId !== target.userId) return 'notYours';
        const post = eq(courseThreadPosts.id, target.postId);
        if (change !== null) {
          await tx.update(courseThreadPosts).set(change).where(post);
          return 'done';
        }
        await tx.delete(courseThreadPosts).where(post);
        await tx
          .update(courseThreads)
          .set({ replyCount: sql`greatest(${courseThreads.replyCount} - 1, 0)` })
          .where(eq(courseThreads.id, target.threadId));
        return 'done';
      });
    },

    /**
     * Writes an answer and counts it on its thread in one transaction. The count goes first and
     * only on a thread of this course: null (nothing written) when there is no such thread.
     */
    async createPost(input: {
      tenantId: number;
      courseId: number;
      threadId: number;
      userId: number;
      content: string;
      createdAt: Date;
    }) {
      const id = await db.transaction(async (tx) => {
        const [counted] = await tx
          .update(courseThreads)
          .set({ replyCount: sql`${courseThreads.replyCount} + 1` })
          .where(and(eq(courseThreads.id, input.threadId), eq(courseThreads.courseId, input.courseId)))
          .returning({ id: courseThreads.id });
        if (!counted) return null;
        const [row] = await tx
          .insert(courseThreadPosts)
          .values({
            tenantId: input.tenantId,
            threadId: input.threadId,
            userId: input.userId,
            content: input.content,
            createdAt: input.createdAt,
          })
          .returning({ id: courseThreadPosts.id });
        return row!.id;
      });
      if (id === null) return null;
      const [post] = await postsWithAuthor().where(eq(courseThreadPosts.id, id));
      return post!;
    },

    /**
     * The course's materials with their stored files, in course order. A lecture whose file is
     * gone (its media deleted) is left out: there would be nothing to open.
     */
    listLectures(tenantId: number, courseId: number) {
      return lecturesWithMedia(tenantId)
        .where(eq(courseLectures.courseId, courseId))
        .orderBy(asc(courseLectures.seq), asc(courseLectures.id));
    },

    async findLecture(tenantId: number, courseId: number, lectureId: number) {
      const [row] = await lecturesWithMedia(tenantId).where(
        and(eq(courseLectures.id, lectureId), eq(courseLectures.courseId, courseId)),
      );
      return row ?? null;
    },
  };
}

export type CoursesRepository = ReturnType<typeof createCoursesRepository>;

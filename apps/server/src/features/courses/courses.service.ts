import type { Category, CategoryType, Comment, CommentCreate, CommentSummary, Tag } from '@school/contract/catalogue';
import type { PageQuery } from '@school/contract/common';
import type {
  CourseDetail,
  CourseLecture,
  CourseList,
  CourseMembership,
  CourseNote,
  CourseNoteList,
  CourseThread,
  CourseThreadList,
  LectureDetail,
  MyNoteList,
  MyThreadList,
  MyThreadRole,
  NoteDetail,
  ThreadCreate,
  ThreadDetail,
  ThreadPost,
  ThreadPostCreate,
} from '@school/contract/courses';
import type { NoteUpdate } from '@school/contract/lessons';
import type { Locale, MediaType, ProductSortKey } from '@school/contract/enums';
import { servedFilePaths } from '@school/contract/paths';
import { AppError } from '../../lib/app-error.js';
import { toCourseSummary } from '../../lib/product-summaries.js';
import type { CatalogueCaller as Viewer } from '../../lib/catalogue-caller.js';
import { commentSummaryOf, ratingChangeRefusal, toComment } from '../../lib/catalogue-comments.js';
import type { RatingChange } from '../../lib/own-comments.js';
import { couponDiscount, toTeacher, toValidity } from '../../lib/catalogue-format.js';
import { pageWindow } from '../../lib/catalogue-sql.js';
import { noLearnerCache, type LearnerCache } from '../../lib/learner-cache.js';
import { toCourseMembership } from '../../lib/learning-status.js';
import { localize, type LocalizedText } from '../../lib/localized-text.js';
import { noPublicCache, type PublicCache } from '../../lib/public-cache.js';
import { sanitizedPerLocale } from '../../lib/rich-text.js';
import { buildSyllabus } from '../../lib/syllabus.js';
import { isExpiredAt } from '../../memberships/validity.js';
import type { Clock } from '../../providers/clock.js';
import type { CoursesRepository, LectureRow, MembershipRow } from './courses.repository.js';

export type { Viewer };

export interface CourseListInput extends PageQuery {
  keyword?: string | undefined;
  categoryId?: number | undefined;
  tagId?: number | undefined;
  price?: 'free' | undefined;
  sort: ProductSortKey;
  recommended: boolean;
}

function isExpired(row: MembershipRow, now: Date): boolean {
  return isExpiredAt(row.expiresAt, now);
}

interface NoteRow {
  id: number;
  content: string;
  position: number | null;
  createdAt: Date;
  lesson: { id: number; title: LocalizedText; mediaType: MediaType };
}

function toNote(row: NoteRow, locale: Locale): CourseNote {
  return {
    id: row.id,
    lesson: { id: row.lesson.id, title: localize(row.lesson.title, locale), mediaType: row.lesson.mediaType },
    position: row.position,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

interface PostRow {
  id: number;
  content: string;
  createdAt: Date;
  authorId: number;
  user: { nickname: string; avatar: string | null };
}

function toPost(row: PostRow, viewer: number): ThreadPost {
  return {
    id: row.id,
    user: row.user,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    mine: row.authorId === viewer,
  };
}

type AskedThreadRow = Awaited<ReturnType<CoursesRepository['listAskedThreads']>>['items'][number];

function toThread(row: PostRow & { title: string; replyCount: number }, viewer: number): CourseThread {
  return { ...toPost(row, viewer), title: row.title, replyCount: row.replyCount };
}

/** Someone else's question or answer is refused; one not on this course's board is not there. */
function ownWriting(outcome: 'missing' | 'notYours' | 'done', missing: 'threadNotFound' | 'notFound'): void {
  if (outcome === 'missing') throw new AppError(missing);
  if (outcome === 'notYours') throw new AppError('noPermissionModifyComment');
}

/** How a lecture opens: the PDF viewer, as a picture, or a download. */
export function viewerOf(contentType: string): CourseLecture['viewer'] {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return 'PDF';
  if (type.startsWith('image/')) return 'IMAGE';
  return 'FILE';
}

function toLecture(uid: string, row: LectureRow, locale: Locale): CourseLecture | null {
  // The first file is the one learners get (media rows keep the played file first).
  const file = row.files[0];
  if (file === undefined) return null;
  return {
    id: row.id,
    title: localize(row.title, locale),
    fileName: row.fileName,
    size: file.size,
    url: servedFilePaths.courseLectureFile(uid, row.id),
    viewer: viewerOf(file.contentType),
  };
}

/** A lecture's stored file as its route sends it. */
export interface LectureFile {
  key: string;
  contentType: string;
  fileName: string;
  disposition: 'inline' | 'attachment';
}

export function createCoursesService({
  repository,
  clock,
  publicCache = noPublicCache,
  learnerCache = noLearnerCache,
}: {
  repository: CoursesRepository;
  clock: Clock;
  /** Where a signed-in learner's course detail keeps what it says to everyone (decision 014). */
  publicCache?: PublicCache;
  /** Where it keeps the learner's own membership and progress, fresh by the database's notifications. */
  learnerCache?: LearnerCache;
}) {
  /** A course a learner may look at: another school's or a missing one is 404, an unpublished or closed one 403. */
  async function visibleCourse(tenantId: number, uid: string) {
    const found = await repository.findCourse(tenantId, uid);
    if (found === null) throw new AppError('courseNotFound');
    if (found.course.status === 'UNPUBLISHED' || found.course.status === 'CLOSED') {
      throw new AppError('courseNotPublished');
    }
    return found;
  }

  /**
   * What a course's detail says to everyone: the course, its tags, teachers, syllabus and best
   * coupon. A visitor's whole answer is kept by the HTTP cache; a signed-in learner's cannot be
   * (it holds their membership and progress), so this part of it is kept here per school and
   * course, and their own rows are read fresh on every request: what they just did shows at once,
   * the counts and coupon as late as a visitor's. A change through this process clears it.
   */
  const publicDetails = publicCache.part<Awaited<ReturnType<typeof loadPublicDetail>>>();

  async function loadPublicDetail(tenantId: number, uid: string, now: Date) {
    const { course, categoryName } = await visibleCourse(tenantId, uid);
    const [tagRows, teacherRows, chapterRows, lessonRows, coupon] = await Promise.all([
      repository.tagsOfCourses([course.id]),
      repository.teachersOf(course.id),
      repository.chaptersOf(course.id),
      repository.lessonsOf(course.id),
      // A free course has nothing to discount.
      course.priceCents === 0 ? null : repository.bestCoupon(tenantId, course.id, now),
    ]);
    const about = sanitizedPerLocale(course.about);
    return { course, about, categoryName, tagRows, teacherRows, chapterRows, lessonRows, coupon };
  }

  /**
   * A learner's own part of a course's detail: their membership and each lesson's status. Kept
   * per learner and course until the database reports a change to their rows (decision 014).
   */
  function ownDetail(courseId: number, userId: number) {
    return learnerCache.own(userId, `course:${courseId}`, async () => {
      const membership = await repository.findMembership(courseId, userId);
      const learnings =
        membership === null
          ? null
          : new Map((await repository.learningsOf(courseId, userId)).map((l) => [l.lessonId, l.status]));
      return { membership, learnings };
    });
  }

  /** Notes, Q&A and materials are for members whose membership still runs. */
  async function memberCourse(tenantId: number, uid: string, userId: number) {
    const { course } = await visibleCourse(tenantId, uid);
    const membership = await repository.findMembership(course.id, userId);
    if (membership === null) throw new AppError('notCourseMember');
    if (isExpired(membership, clock.now())) throw new AppError('memberExpired');
    return course;
  }

  /** The author's change or deletion of their rating; anyone else's is refused. */
  async function changeRating(
    tenantId: number,
    uid: string,
    at: { commentId: number; userId: number },
    change: RatingChange,
  ): Promise<void> {
    const { course } = await visibleCourse(tenantId, uid);
    const refusal = ratingChangeRefusal(await repository.changeOwnComment({ productId: course.id, ...at }, change));
    if (refusal !== null) throw new AppError(refusal);
    publicCache.changed();
  }

  const toSummary = toCourseSummary;

  return {
    async categoryTree(tenantId: number, type: CategoryType, locale: Locale): Promise<Category[]> {
      // Rows come parents first (ordered by level), siblings by seq: one pass builds the tree.
      const rows = await repository.listCategories(tenantId, type);
      const byId = new Map<number, Category>();
      const roots: Category[] = [];
      for (const row of rows) {
        const node: Category = {
          id: row.id,
          parentId: row.parentId,
          seq: row.seq,
          level: row.level,
          name: localize(row.name, locale),
          children: [],
        };
        byId.set(row.id, node);
        const parent = row.parentId === null ? undefined : byId.get(row.parentId);
        if (parent) parent.children.push(node);
        // A node whose parent is gone (deleted, wrong level) still shows, at the top.
        else roots.push(node);
      }
      return roots;
    },

    async tags(tenantId: number, locale: Locale): Promise<Tag[]> {
      const rows = await repository.listTags(tenantId);
      return rows.map((row) => ({ id: row.id, name: localize(row.name, locale) }));
    },

    async list(viewer: Viewer, query: CourseListInput): Promise<CourseList> {
      const { rows, total } = await repository.listCourses(viewer.tenantId, {
        keyword: query.keyword,
        categoryId: query.categoryId,
        tagId: query.tagId,
        free: query.price === 'free',
        sort: query.sort,
        recommended: query.recommended,
        ...pageWindow(query),
      });
      return {
        items: rows.map(({ tags, ...row }) =>
          toSummary(
            row,
            tags.map((tag) => ({ id: tag.id, name: localize(tag.name, viewer.locale) })),
            viewer,
          ),
        ),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async detail(viewer: Viewer, uid: string): Promise<CourseDetail> {
      const now = clock.now();
      const { userId } = viewer;
      const { course, about, categoryName, tagRows, teacherRows, chapterRows, lessonRows, coupon } =
        await publicDetails.get(viewer, uid, () => loadPublicDetail(viewer.tenantId, uid, now));
      const { membership: membershipRow, learnings } =
        userId === null ? { membership: null, learnings: null } : await ownDetail(course.id, userId);
      const canStudy = membershipRow !== null && !isExpired(membershipRow, now);

      // Numbered in the order a learner meets them, with the trial and learn-in-order locks.
      const syllabus = buildSyllabus({
        chapters: chapterRows,
        lessons: lessonRows,
        learnings,
        canStudy,
        learnInOrder: course.learnInOrder,
        locale: viewer.locale,
      });
      const { chapters } = syllabus;
      const firstLessonId = syllabus.ordered[0]?.id ?? null;

      const tags = tagRows.map((tag) => ({ id: tag.id, name: localize(tag.name, viewer.locale) }));
      return {
        ...toSummary(course, tags, viewer),
        about: about[viewer.locale],
        category:
          course.categoryId === null || categoryName === null
            ? null
            : { id: course.categoryId, name: localize(categoryName, viewer.locale) },
        validity: toValidity(course),
        teachers: teacherRows.map((row) => toTeacher(row, viewer.locale)),
        chapters,
        ratingCount: course.ratingCount,
        coupon:
          coupon === null
            ? null
            : { title: localize(coupon.title, viewer.locale), discount: couponDiscount(coupon.discountTenths) },
        membership:
          membershipRow === null
            ? null
            : toCourseMembership(syllabus.withListedLastLesson(membershipRow), course.lessonCount, now),
        firstLessonId,
      };
    },

    async join(tenantId: number, uid: string, userId: number): Promise<CourseMembership> {
      const { course } = await visibleCourse(tenantId, uid);
      // Coming soon: visible, not yet open to anyone.
      if (course.status !== 'PUBLISHED') throw new AppError('courseNotPublished');
      const now = clock.now();
      // A membership that ran out may be joined again (renewed); one still running may not.
      const held = await repository.findMembership(course.id, userId);
      if (held !== null && !isExpired(held, now)) throw new AppError('memberExisted');
      if (course.priceCents > 0) throw new AppError('noPermissionJoinCourse');
      // Null: lost the race to a second tap of the same learner.
      const row = await repository.join({ tenantId, courseId: course.id, userId, now });
      if (row === null) throw new AppError('memberExisted');
      publicCache.changed();
      return toCourseMembership(row, course.lessonCount, now);
    },

    /**
     * Quits a course joined free (contract: leaveRuleSchema). Held through a paid order or a
     * classroom: 403 noPermissionQuitCourse, nothing changes. Not a member (any more): done.
     */
    async quit(tenantId: number, uid: string, userId: number): Promise<void> {
      const { course } = await visibleCourse(tenantId, uid);
      const result = await repository.quit({ tenantId, courseId: course.id, userId });
      if (result.outcome === 'refused') throw new AppError('noPermissionQuitCourse');
      if (result.outcome === 'quit') publicCache.changed();
    },

    async comments(tenantId: number, uid: string, page: PageQuery) {
      const { course } = await visibleCourse(tenantId, uid);
      const { items, total } = await repository.listComments(course.id, pageWindow(page));
      return { items: items.map(toComment), total, page: page.page, pageSize: page.pageSize };
    },

    async commentSummary(tenantId: number, uid: string, userId: number | null): Promise<CommentSummary> {
      const { course } = await visibleCourse(tenantId, uid);
      return commentSummaryOf(course, userId, {
        isMember: async (member) => (await repository.findMembership(course.id, member)) !== null,
        ownComment: (member) => repository.ownComment(course.id, member),
      });
    },

    async comment(tenantId: number, uid: string, userId: number, input: CommentCreate): Promise<Comment> {
      const { course } = await visibleCourse(tenantId, uid);
      // Whoever joined may rate, even after the membership ran out: they took the course.
      if ((await repository.findMembership(course.id, userId)) === null) throw new AppError('notCourseMember');
      const created = await repository.createComment({
        tenantId,
        courseId: course.id,
        userId,
        score: input.score,
        content: input.content,
        createdAt: clock.now(),
      });
      if (created === null) throw new AppError('courseCommentExisted');
      publicCache.changed();
      return toComment({ ...created, score: input.score, content: input.content });
    },

    /** The author changes their rating; anyone else's is refused. */
    async editComment(
      tenantId: number,
      uid: string,
      userId: number,
      commentId: number,
      change: CommentCreate,
    ): Promise<Comment> {
      await changeRating(tenantId, uid, { commentId, userId }, change);
      const row = await repository.findComment(commentId);
      if (row === null) throw new AppError('notFound');
      return toComment(row);
    },

    /** The author deletes their rating (and may rate again); anyone else's is refused. */
    async deleteComment(tenantId: number, uid: string, userId: number, commentId: number): Promise<void> {
      await changeRating(tenantId, uid, { commentId, userId }, null);
    },

    async notes(
      tenantId: number,
      uid: string,
      userId: number,
      page: PageQuery,
      locale: Locale,
    ): Promise<CourseNoteList> {
      const course = await memberCourse(tenantId, uid, userId);
      const { items, total } = await repository.listNotes(course.id, userId, pageWindow(page));
      return { items: items.map((row) => toNote(row, locale)), total, page: page.page, pageSize: page.pageSize };
    },

    /**
     * One of the caller's own notes, whatever became of the membership since: it is their text.
     * Anyone else's note, or another school's, is "not found" (never "forbidden": that would
     * tell a guesser the id exists), and so is one on a lesson unpublished since: the list of
     * notes leaves it out too.
     */
    async note(tenantId: number, noteId: number, userId: number, locale: Locale): Promise<NoteDetail> {
      const row = await repository.findNote(tenantId, noteId, userId);
      if (row === null) throw new AppError('notFound');
      return { ...toNote(row, locale), course: { uid: row.course.uid, title: localize(row.course.title, locale) } };
    },

    async myNotes(tenantId: number, userId: number, page: PageQuery, locale: Locale): Promise<MyNoteList> {
      const { items, total } = await repository.listAllNotes(tenantId, userId, pageWindow(page));
      return {
        items: items.map((row) => ({
          ...toNote(row, locale),
          course: { uid: row.course.uid, title: localize(row.course.title, locale) },
        })),
        total,
        page: page.page,
        pageSize: page.pageSize,
      };
    },

    /** The learner rewrites their own note; where it was taken stays. Anyone else's is not found. */
    async rewriteNote(
      tenantId: number,
      noteId: number,
      userId: number,
      input: NoteUpdate,
      locale: Locale,
    ): Promise<NoteDetail> {
      if (!(await repository.rewriteNote(tenantId, noteId, userId, input.content))) throw new AppError('notFound');
      return this.note(tenantId, noteId, userId, locale);
    },

    async deleteNote(tenantId: number, noteId: number, userId: number): Promise<void> {
      if (!(await repository.deleteNote(tenantId, noteId, userId))) throw new AppError('notFound');
    },

    async threads(tenantId: number, uid: string, userId: number, page: PageQuery): Promise<CourseThreadList> {
      const course = await memberCourse(tenantId, uid, userId);
      const { items, total } = await repository.listThreads(course.id, pageWindow(page));
      return { items: items.map((row) => toThread(row, userId)), total, page: page.page, pageSize: page.pageSize };
    },

    /** Me → My Q&A: the questions the learner asked, or answered (with their latest answer). */
    async myThreads(
      tenantId: number,
      userId: number,
      query: { role: MyThreadRole } & PageQuery,
      locale: Locale,
    ): Promise<MyThreadList> {
      const window = pageWindow(query);
      const { items, total } =
        query.role === 'asked'
          ? await repository.listAskedThreads(tenantId, userId, window)
          : await repository.listAnsweredThreads(tenantId, userId, window);
      return {
        items: items.map((row: AskedThreadRow & { answer?: { content: string; createdAt: Date } }) => ({
          ...toThread(row, userId),
          course: { uid: row.course.uid, title: localize(row.course.title, locale) },
          answer: row.answer ? { content: row.answer.content, createdAt: row.answer.createdAt.toISOString() } : null,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async askQuestion(tenantId: number, uid: string, userId: number, input: ThreadCreate): Promise<CourseThread> {
      const course = await memberCourse(tenantId, uid, userId);
      const row = await repository.createThread({
        tenantId,
        courseId: course.id,
        userId,
        title: input.title,
        content: input.content,
        createdAt: clock.now(),
      });
      return toThread(row, userId);
    },

    async thread(tenantId: number, uid: string, userId: number, threadId: number): Promise<ThreadDetail> {
      const course = await memberCourse(tenantId, uid, userId);
      const row = await repository.findThread(course.id, threadId);
      if (row === null) throw new AppError('threadNotFound');
      const posts = await repository.listPosts(row.id);
      return { ...toThread(row, userId), posts: posts.map((post) => toPost(post, userId)) };
    },

    async answer(
      tenantId: number,
      uid: string,
      userId: number,
      threadId: number,
      input: ThreadPostCreate,
    ): Promise<ThreadPost> {
      const course = await memberCourse(tenantId, uid, userId);
      const row = await repository.createPost({
        tenantId,
        courseId: course.id,
        threadId,
        userId,
        content: input.content,
        createdAt: clock.now(),
      });
      if (row === null) throw new AppError('threadNotFound');
      return toPost(row, userId);
    },

    /** The author changes their question; anyone else's is refused. */
    async editThread(
      tenantId: number,
      uid: string,
      userId: number,
      threadId: number,
      change: ThreadCreate,
    ): Promise<CourseThread> {
      const course = await memberCourse(tenantId, uid, userId);
      ownWriting(await repository.changeOwnThread({ courseId: course.id, threadId, userId }, change), 'threadNotFound');
      const row = await repository.findThread(course.id, threadId);
      if (row === null) throw new AppError('threadNotFound');
      return toThread(row, userId);
    },

    /** The author deletes their question with its answers; anyone else's is refused. */
    async deleteThread(tenantId: number, uid: string, userId: number, threadId: number): Promise<void> {
      const course = await memberCourse(tenantId, uid, userId);
      ownWriting(await repository.changeOwnThread({ courseId: course.id, threadId, userId }, null), 'threadNotFound');
    },

    /** The author changes their answer; anyone else's is refused. */
    async editPost(
      tenantId: number,
      uid: string,
      userId: number,
      at: { threadId: number; postId: number },
      change: ThreadPostCreate,
    ): Promise<ThreadPost> {
      const course = await memberCourse(tenantId, uid, userId);
      ownWriting(await repository.changeOwnPost({ courseId: course.id, ...at, userId }, change), 'notFound');
      const row = await repository.findPost(at.postId);
      if (row === null) throw new AppError('notFound');
      return toPost(row, userId);
    },

    /** The author deletes their answer (it leaves the question's count); anyone else's is refused. */
    async deletePost(
      tenantId: number,
      uid: string,
      userId: number,
      at: { threadId: number; postId: number },
    ): Promise<void> {
      const course = await memberCourse(tenantId, uid, userId);
      ownWriting(await repository.changeOwnPost({ courseId: course.id, ...at, userId }, null), 'notFound');
    },

    async lectures(tenantId: number, uid: string, userId: number, locale: Locale): Promise<CourseLecture[]> {
      const course = await memberCourse(tenantId, uid, userId);
      const rows = await repository.listLectures(tenantId, course.id);
      return rows.flatMap((row) => {
        const lecture = toLecture(course.uid, row, locale);
        return lecture === null ? [] : [lecture];
      });
    },

    async lecture(tenantId: number, uid: string, userId: number, id: number, locale: Locale): Promise<LectureDetail> {
      const course = await memberCourse(tenantId, uid, userId);
      const row = await repository.findLecture(tenantId, course.id, id);
      const lecture = row === null ? null : toLecture(course.uid, row, locale);
      if (row === null || lecture === null) throw new AppError('notFound');
      return {
        ...lecture,
        course: { uid: course.uid, title: localize(course.title, locale) },
        pageCount: row.pageCount !== null && row.pageCount > 0 ? row.pageCount : null,
      };
    },

    /**
     * Which stored file a lecture's file route sends, and how. Membership is checked on every
     * call: the route is the only way to the bytes (decision record 011), so an expired member
     * or a guessed URL gets nothing.
     */
    async lectureFile(tenantId: number, uid: string, userId: number, id: number): Promise<LectureFile> {
      const course = await memberCourse(tenantId, uid, userId);
      const row = await repository.findLecture(tenantId, course.id, id);
      const file = row?.files[0];
      if (row === null || file === undefined) throw new AppError('notFound');
      return {
        key: file.key,
        contentType: file.contentType,
        fileName: row.fileName,
        // Shown in the app's own viewers (and a tab of the browser); anything else is saved.
        disposition: viewerOf(file.contentType) === 'FILE' ? 'attachment' : 'inline',
      };
    },
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;

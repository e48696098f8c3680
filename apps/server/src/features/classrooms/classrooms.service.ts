import type { Comment, CommentCreate, CommentSummary } from '@school/contract/catalogue';
import type {
  AnnouncementDetail,
  AnnouncementList,
  ClassroomCourse,
  ClassroomDetail,
  ClassroomList,
  ClassroomMembership,
  EnrolState,
} from '@school/contract/classrooms';
import type { Page } from '@school/contract/common';
import type { Locale } from '@school/contract/enums';
import { AppError } from '../../lib/app-error.js';
import type { CatalogueCaller as Caller } from '../../lib/catalogue-caller.js';
import { toComment, commentSummaryOf, ratingChangeRefusal } from '../../lib/catalogue-comments.js';
import type { RatingChange } from '../../lib/own-comments.js';
import { couponDiscount, ratingScore, toTeacher } from '../../lib/catalogue-format.js';
import { noLearnerCache, type LearnerCache } from '../../lib/learner-cache.js';
import { classroomProgress } from '../../lib/learning-status.js';
import { toClassroomSummary as toSummary } from '../../lib/product-summaries.js';
import { localize } from '../../lib/localized-text.js';
import { noPublicCache, type PublicCache } from '../../lib/public-cache.js';
import { sanitizedPerLocale, sanitizeRichText } from '../../lib/rich-text.js';
import type { Clock } from '../../providers/clock.js';
import { MembershipRefused } from '../../memberships/memberships.js';
import { visibleStatuses, type ClassroomListFilter, type ClassroomsRepository } from './classrooms.repository.js';

export type { Caller };

type ClassroomRow = NonNullable<Awaited<ReturnType<ClassroomsRepository['findByUid']>>>;
type CourseRow = Awaited<ReturnType<ClassroomsRepository['listCourses']>>[number];

/**
 * Where enrolment stands at `now`: the window first, then the seats, counting those unpaid
 * orders of other learners hold (`heldByOthers`) as taken.
 */
export function enrolStateAt(
  row: Pick<ClassroomRow, 'enrolStartTime' | 'enrolEndTime' | 'maxStudents' | 'studentCount'>,
  now: Date,
  heldByOthers = 0,
): EnrolState {
  if (row.enrolStartTime !== null && now < row.enrolStartTime) return 'NOT_STARTED';
  if (row.enrolEndTime !== null && now >= row.enrolEndTime) return 'ENDED';
  if (row.maxStudents !== null && row.studentCount + heldByOthers >= row.maxStudents) return 'FULL';
  return 'OPEN';
}

const isVisible = (status: string) => (visibleStatuses as readonly string[]).includes(status);

export function createClassroomsService(
  repository: ClassroomsRepository,
  clock: Clock,
  publicCache: PublicCache = noPublicCache,
  learnerCache: LearnerCache = noLearnerCache,
) {
  /** The classroom a learner may look at, or the reason they may not. */
  async function visibleClassroom(tenantId: number, uid: string): Promise<ClassroomRow> {
    const row = await repository.findByUid(tenantId, uid);
    if (row === null) throw new AppError('classroomNotFound');
    if (!isVisible(row.status)) throw new AppError('classroomNotPublished');
    return row;
  }

  /**
   * What a classroom's detail says to everyone (the classroom, its courses, teachers, best coupon
   * and announcement count), kept for a signed-in learner as the course detail's is: their
   * membership and progress are read fresh on every request.
   */
  const publicDetails = publicCache.part<Awaited<ReturnType<typeof loadPublicDetail>>>();

  /** The author's change or deletion of their rating; anyone else's is refused. */
  async function changeRating(
    caller: Caller & { userId: number },
    uid: string,
    commentId: number,
    change: RatingChange,
  ): Promise<void> {
    const row = await visibleClassroom(caller.tenantId, uid);
    const outcome = await repository.changeOwnComment({ productId: row.id, commentId, userId: caller.userId }, change);
    const refusal = ratingChangeRefusal(outcome);
    if (refusal !== null) throw new AppError(refusal);
    publicCache.changed();
  }

  async function loadPublicDetail(tenantId: number, uid: string, now: Date) {
    const row = await visibleClassroom(tenantId, uid);
    const [courseRows, teacherRows, coupon, announcementCount] = await Promise.all([
      repository.listCourses(row.id),
      repository.listTeachers(row.id),
      // A free classroom has nothing to discount.
      row.priceCents === 0 ? null : repository.bestCoupon(tenantId, row.id, now),
      repository.countAnnouncements(row.id),
    ]);
    const texts = { intro: sanitizedPerLocale(row.intro), teachingPlan: sanitizedPerLocale(row.teachingPlan) };
    return { row, texts, courseRows, teacherRows, coupon, announcementCount };
  }

  /** Lessons the user completed in each of these courses. */
  function completedIn(rows: CourseRow[], userId: number) {
    return repository.completedLessonCounts(
      userId,
      rows.map((r) => r.id),
    );
  }

  /**
   * A learner's own part of a classroom's detail: their membership and, for a member, the lessons
   * completed in each of its courses. Kept per learner, classroom and course list until the
   * database reports a change to their rows (decision 014).
   */
  function ownDetail(classroomId: number, rows: CourseRow[], userId: number) {
    const courseIds = rows.map((r) => r.id).join(',');
    return learnerCache.own(userId, `classroom:${classroomId}:${courseIds}`, async () => {
      const member = await repository.findMember(classroomId, userId);
      return { member, completed: member === null ? null : await completedIn(rows, userId) };
    });
  }

  /** Courses with the member's progress in each (null: not a member), and the membership summary built from them. */
  function coursesAndProgress(
    rows: CourseRow[],
    completed: Map<number, number> | null,
    locale: Locale,
  ): { courses: ClassroomCourse[]; completedCourseCount: number; progress: number } {
    const courses = rows.map((row) => ({
      uid: row.uid,
      title: localize(row.title, locale),
      cover: row.cover,
      lessonCount: row.lessonCount,
      completedLessonCount: completed === null ? null : Math.min(completed.get(row.id) ?? 0, row.lessonCount),
    }));
    return { courses, ...classroomProgress(courses) };
  }

  return {
    async list(caller: Caller, filter: ClassroomListFilter): Promise<ClassroomList> {
      const { rows, total } = await repository.list(caller.tenantId, filter);
      return {
        items: rows.map((row) => toSummary(row, caller)),
        total,
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },

    async get(caller: Caller, uid: string): Promise<ClassroomDetail> {
      const now = clock.now();
      const { row, texts, courseRows, teacherRows, coupon, announcementCount } = await publicDetails.get(
        caller,
        uid,
        () => loadPublicDetail(caller.tenantId, uid, now),
      );
      const { member, completed } =
        caller.userId === null ? { member: null, completed: null } : await ownDetail(row.id, courseRows, caller.userId);
      const { courses, completedCourseCount, progress } = coursesAndProgress(courseRows, completed, caller.locale);
      // Seats held by unpaid orders come and go by the minute: read fresh, and only where they can
      // tell (a limited classroom open for enrolment, to someone not yet in it).
      let heldByOthers = 0;
      if (row.maxStudents !== null && member === null && enrolStateAt(row, now) === 'OPEN') {
        const held = await repository.seatsHeld(row.id, now, caller.userId);
        heldByOthers = held.total - held.own;
      }
      const membership: ClassroomMembership | null =
        member === null ? null : { joinedAt: member.joinedAt.toISOString(), completedCourseCount, progress };
      return {
        ...toSummary(row, caller),
        intro: texts.intro[caller.locale],
        teachingPlan: texts.teachingPlan[caller.locale],
        courses,
        teachers: teacherRows.map((t) => toTeacher(t, caller.locale)),
        maxStudents: row.maxStudents,
        enrolState: enrolStateAt(row, now, heldByOthers),
        ratingScore: ratingScore(row.ratingTotal, row.ratingCount),
        ratingCount: row.ratingCount,
        announcementCount,
        coupon:
          coupon === null
            ? null
            : { title: localize(coupon.title, caller.locale), discount: couponDiscount(coupon.discountTenths) },
        membership,
        now: now.toISOString(),
      };
    },

    /** Rules in the contract (classroomJoinResultSchema); checked in the order a learner would ask them. */
    async join(caller: Caller & { userId: number }, uid: string): Promise<ClassroomMembership> {
      const row = await repository.findByUid(caller.tenantId, uid);
      if (row === null) throw new AppError('classroomNotFound');
      if (row.status !== 'PUBLISHED') throw new AppError('classroomNotPublished');
      if ((await repository.findMember(row.id, caller.userId)) !== null) throw new AppError('memberExisted');
      if (row.priceCents > 0) throw new AppError('noPermissionJoinCourse');
      const now = clock.now();
      const state = enrolStateAt(row, now);
      if (state === 'NOT_STARTED' || state === 'ENDED') throw new AppError('forbidden');
      if (state === 'FULL') throw new AppError('tooManyParticipants');
      let joinedAt: Date;
      try {
        joinedAt = await repository.join(caller.tenantId, row.id, caller.userId, now);
      } catch (error) {
        // The checks above can be overtaken by a concurrent join; the transaction has the last word.
        if (error instanceof MembershipRefused) {
          throw new AppError(error.reason === 'full' ? 'tooManyParticipants' : 'memberExisted');
        }
        throw error;
      }
      publicCache.changed();
      const courseRows = await repository.listCourses(row.id);
      const { completedCourseCount, progress } = coursesAndProgress(
        courseRows,
        await completedIn(courseRows, caller.userId),
        caller.locale,
      );
      return { joinedAt: joinedAt.toISOString(), completedCourseCount, progress };
    },

    /**
     * Quits a classroom joined free, and the courses it gave (contract: leaveRuleSchema). Paid:
     * 403 noPermissionQuitCourse, nothing changes. Not a member (any more): done.
     */
    async quit(caller: Caller & { userId: number }, uid: string): Promise<void> {
      const row = await visibleClassroom(caller.tenantId, uid);
      const result = await repository.quit(caller.tenantId, row.id, caller.userId);
      if (result.outcome === 'refused') throw new AppError('noPermissionQuitCourse');
      if (result.outcome === 'quit') publicCache.changed();
    },

    // Comments: the same rules as course comments.

    async listComments(caller: Caller, uid: string, page: number, pageSize: number): Promise<Page<Comment>> {
      const row = await visibleClassroom(caller.tenantId, uid);
      const { rows, total } = await repository.listComments(row.id, page, pageSize);
      return {
        items: rows.map(toComment),
        total,
        page,
        pageSize,
      };
    },

    async commentSummary(caller: Caller, uid: string): Promise<CommentSummary> {
      const row = await visibleClassroom(caller.tenantId, uid);
      return commentSummaryOf(row, caller.userId, {
        isMember: async (userId) => (await repository.findMember(row.id, userId)) !== null,
        ownComment: (userId) => repository.ownComment(row.id, userId),
      });
    },

    async addComment(caller: Caller & { userId: number }, uid: string, input: CommentCreate): Promise<Comment> {
      const row = await visibleClassroom(caller.tenantId, uid);
      if ((await repository.findMember(row.id, caller.userId)) === null) throw new AppError('notClassroomMember');
      const created = await repository.addComment(caller.tenantId, row.id, caller.userId, input, clock.now());
      if (created === null) throw new AppError('courseCommentExisted');
      publicCache.changed();
      return toComment(created);
    },

    /** The author changes their rating; anyone else's is refused. */
    async editComment(
      caller: Caller & { userId: number },
      uid: string,
      commentId: number,
      change: CommentCreate,
    ): Promise<Comment> {
      await changeRating(caller, uid, commentId, change);
      const changed = await repository.findComment(commentId);
      if (changed === null) throw new AppError('notFound');
      return toComment(changed);
    },

    /** The author deletes their rating (and may rate again); anyone else's is refused. */
    async deleteComment(caller: Caller & { userId: number }, uid: string, commentId: number): Promise<void> {
      await changeRating(caller, uid, commentId, null);
    },

    // Announcements

    async listAnnouncements(caller: Caller, uid: string, page: number, pageSize: number): Promise<AnnouncementList> {
      const row = await visibleClassroom(caller.tenantId, uid);
      const { rows, total } = await repository.listAnnouncements(row.id, page, pageSize);
      return {
        items: rows.map((a) => ({
          id: a.id,
          title: localize(a.title, caller.locale),
          createdAt: a.createdAt.toISOString(),
        })),
        total,
        page,
        pageSize,
      };
    },

    async getAnnouncement(caller: Caller, uid: string, id: number): Promise<AnnouncementDetail> {
      const row = await visibleClassroom(caller.tenantId, uid);
      // Looked up within this classroom: another classroom's announcement is simply not here.
      const announcement = await repository.findAnnouncement(row.id, id);
      if (announcement === null) throw new AppError('announcementNotFound');
      return {
        id: announcement.id,
        title: localize(announcement.title, caller.locale),
        content: sanitizeRichText(localize(announcement.content, caller.locale)),
        createdAt: announcement.createdAt.toISOString(),
      };
    },
  };
}

export type ClassroomsService = ReturnType<typeof createClassroomsService>;

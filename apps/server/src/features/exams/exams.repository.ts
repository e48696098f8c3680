import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { attemptHistoryMax } from '@school/contract/exams';
import type { Db } from '../../db/database.js';
import { attempts, examMembers, examReviewers, exams, teachers } from '../../db/schema.js';
import { courseProgress, joinExam } from '../../memberships/memberships.js';
import { requiredCourseOf } from '../../lib/exam-entry.js';
import { containsPattern } from '../../lib/catalogue-format.js';
import {
  learnerVisibleStatuses,
  pageWindow,
  pageWithTotal,
  windowTotal,
  recommendedOrder,
  teacherColumns,
} from '../../lib/catalogue-sql.js';
import { examSummaryColumns as summaryColumns } from '../../lib/product-summaries.js';

export { learnerVisibleStatuses as visibleStatuses };

export interface ExamListFilter {
  keyword?: string | undefined;
  recommended: boolean;
  page: number;
  pageSize: number;
}

/** Thrown inside the join transaction to roll it back. */

export function createExamsRepository(db: Db) {
  return {
    /**
     * Order (the list a learner scans for what to take next): exams still to come or running,
     * soonest start first; then those that can be taken any time; then ended ones, most
     * recently ended first; the id breaks ties. "Ended" depends on `now`, so it is computed
     * per query; a school has tens of exams, and the tenant filter uses exams_tenant_start_idx.
     */
    list(tenantId: number, filter: ExamListFilter, now: Date) {
      const where = and(
        eq(exams.tenantId, tenantId),
        inArray(exams.status, [...learnerVisibleStatuses]),
        filter.keyword === undefined ? undefined : sql`${exams.searchText} ilike ${containsPattern(filter.keyword)}`,
        filter.recommended ? isNotNull(exams.recommendedSeq) : undefined,
      );
      const at = sql`${now.toISOString()}::timestamptz`;
      const group = sql`case when ${exams.endTime} is not null and ${exams.endTime} <= ${at} then 2
        when ${exams.startTime} is null then 1 else 0 end`;
      const order = filter.recommended
        ? recommendedOrder(exams)
        : [
            asc(group),
            sql`case when ${exams.endTime} is null or ${exams.endTime} > ${at} then ${exams.startTime} end asc`,
            sql`case when ${exams.endTime} <= ${at} then ${exams.endTime} end desc`,
            asc(exams.id),
          ];
      return pageWithTotal(
        db
          .select({ ...summaryColumns, total: windowTotal })
          .from(exams)
          .where(where)
          .orderBy(...order)
          .$dynamic(),
        pageWindow(filter),
        db.select({ n: count() }).from(exams).where(where),
      );
    },

    async findByUid(tenantId: number, uid: string) {
      const [row] = await db
        .select({
          ...summaryColumns,
          brief: exams.brief,
          closedExam: exams.closedExam,
          lateLimit: exams.lateLimit,
          requiredCourseId: exams.requiredCourseId,
          requiredProgress: exams.requiredProgress,
        })
        .from(exams)
        .where(and(eq(exams.tenantId, tenantId), eq(exams.uid, uid)));
      return row ?? null;
    },

    listReviewers(examId: number) {
      return db
        .select(teacherColumns)
        .from(examReviewers)
        .innerJoin(teachers, eq(teachers.id, examReviewers.teacherId))
        .where(eq(examReviewers.examId, examId))
        .orderBy(asc(examReviewers.seq), asc(teachers.id));
    },

    async findMember(examId: number, userId: number) {
      const [row] = await db
        .select({ joinedAt: examMembers.joinedAt, attemptsUsed: examMembers.attemptsUsed })
        .from(examMembers)
        .where(and(eq(examMembers.examId, examId), eq(examMembers.userId, userId)));
      return row ?? null;
    },

    /**
     * What the detail needs of the caller's attempts (read only: exam taking writes them): the
     * open one, the best final score and the submitted ones newest first (the attempt history,
     * whose first is the latest). Both queries walk attempts_user_exam_idx.
     */
    async attemptsSummary(tenantId: number, examId: number, userId: number) {
      const own = and(eq(attempts.tenantId, tenantId), eq(attempts.examId, examId), eq(attempts.userId, userId));
      const [[totals], submitted] = await Promise.all([
        db
          .select({
            openAttemptId: sql<number | null>`max(${attempts.id}) filter (where ${attempts.status} = 'NOT_SUBMITTED')`,
            bestScore: sql<number | null>`max(${attempts.score}) filter (where ${attempts.status} = 'COMPLETED')`,
          })
          .from(attempts)
          .where(own),
        db
          .select({
            id: attempts.id,
            status: attempts.status,
            score: attempts.score,
            passed: attempts.passed,
            startedAt: attempts.startedAt,
            submittedAt: attempts.submittedAt,
            submittedBy: attempts.submittedBy,
          })
          .from(attempts)
          .where(and(own, ne(attempts.status, 'NOT_SUBMITTED'), isNotNull(attempts.submittedAt)))
          .orderBy(desc(attempts.submittedAt), desc(attempts.id))
          .limit(attemptHistoryMax),
      ]);
      return {
        openAttemptId: totals?.openAttemptId ?? null,
        bestScore: totals?.bestScore ?? null,
        submitted,
      };
    },

    requiredCourse: (exam: { requiredCourseId: number | null; requiredProgress: number | null }) =>
      requiredCourseOf(db, exam),

    courseProgress: (courseId: number, userId: number) => courseProgress(db, courseId, userId),

    /** Joins free (memberships/memberships.ts), in one transaction; throws MembershipRefused when a member already. */
    join(tenantId: number, examId: number, userId: number, now: Date) {
      return db.transaction((tx) => joinExam(tx, { tenantId, examId, userId, now }));
    },
  };
}

export type ExamsRepository = ReturnType<typeof createExamsRepository>;

import type { AttemptHistoryEntry, ExamDetail, ExamList, ExamMembership } from '@school/contract/exams';
import { AppError } from '../../lib/app-error.js';
import { toExamRequirement, type RequiredCourse } from '../../lib/exam-entry.js';
import type { CatalogueCaller as Caller } from '../../lib/catalogue-caller.js';
import { toTeacher } from '../../lib/catalogue-format.js';
import { noLearnerCache, type LearnerCache } from '../../lib/learner-cache.js';
import { toExamSummary as toSummary } from '../../lib/product-summaries.js';
import { noPublicCache, type PublicCache } from '../../lib/public-cache.js';
import { sanitizedPerLocale } from '../../lib/rich-text.js';
import type { Clock } from '../../providers/clock.js';
import { MembershipRefused } from '../../memberships/memberships.js';
import { visibleStatuses, type ExamListFilter, type ExamsRepository } from './exams.repository.js';

export type { Caller };

type AttemptsSummary = Awaited<ReturnType<ExamsRepository['attemptsSummary']>>;

/** A new member has no attempts yet. */
const noAttempts: AttemptsSummary = { openAttemptId: null, bestScore: null, submitted: [] };

function toHistory(submitted: AttemptsSummary['submitted']): AttemptHistoryEntry[] {
  return submitted.flatMap((row) =>
    // The query leaves open attempts out; the check narrows the status and time for the contract.
    row.status === 'NOT_SUBMITTED' || row.submittedAt === null
      ? []
      : [
          {
            id: row.id,
            status: row.status,
            submittedAt: row.submittedAt.toISOString(),
            score: row.score,
            passed: row.status === 'COMPLETED' ? row.passed : null,
            usedSeconds: Math.max(0, Math.round((row.submittedAt.getTime() - row.startedAt.getTime()) / 1000)),
            submittedBy: row.submittedBy ?? 'LEARNER',
          },
        ],
  );
}

function toMembership(row: { joinedAt: Date; attemptsUsed: number }, own: AttemptsSummary): ExamMembership {
  const history = toHistory(own.submitted);
  const latest = history[0] ?? null;
  return {
    joinedAt: row.joinedAt.toISOString(),
    attemptsUsed: row.attemptsUsed,
    openAttemptId: own.openAttemptId,
    latestAttempt: latest === null ? null : { id: latest.id, status: latest.status, score: latest.score },
    bestScore: own.bestScore,
    attempts: history,
  };
}

export function createExamsService(
  repository: ExamsRepository,
  clock: Clock,
  publicCache: PublicCache = noPublicCache,
  learnerCache: LearnerCache = noLearnerCache,
) {
  /**
   * What an exam's detail says to everyone (the exam and its reviewers), kept for a signed-in
   * learner as the course detail's is: their membership and attempts are read fresh every time.
   */
  const publicDetails = publicCache.part<Awaited<ReturnType<typeof loadPublicDetail>>>();

  async function loadPublicDetail(tenantId: number, uid: string) {
    const row = await repository.findByUid(tenantId, uid);
    if (row === null) throw new AppError('examNotFound');
    if (!(visibleStatuses as readonly string[]).includes(row.status)) throw new AppError('examNotPublished');
    const [reviewers, required] = await Promise.all([repository.listReviewers(row.id), repository.requiredCourse(row)]);
    return { row, brief: sanitizedPerLocale(row.brief), reviewers, required };
  }

  /**
   * A learner's own part of an exam's detail: their membership and attempts. Kept per learner
   * and exam until the database reports a change to their rows (decision 014).
   */
  function ownDetail(tenantId: number, examId: number, userId: number, required: RequiredCourse | null) {
    return learnerCache.own(userId, `exam:${examId}:${required?.id ?? ''}`, async () => {
      const [member, progress] = await Promise.all([
        repository.findMember(examId, userId),
        required === null ? null : repository.courseProgress(required.id, userId),
      ]);
      // Only a member has attempts: someone browsing costs one statement (two with a course to study first).
      return {
        member,
        attempts: member === null ? noAttempts : await repository.attemptsSummary(tenantId, examId, userId),
        progress: progress ?? 0,
      };
    });
  }

  return {
    async list(caller: Caller, filter: ExamListFilter): Promise<ExamList> {
      const { rows, total } = await repository.list(caller.tenantId, filter, clock.now());
      return {
        items: rows.map((row) => toSummary(row, caller)),
        total,
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },

    async get(caller: Caller, uid: string): Promise<ExamDetail> {
      const { row, brief, reviewers, required } = await publicDetails.get(caller, uid, () =>
        loadPublicDetail(caller.tenantId, uid),
      );
      const { member, attempts, progress } =
        caller.userId === null
          ? { member: null, attempts: noAttempts, progress: null }
          : await ownDetail(caller.tenantId, row.id, caller.userId, required);
      return {
        ...toSummary(row, caller),
        brief: brief[caller.locale],
        reviewers: reviewers.map((t) => toTeacher(t, caller.locale)),
        closedExam: row.closedExam,
        lateLimit: row.lateLimit,
        requirement: toExamRequirement(required, progress, caller.locale),
        membership: member === null ? null : toMembership(member, attempts),
        now: clock.now().toISOString(),
      };
    },

    /** Rules in the contract (examJoinResultSchema). */
    async join(caller: Caller & { userId: number }, uid: string): Promise<ExamMembership> {
      const row = await repository.findByUid(caller.tenantId, uid);
      if (row === null) throw new AppError('examNotFound');
      if (row.status !== 'PUBLISHED') throw new AppError('examNotPublished');
      if ((await repository.findMember(row.id, caller.userId)) !== null) throw new AppError('memberExisted');
      const now = clock.now();
      // An ended exam cannot be bought either, so "ended" is the answer that helps.
      if (row.endTime !== null && now >= row.endTime) throw new AppError('examHasEnded');
      if (row.priceCents > 0) throw new AppError('examChargeModeNotSupported');
      try {
        const joined = await repository.join(caller.tenantId, row.id, caller.userId, now);
        publicCache.changed();
        return toMembership(joined, noAttempts);
      } catch (error) {
        // A concurrent tap got there between the check above and the insert.
        if (error instanceof MembershipRefused) throw new AppError('memberExisted');
        throw error;
      }
    },
  };
}

export type ExamsService = ReturnType<typeof createExamsService>;

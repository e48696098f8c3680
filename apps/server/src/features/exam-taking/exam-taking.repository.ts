import { answerLimits } from '@school/contract/exam-taking';
import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { executePrepared, type Db } from '../../db/database.js';
import {
  attemptAnswers,
  attempts,
  courseMembers,
  examMembers,
  examReviewers,
  exams,
  homeworks,
  lessons,
  paperQuestions,
  papers,
  questions,
  teachers,
  uploads,
  type GivenAnswer,
} from '../../db/schema.js';
import { publishedLesson } from '../../lib/course-outline-sql.js';
import { courseProgress } from '../../memberships/memberships.js';

export type AttemptRow = typeof attempts.$inferSelect;
export type AnswerRow = typeof attemptAnswers.$inferSelect;
export type ExamRow = typeof exams.$inferSelect;
export type PaperQuestionRow = Awaited<
  ReturnType<ReturnType<typeof createExamTakingRepository>['paperQuestions']>
>[number];

/** Thrown in a transaction to roll it back: a second open attempt lost the race (unique index). */
export class OpenAttemptExists extends Error {}

/** After the deadline, saves made in time may still arrive for this long. */
const graceSeconds = answerLimits.graceSeconds;

export interface NewAttempt {
  tenantId: number;
  userId: number;
  examId: number | null;
  homeworkId: number | null;
  paperId: number;
  questionOrder: number[];
  startedAt: Date;
  deadline: Date | null;
}

export interface AnswerWrite {
  questionId: number;
  answer: GivenAnswer;
  seq: number;
  flagged: boolean;
}

export interface AttemptScoring {
  status: 'PENDING_REVIEW' | 'COMPLETED';
  submittedAt: Date;
  submittedBy: 'LEARNER' | 'GIVE_UP' | 'TIME_UP';
  objectiveScore: number;
  score: number | null;
  passed: boolean | null;
  answerScores: { questionId: number; score: number | null }[];
}

/**
 * The wrong-answer book's source (decision record 022): per question, the learner's latest
 * answer that is not empty in a graded (COMPLETED) exam attempt, with the points it earned and
 * could earn. A question taken out of its paper since has no points here and is left out.
 */
function latestGradedAnswers(tenantId: number, userId: number) {
  const a = attempts;
  const aa = attemptAnswers;
  const pq = paperQuestions;
  return sql`
    select distinct on (${aa.questionId}) ${aa.questionId} as question_id, ${a.id} as attempt_id,
      ${a.examId} as exam_id, ${a.submittedAt} as answered_at, ${aa.score} as earned, ${pq.score} as points,
      ${aa.answer} as given, ${aa.reviewComment} as review_comment
    from ${aa}
    join ${a} on ${a.id} = ${aa.attemptId}
    join ${pq} on ${pq.paperId} = ${a.paperId} and ${pq.questionId} = ${aa.questionId}
    where ${a.tenantId} = ${tenantId} and ${a.userId} = ${userId} and ${a.examId} is not null
      and ${a.status} = 'COMPLETED' and ${a.submittedAt} is not null
      and not (
        (${aa.answer}->>'kind' = 'CHOICE' and jsonb_array_length(${aa.answer}->'keys') = 0)
        or (${aa.answer}->>'kind' = 'BLANKS'
          and not exists (select 1 from jsonb_array_elements_text(${aa.answer}->'texts') t where btrim(t) <> ''))
        or (${aa.answer}->>'kind' = 'TEXT' and btrim(${aa.answer}->>'text') = ''
          and jsonb_array_length(${aa.answer}->'images') = 0)
      )
    order by ${aa.questionId}, ${a.submittedAt} desc, ${a.id} desc`;
}

export interface MistakeExamRow {
  examId: number;
  uid: string;
  title: ExamRow['title'];
  answersVisible: ExamRow['answersVisible'];
  examTimes: number | null;
  endTime: Date | null;
  /** Null: not a member any more. */
  attemptsUsed: number | null;
  count: number;
}

export interface MistakeRow {
  questionId: number;
  attemptId: number;
  examId: number;
  answeredAt: Date;
  earned: number;
  points: number;
  given: GivenAnswer;
  reviewComment: string | null;
  type: PaperQuestionRow['type'];
  stem: PaperQuestionRow['stem'];
  options: PaperQuestionRow['options'];
  answer: PaperQuestionRow['answer'];
  explanation: PaperQuestionRow['explanation'];
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

export function createExamTakingRepository(db: Db) {
  return {
    async findExam(tenantId: number, uid: string) {
      const [row] = await db
        .select()
        .from(exams)
        .where(and(eq(exams.tenantId, tenantId), eq(exams.uid, uid)));
      return row ?? null;
    },

    async findExamById(examId: number) {
      const [row] = await db.select().from(exams).where(eq(exams.id, examId));
      return row ?? null;
    },

    async findMember(examId: number, userId: number) {
      const [row] = await db
        .select()
        .from(examMembers)
        .where(and(eq(examMembers.examId, examId), eq(examMembers.userId, userId)));
      return row ?? null;
    },

    /** The caller's progress in a course (percent of lessons learned), or null when not a member. */
    courseProgress: (courseId: number, userId: number) => courseProgress(db, courseId, userId),

    async paper(paperId: number) {
      const [row] = await db.select().from(papers).where(eq(papers.id, paperId));
      return row ?? null;
    },

    /** A paper's questions with their points, in the paper's order (right answers included: server only). */
    paperQuestions(paperId: number) {
      return db
        .select({
          id: questions.id,
          type: questions.type,
          stem: questions.stem,
          options: questions.options,
          answer: questions.answer,
          explanation: questions.explanation,
          points: paperQuestions.score,
        })
        .from(paperQuestions)
        .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
        .where(eq(paperQuestions.paperId, paperId))
        .orderBy(asc(paperQuestions.seq), asc(questions.id));
    },

    async findAttempt(tenantId: number, attemptId: number) {
      const [row] = await db
        .select()
        .from(attempts)
        .where(and(eq(attempts.id, attemptId), eq(attempts.tenantId, tenantId)));
      return row ?? null;
    },

    async findAttemptById(attemptId: number) {
      const [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
      return row ?? null;
    },

    async openAttempt(examId: number, userId: number) {
      const [row] = await db
        .select()
        .from(attempts)
        .where(and(eq(attempts.examId, examId), eq(attempts.userId, userId), eq(attempts.status, 'NOT_SUBMITTED')));
      return row ?? null;
    },

    /** The caller's latest submitted attempt at an exam. */
    async latestSubmitted(examId: number, userId: number) {
      const [row] = await db
        .select()
        .from(attempts)
        .where(and(eq(attempts.examId, examId), eq(attempts.userId, userId), isNotNull(attempts.submittedAt)))
        .orderBy(desc(attempts.submittedAt), desc(attempts.id))
        .limit(1);
      return row ?? null;
    },

    /** A new attempt; the unique index refuses a second open one (OpenAttemptExists). */
    async createAttempt(attempt: NewAttempt): Promise<AttemptRow> {
      const [row] = await db.insert(attempts).values(attempt).onConflictDoNothing().returning();
      if (row === undefined) throw new OpenAttemptExists();
      return row;
    },

    answersOf(attemptId: number) {
      return db
        .select()
        .from(attemptAnswers)
        .where(eq(attemptAnswers.attemptId, attemptId))
        .orderBy(asc(attemptAnswers.questionId));
    },

    /**
     * Saves answers in one statement, each only when its `seq` is above the stored one, and only
     * while the attempt is open and within `acceptUntil` (null: no deadline). The attempt row is
     * read FOR SHARE: a submission (FOR UPDATE) waits for a save in flight, and a save waiting
     * for a submission finds the attempt closed and writes nothing. Null when refused (closed,
     * past its time, or not `userId`'s).
     */
    async saveAnswers(
      attemptId: number,
      userId: number,
      writes: AnswerWrite[],
      now: Date,
    ): Promise<{ questionId: number; seq: number }[] | null> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const values = sql.join(
        writes.map(
          (w) => sql`(${w.questionId}::int, ${JSON.stringify(w.answer)}::jsonb, ${w.seq}::int, ${w.flagged}::boolean)`,
        ),
        sql`, `,
      );
      const a = attemptAnswers;
      // Prepared per number of saves (the text differs only by that), so each is planned once.
      const rows = await executePrepared<{ open: number; questionId: number; seq: number }>(
        db,
        `exam_answers_save_${writes.length}`,
        sql`
        with open as (
          select ${attempts.id} as id from ${attempts}
          where ${attempts.id} = ${attemptId} and ${attempts.userId} = ${userId} and ${attempts.status} = 'NOT_SUBMITTED'
            and (${attempts.deadline} is null or ${attempts.deadline} + make_interval(secs => ${graceSeconds}) >= ${at})
          for share
        ),
        incoming (question_id, answer, seq, flagged) as (values ${values}),
        written as (
          insert into ${a} (attempt_id, question_id, answer, seq, flagged, saved_at)
          select open.id, incoming.question_id, incoming.answer, incoming.seq, incoming.flagged, ${at}
          from open, incoming
          on conflict (attempt_id, question_id) do update set
            answer = excluded.answer, seq = excluded.seq, flagged = excluded.flagged, saved_at = excluded.saved_at
            where ${a.seq} < excluded.seq
          returning question_id, seq
        )
        select (select count(*) from open)::int as open, incoming.question_id as "questionId",
          coalesce(written.seq, stored.seq) as seq
        from incoming
        left join written on written.question_id = incoming.question_id
        left join ${a} stored on stored.attempt_id = ${attemptId} and stored.question_id = incoming.question_id`,
      );
      if (rows[0]?.open !== 1) return null;
      // One entry per question: the highest seq it now holds.
      const held = new Map<number, number>();
      for (const row of rows) held.set(row.questionId, Math.max(held.get(row.questionId) ?? -1, Number(row.seq)));
      return [...held].map(([questionId, seq]) => ({ questionId, seq }));
    },

    /**
     * Closes an open attempt with its scores, under its row lock; null when it was not open any
     * more (a second submit, the submit job first). Counts the attempt on the membership.
     */
    submit(attemptId: number, score: (attempt: AttemptRow, answers: AnswerRow[]) => AttemptScoring) {
      return db.transaction(async (tx) => {
        const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).for('update');
        if (attempt === undefined || attempt.status !== 'NOT_SUBMITTED') return null;
        // Read under the lock: every save that got in before it is here, none can follow.
        const answers = await tx.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId));
        const scoring = score(attempt, answers);
        const [closed] = await tx
          .update(attempts)
          .set({
            status: scoring.status,
            submittedAt: scoring.submittedAt,
            submittedBy: scoring.submittedBy,
            objectiveScore: scoring.objectiveScore,
            score: scoring.score,
            passed: scoring.passed,
          })
          .where(eq(attempts.id, attemptId))
          .returning();
        for (const answer of scoring.answerScores) {
          await tx
            .update(attemptAnswers)
            .set({ score: answer.score })
            .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, answer.questionId)));
        }
        if (attempt.examId !== null) {
          await tx
            .update(examMembers)
            .set({ attemptsUsed: sql`${examMembers.attemptsUsed} + 1` })
            .where(and(eq(examMembers.examId, attempt.examId), eq(examMembers.userId, attempt.userId)));
        }
        return closed!;
      });
    },

    /** Open attempts whose time ran out (grace included), oldest first, for the submit job. */
    async dueAttempts(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: attempts.id })
        .from(attempts)
        .where(
          and(
            eq(attempts.status, 'NOT_SUBMITTED'),
            isNotNull(attempts.deadline),
            lt(attempts.deadline, new Date(now.getTime() - graceSeconds * 1000)),
          ),
        )
        .orderBy(asc(attempts.deadline))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** The teacher whose account this is, if they review the exam. */
    async reviewerOf(examId: number, userId: number) {
      const [row] = await db
        .select({ id: teachers.id })
        .from(teachers)
        .innerJoin(examReviewers, eq(examReviewers.teacherId, teachers.id))
        .where(and(eq(teachers.userId, userId), eq(examReviewers.examId, examId)));
      return row ?? null;
    },

    /** Records a review: the subjective points, the final score and the outcome, under the row lock. */
    review(
      attemptId: number,
      review: {
        teacherId: number;
        at: Date;
        scores: { questionId: number; score: number; comment: string }[];
        subjectiveScore: number;
        score: number;
        passed: boolean | null;
      },
    ) {
      return db.transaction(async (tx) => {
        const [attempt] = await tx.select().from(attempts).where(eq(attempts.id, attemptId)).for('update');
        if (attempt === undefined || attempt.status !== 'PENDING_REVIEW') return null;
        for (const s of review.scores) {
          await tx
            .update(attemptAnswers)
            .set({ score: s.score, reviewComment: s.comment === '' ? null : s.comment })
            .where(and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, s.questionId)));
        }
        const [done] = await tx
          .update(attempts)
          .set({
            status: 'COMPLETED',
            subjectiveScore: review.subjectiveScore,
            score: review.score,
            passed: review.passed,
            reviewedAt: review.at,
            reviewedBy: review.teacherId,
          })
          .where(eq(attempts.id, attemptId))
          .returning();
        return done!;
      });
    },

    /** A homework of the school with its lesson's course, while that lesson is published. */
    async findHomework(tenantId: number, lessonId: number, homeworkId: number) {
      const [row] = await db
        .select({ homework: homeworks, courseId: lessons.courseId })
        .from(homeworks)
        .innerJoin(lessons, eq(lessons.id, homeworks.lessonId))
        .where(
          and(
            eq(homeworks.id, homeworkId),
            eq(homeworks.lessonId, lessonId),
            eq(homeworks.tenantId, tenantId),
            publishedLesson,
          ),
        );
      return row ?? null;
    },

    async courseMembership(courseId: number, userId: number) {
      const [row] = await db
        .select()
        .from(courseMembers)
        .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
      return row ?? null;
    },

    async homeworkAttempt(homeworkId: number, userId: number) {
      const [row] = await db
        .select()
        .from(attempts)
        .where(and(eq(attempts.homeworkId, homeworkId), eq(attempts.userId, userId)));
      return row ?? null;
    },

    /**
     * Of `names`, those stored for uploads through POST /api/files by this user in this school
     * (the uploads feature's table; its names are unique).
     */
    async ownImageUploads(tenantId: number, userId: number, names: string[]): Promise<Set<string>> {
      const rows = await db
        .select({ name: uploads.storageName })
        .from(uploads)
        .where(
          and(
            eq(uploads.tenantId, tenantId),
            eq(uploads.userId, userId),
            eq(uploads.kind, 'file'),
            inArray(uploads.storageName, names),
          ),
        );
      return new Set(rows.map((row) => row.name));
    },

    /** The exams the learner's book has mistakes of, with what the answer key rule reads; latest first. */
    async mistakeExams(tenantId: number, userId: number): Promise<MistakeExamRow[]> {
      const { rows } = (await db.execute(sql`
        with latest as (${latestGradedAnswers(tenantId, userId)})
        select ${exams.id} as "examId", ${exams.uid} as uid, ${exams.title} as title,
          ${exams.answersVisible} as "answersVisible", ${exams.examTimes} as "examTimes", ${exams.endTime} as "endTime",
          ${examMembers.attemptsUsed} as "attemptsUsed", m.count::int as count
        from (
          select exam_id, count(*) as count, max(answered_at) as last_at from latest
          where earned < points group by exam_id
        ) m
        join ${exams} on ${exams.id} = m.exam_id
        left join ${examMembers} on ${examMembers.examId} = m.exam_id and ${examMembers.userId} = ${userId}
        order by m.last_at desc, ${exams.id} desc`)) as unknown as { rows: MistakeExamRow[] };
      return rows.map((row) => ({ ...row, endTime: toDate(row.endTime) }));
    },

    /**
     * The mistakes of the given exams, newest first (then by question), with their questions;
     * `questionId` picks one. A page of `limit` from `offset`, and how many there are in all.
     */
    async mistakes(
      tenantId: number,
      userId: number,
      filter: { examIds: number[]; questionId?: number; limit: number; offset: number },
    ): Promise<{ rows: MistakeRow[]; total: number }> {
      if (filter.examIds.length === 0) return { rows: [], total: 0 };
      const q = questions;
      const { rows } = (await db.execute(sql`
        with latest as (${latestGradedAnswers(tenantId, userId)})
        select l.question_id as "questionId", l.attempt_id as "attemptId", l.exam_id as "examId",
          l.answered_at as "answeredAt", l.earned, l.points, l.given, l.review_comment as "reviewComment",
          ${q.type} as type, ${q.stem} as stem, ${q.options} as options, ${q.answer} as answer,
          ${q.explanation} as explanation, count(*) over ()::int as total
        from latest l join ${q} on ${q.id} = l.question_id
        where l.earned < l.points
          and l.exam_id in (${sql.join(
            filter.examIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          ${filter.questionId === undefined ? sql`` : sql`and l.question_id = ${filter.questionId}`}
        order by l.answered_at desc, l.question_id
        limit ${filter.limit} offset ${filter.offset}`)) as unknown as { rows: (MistakeRow & { total: number })[] };
      return {
        rows: rows.map(({ total: _total, ...row }) => ({ ...row, answeredAt: toDate(row.answeredAt)! })),
        total: rows[0]?.total ?? 0,
      };
    },

    homeworksByIds(ids: number[]) {
      return ids.length === 0 ? Promise.resolve([]) : db.select().from(homeworks).where(inArray(homeworks.id, ids));
    },
  };
}

export type ExamTakingRepository = ReturnType<typeof createExamTakingRepository>;

import type {
  PracticeCheck,
  PracticeCheckResult,
  PracticeRound,
  WrongAnswerBook,
} from '@school/contract/wrong-answers';
import { practiceRoundMax } from '@school/contract/wrong-answers';
import type { Locale } from '@school/contract/enums';
import { AppError } from '../../lib/app-error.js';
import type { CatalogueCaller } from '../../lib/catalogue-caller.js';
import { localize } from '../../lib/localized-text.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { Clock } from '../../providers/clock.js';
import { analysisHiddenUntil } from './answer-key.js';
import type { ExamTakingRepository, MistakeExamRow, MistakeRow } from './exam-taking.repository.js';
import { checkAnswer, rightAnswerOf, shapeOf, toQuestionView } from './exam-taking.service.js';
import { scoreAnswer } from './scoring.js';

type Caller = CatalogueCaller & { userId: number };

/*
 * The wrong-answer book and its practice rounds (decision record 022). Nothing here writes: the
 * book is read from graded attempts, and a practice answer is scored and forgotten.
 */

/** Of a mistake, what the learner sees: wrong, or partly right (some of the points). */
function verdictOf(row: MistakeRow): 'WRONG' | 'PARTIAL' {
  // The rules' own verdict where they score the question: a multiple choice with one of two
  // right keys is partly right even when its share rounds down to 0 points.
  const ruled = scoreAnswer({ type: row.type, options: row.options, answer: row.answer }, row.points, row.given);
  if (ruled.verdict === 'WRONG' || ruled.verdict === 'PARTIAL') return ruled.verdict;
  // A reviewer's points (ask-and-answer) decide it.
  return row.earned === 0 ? 'WRONG' : 'PARTIAL';
}

const explanationOf = (row: Pick<MistakeRow, 'explanation'>, locale: Locale) =>
  row.explanation === null ? '' : sanitizeRichText(localize(row.explanation, locale));

export function createWrongAnswerBookService({
  repository,
  clock,
}: {
  repository: ExamTakingRepository;
  clock: Clock;
}) {
  /**
   * The caller's exams with mistakes, each with whether the answer key rule lets the book list
   * them now; `uid` narrows to one exam (an exam without mistakes of the caller's is no filter
   * to refuse: it simply has none).
   */
  async function examsOf(caller: Caller) {
    const now = clock.now();
    const rows = await repository.mistakeExams(caller.tenantId, caller.userId);
    return rows.map((row: MistakeExamRow) => ({
      row,
      hiddenUntil: analysisHiddenUntil({
        exam: { answersVisible: row.answersVisible, examTimes: row.examTimes, endTime: row.endTime },
        // As the result report counts them: without a membership none is counted as used.
        attemptsUsed: row.attemptsUsed ?? 0,
        now,
      }),
    }));
  }

  function listedIds(exams: Awaited<ReturnType<typeof examsOf>>, uid: string | undefined): number[] {
    return exams
      .filter((e) => e.hiddenUntil === null && (uid === undefined || e.row.uid === uid))
      .map((e) => e.row.examId);
  }

  return {
    async book(caller: Caller, query: { page: number; pageSize: number; exam?: string }): Promise<WrongAnswerBook> {
      const exams = await examsOf(caller);
      const byId = new Map(exams.map((e) => [e.row.examId, e.row]));
      const { rows, total } = await repository.mistakes(caller.tenantId, caller.userId, {
        examIds: listedIds(exams, query.exam),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        exams: exams.map(({ row, hiddenUntil }) => ({
          uid: row.uid,
          title: localize(row.title, caller.locale),
          count: row.count,
          hiddenUntil,
        })),
        items: rows.map((row) => {
          const exam = byId.get(row.examId)!;
          return {
            ...toQuestionView({ ...row, id: row.questionId }, 1, caller.locale),
            verdict: verdictOf(row),
            given: row.given,
            rightAnswer: rightAnswerOf(row, caller.locale),
            earned: row.earned,
            explanation: explanationOf(row, caller.locale),
            reviewComment: row.reviewComment,
            exam: { uid: exam.uid, title: localize(exam.title, caller.locale) },
            attemptId: row.attemptId,
            answeredAt: row.answeredAt.toISOString(),
          };
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The book's questions without their answers: newest mistakes first, at most `practiceRoundMax`. */
    async practice(caller: Caller, query: { exam?: string }): Promise<PracticeRound> {
      const exams = await examsOf(caller);
      const byId = new Map(exams.map((e) => [e.row.examId, e.row]));
      const { rows } = await repository.mistakes(caller.tenantId, caller.userId, {
        examIds: listedIds(exams, query.exam),
        limit: practiceRoundMax,
        offset: 0,
      });
      return {
        questions: rows.map((row, index) => {
          const exam = byId.get(row.examId)!;
          return {
            ...toQuestionView({ ...row, id: row.questionId }, index + 1, caller.locale),
            exam: { uid: exam.uid, title: localize(exam.title, caller.locale) },
          };
        }),
      };
    },

    /**
     * Scores one practice answer by the exam rules and records nothing. Only a question in the
     * caller's book now may be checked: any other (another learner's, one answered right since,
     * one whose exam still hides its key) is questionNotFound, so the check never names a key the
     * result report would not.
     */
    async check(caller: Caller, input: PracticeCheck): Promise<PracticeCheckResult> {
      const exams = await examsOf(caller);
      const { rows } = await repository.mistakes(caller.tenantId, caller.userId, {
        examIds: listedIds(exams, undefined),
        questionId: input.questionId,
        limit: 1,
        offset: 0,
      });
      const row = rows[0];
      if (row === undefined) throw new AppError('questionNotFound', { field: 'questionId' });
      checkAnswer(shapeOf(row), input.answer, 'answer');
      const scored = scoreAnswer(
        { type: row.type, options: row.options, answer: row.answer },
        row.points,
        input.answer,
      );
      return {
        verdict: scored.verdict,
        earned: scored.score,
        score: row.points,
        given: input.answer,
        rightAnswer: rightAnswerOf(row, caller.locale),
        explanation: explanationOf(row, caller.locale),
      };
    },
  };
}

export type WrongAnswerBookService = ReturnType<typeof createWrongAnswerBookService>;

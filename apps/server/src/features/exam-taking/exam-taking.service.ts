import { randomInt } from 'node:crypto';
import type {
  AnswerSaves,
  AnswerSavesResult,
  Attempt,
  AttemptResult,
  AttemptReview,
  GivenAnswer,
  QuestionView,
} from '@school/contract/exam-taking';
import { fillBlankMarker } from '@school/contract/exam-taking';
import { requirementUnmet } from '@school/contract/exam-requirement';
import type { Locale } from '@school/contract/enums';
import { apiPaths } from '@school/contract/paths';
import { AppError } from '../../lib/app-error.js';
import { examEntryAt } from '../../lib/exam-entry.js';
import type { CatalogueCaller } from '../../lib/catalogue-caller.js';
import { isExpiredAt } from '../../memberships/validity.js';
import { localize } from '../../lib/localized-text.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import type { Clock } from '../../providers/clock.js';
import { createWindowCounter } from '../../lib/window-counter.js';
import { tooManyRequests } from '../../providers/rate-limit-store.js';
import type { BackgroundJob } from '../../lib/background-jobs.js';
import { noNotifier, type Notifier } from '../../lib/notifier.js';
import {
  createExamTakingRepository,
  OpenAttemptExists,
  type AnswerRow,
  type AttemptRow,
  type AttemptScoring,
  type ExamRow,
  type ExamTakingRepository,
  type PaperQuestionRow,
} from './exam-taking.repository.js';
import { analysisHiddenUntil } from './answer-key.js';
import { scoreAttempt, withReview, type AttemptScore, type ScoringItem } from './scoring.js';

type Caller = CatalogueCaller & { userId: number };

const minuteMs = 60_000;

function blankCountOf(row: Pick<PaperQuestionRow, 'type' | 'stem'>): number {
  return row.type === 'FILL_BLANK' ? localize(row.stem, 'cn').split(fillBlankMarker).length - 1 : 0;
}

export function toQuestionView(
  row: Pick<PaperQuestionRow, 'id' | 'type' | 'stem' | 'options' | 'points'>,
  number: number,
  locale: Locale,
): QuestionView {
  return {
    id: row.id,
    number,
    type: row.type,
    stem: sanitizeRichText(localize(row.stem, locale)),
    options: row.options.map((option) => ({ key: option.key, text: localize(option.text, locale) })),
    blankCount: blankCountOf(row),
    score: row.points,
  };
}

/** The paper's questions in the attempt's order (a question removed from the paper since is left out). */
function inAttemptOrder(attempt: AttemptRow, rows: PaperQuestionRow[]): PaperQuestionRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return attempt.questionOrder.flatMap((id) => byId.get(id) ?? []);
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** What an answer to a question may be: its type, its option keys, its blanks. */
interface AnswerShape {
  type: PaperQuestionRow['type'];
  keys: ReadonlySet<string>;
  blankCount: number;
}

export function shapeOf(row: Pick<PaperQuestionRow, 'type' | 'stem' | 'options'>): AnswerShape {
  return { type: row.type, keys: new Set(row.options.map((o) => o.key)), blankCount: blankCountOf(row) };
}

/**
 * Refuses an answer that does not fit its question (400 naming the field): another kind of
 * answer, an option the question does not have, more than one choice where one is asked, a
 * blank the stem does not have. Images are checked apart (`checkImages`): they need the database.
 */
export function checkAnswer(shape: AnswerShape, answer: GivenAnswer, field: string): void {
  const refuse = (): never => {
    throw new AppError('validationFailed', { field });
  };
  switch (shape.type) {
    case 'SINGLE_SELECT':
    case 'TRUE_OR_FALSE':
    case 'MULTI_SELECT':
      if (answer.kind !== 'CHOICE') return refuse();
      if (answer.keys.some((key) => !shape.keys.has(key))) return refuse();
      if (new Set(answer.keys).size !== answer.keys.length) return refuse();
      if (shape.type !== 'MULTI_SELECT' && answer.keys.length > 1) return refuse();
      return;
    case 'FILL_BLANK':
      if (answer.kind !== 'BLANKS' || answer.texts.length > shape.blankCount) return refuse();
      return;
    case 'ASK_AND_ANSWER':
      if (answer.kind !== 'TEXT') return refuse();
      return;
  }
}

/**
 * What answers each paper takes, kept for a minute: a save (every learner, every few seconds)
 * then reads no questions. A paper edited meanwhile is checked by its old shape for that minute
 * at most; scoring always reads the questions themselves.
 */
const shapeCacheMs = 60_000;
const shapeCacheSize = 500;

/**
 * What a save needs to know of its attempt and that never changes once the attempt exists: whose
 * it is and which questions it asks. Kept per attempt, so a save reads no attempt row; whether
 * the attempt is still open is decided by the save's own statement.
 */
interface AttemptFacts {
  tenantId: number;
  userId: number;
  paperId: number;
  asked: Set<number>;
  /** Image uploads found to be the learner's own: an upload's owner never changes. */
  ownImages: Set<string>;
}
/** The stored name in an image URL the contract let through (`uploadedImageUrlPattern`). */
const imageNameOf = (url: string) => url.slice(apiPaths.files.length + 1);
const attemptFactsSize = 10_000;

/**
 * Save requests per attempt and minute. The player sends what changed at most every 2 s
 * (answer-sync.ts debounce): about 30 a minute for a learner who never pauses, plus one each
 * time the page is hidden and a retry every 10 s while a send fails. 120 is four times that
 * pace, and stops a script (600 saves in 1.3 s were all taken). Counted per attempt once the
 * attempt is known to be the caller's, so nobody can use up another learner's saves, and a
 * learner's other attempts keep their own count. Kept per process (lib/window-counter.ts):
 * a counter row would cost every save a second commit.
 */
export const answerSaveLimit = { limit: 120, windowMs: 60_000 } as const;

export function createExamTakingService({
  repository,
  clock,
  notifier = noNotifier,
}: {
  repository: ExamTakingRepository;
  clock: Clock;
  /** Told when a teacher's review grades an attempt (the learner is not looking at it then). */
  notifier?: Notifier;
}) {
  const shapes = new Map<number, { until: number; byQuestion: Map<number, AnswerShape> }>();
  const facts = new Map<number, AttemptFacts>();
  const saveCounter = createWindowCounter({ windowMs: answerSaveLimit.windowMs, maxKeys: attemptFactsSize });

  /** The caller's own attempt's facts, from memory after its first save; refusals as ownAttempt's. */
  async function ownAttemptFacts(caller: Caller, attemptId: number): Promise<AttemptFacts> {
    const known = facts.get(attemptId);
    if (known !== undefined) {
      if (known.tenantId !== caller.tenantId || known.userId !== caller.userId) {
        throw new AppError('examAnswerNotFound');
      }
      return known;
    }
    const attempt = await ownAttempt(caller, attemptId);
    if (attempt.status !== 'NOT_SUBMITTED') throw new AppError('examHasEnded');
    const found = {
      tenantId: attempt.tenantId,
      userId: attempt.userId,
      paperId: attempt.paperId,
      asked: new Set(attempt.questionOrder),
      ownImages: new Set<string>(),
    };
    if (facts.size >= attemptFactsSize) facts.delete(facts.keys().next().value!);
    facts.set(attemptId, found);
    return found;
  }

  async function answerShapes(paperId: number): Promise<Map<number, AnswerShape>> {
    const now = clock.now().getTime();
    const cached = shapes.get(paperId);
    if (cached !== undefined && cached.until > now) return cached.byQuestion;
    const byQuestion = new Map((await repository.paperQuestions(paperId)).map((row) => [row.id, shapeOf(row)]));
    if (shapes.size >= shapeCacheSize) shapes.delete(shapes.keys().next().value!);
    shapes.set(paperId, { until: now + shapeCacheMs, byQuestion });
    return byQuestion;
  }

  /**
   * A written answer may show only images the learner uploaded in this school (the contract
   * already refused any other form of URL): another learner's file, or one that does not exist,
   * is a 400 naming the image's field. What was found once is kept with the attempt's facts, so
   * the autosave of an answer with images reads the uploads once.
   */
  async function checkImages(attempt: AttemptFacts, saves: AnswerSaves['saves']): Promise<void> {
    const fields = new Map<string, string>();
    saves.forEach((save, index) => {
      if (save.answer.kind !== 'TEXT') return;
      save.answer.images.forEach((url, at) => {
        const name = imageNameOf(url);
        if (!attempt.ownImages.has(name) && !fields.has(name)) fields.set(name, `saves.${index}.answer.images.${at}`);
      });
    });
    if (fields.size === 0) return;
    const own = await repository.ownImageUploads(attempt.tenantId, attempt.userId, [...fields.keys()]);
    for (const [name, field] of fields) {
      if (!own.has(name)) throw new AppError('validationFailed', { field });
      attempt.ownImages.add(name);
    }
  }

  async function ownAttempt(caller: Caller, attemptId: number): Promise<AttemptRow> {
    const attempt = await repository.findAttempt(caller.tenantId, attemptId);
    // Another learner's attempt does not exist, as far as this caller can tell.
    if (attempt === null || attempt.userId !== caller.userId) throw new AppError('examAnswerNotFound');
    return attempt;
  }

  async function view(caller: Caller, attempt: AttemptRow): Promise<Attempt> {
    const [rows, answers, exam, homework] = await Promise.all([
      repository.paperQuestions(attempt.paperId),
      repository.answersOf(attempt.id),
      attempt.examId === null ? null : repository.findExamById(attempt.examId),
      attempt.homeworkId === null ? null : repository.homeworksByIds([attempt.homeworkId]).then((r) => r[0] ?? null),
    ]);
    const ordered = inAttemptOrder(attempt, rows);
    return {
      id: attempt.id,
      status: attempt.status,
      exam: exam === null ? null : { uid: exam.uid, title: localize(exam.title, caller.locale) },
      homework:
        homework === null
          ? null
          : { id: homework.id, lessonId: homework.lessonId, title: localize(homework.title, caller.locale) },
      startedAt: attempt.startedAt.toISOString(),
      deadline: attempt.deadline?.toISOString() ?? null,
      submittedAt: attempt.submittedAt?.toISOString() ?? null,
      now: clock.now().toISOString(),
      totalScore: ordered.reduce((sum, row) => sum + row.points, 0),
      questions: ordered.map((row, index) => toQuestionView(row, index + 1, caller.locale)),
      answers: answers.map((a) => ({ questionId: a.questionId, answer: a.answer, seq: a.seq, flagged: a.flagged })),
    };
  }

  function itemsOf(attempt: AttemptRow, rows: PaperQuestionRow[], answers: AnswerRow[]): ScoringItem[] {
    const given = new Map(answers.map((a) => [a.questionId, a.answer]));
    return inAttemptOrder(attempt, rows).map((row) => ({
      questionId: row.id,
      type: row.type,
      points: row.points,
      question: { options: row.options, answer: row.answer },
      given: given.get(row.id) ?? null,
    }));
  }

  /** The attempt as scored: the rules, then the reviewer's points where they were given. */
  function scoredAttempt(
    attempt: AttemptRow,
    rows: PaperQuestionRow[],
    answers: AnswerRow[],
    exam: ExamRow | null,
  ): AttemptScore {
    const scored = scoreAttempt(itemsOf(attempt, rows, answers), exam?.passScore ?? null);
    if (attempt.status !== 'COMPLETED') return scored;
    const reviewed = new Map(answers.map((a) => [a.questionId, a.score]));
    return withReview(
      scored,
      scored.items
        .filter((item) => item.needsReview)
        .map((item) => ({ questionId: item.questionId, score: reviewed.get(item.questionId) ?? 0 })),
    );
  }

  /** Closes an open attempt: scored on the server from what was saved before the lock. */
  async function close(attemptId: number, submittedBy: AttemptScoring['submittedBy']): Promise<void> {
    const found = await repository.findAttemptById(attemptId);
    if (found === null) return;
    const [rows, exam] = await Promise.all([
      repository.paperQuestions(found.paperId),
      found.examId === null ? null : repository.findExamById(found.examId),
    ]);
    await repository.submit(attemptId, (attempt, answers) => {
      const scored = scoreAttempt(itemsOf(attempt, rows, answers), exam?.passScore ?? null);
      const now = clock.now();
      // Time ran out: the attempt ends at its deadline, whenever the submission is made.
      const late = attempt.deadline !== null && now.getTime() > attempt.deadline.getTime();
      return {
        status: scored.status,
        submittedAt: late ? attempt.deadline! : now,
        submittedBy: late ? 'TIME_UP' : submittedBy,
        objectiveScore: scored.objectiveScore,
        score: scored.score,
        passed: scored.passed,
        answerScores: scored.items.map((item) => ({ questionId: item.questionId, score: item.score })),
      };
    });
  }

  return {
    async start(caller: Caller, uid: string): Promise<Attempt> {
      const exam = await repository.findExam(caller.tenantId, uid);
      if (exam === null) throw new AppError('examNotFound');
      if (exam.status !== 'PUBLISHED') throw new AppError('examNotPublished');
      const member = await repository.findMember(exam.id, caller.userId);
      if (member === null) throw new AppError('notExamMember');
      const now = clock.now();
      const entry = examEntryAt(exam, now);
      if (entry.kind === 'notStarted') throw new AppError('examNotStarted');
      if (entry.kind === 'ended') throw new AppError('examHasEnded');
      if (entry.kind === 'late') throw new AppError('examExpired');
      if (exam.requiredCourseId !== null && exam.requiredProgress !== null) {
        // Not a member of the course is none of it studied.
        const yourProgress = (await repository.courseProgress(exam.requiredCourseId, caller.userId)) ?? 0;
        if (requirementUnmet({ progress: exam.requiredProgress, yourProgress }))
          throw new AppError('progressNotAchieve');
      }
      if ((await repository.openAttempt(exam.id, caller.userId)) !== null) {
        throw new AppError('examAnswerNotSubmitExisted');
      }
      if (exam.examTimes !== null && member.attemptsUsed >= exam.examTimes) {
        throw new AppError('examAnsweringRepeatOver');
      }
      const paper = exam.paperId === null ? null : await repository.paper(exam.paperId);
      const rows = paper === null ? [] : await repository.paperQuestions(paper.id);
      if (paper === null || rows.length === 0) throw new AppError('testpaperNotFound');
      let deadline = exam.duration === null ? null : new Date(now.getTime() + exam.duration * minuteMs);
      if (exam.endTime !== null && (deadline === null || deadline > exam.endTime)) deadline = exam.endTime;
      const ids = rows.map((row) => row.id);
      try {
        const attempt = await repository.createAttempt({
          tenantId: caller.tenantId,
          userId: caller.userId,
          examId: exam.id,
          homeworkId: null,
          paperId: paper.id,
          questionOrder: paper.shuffle ? shuffled(ids) : ids,
          startedAt: now,
          deadline,
        });
        return view(caller, attempt);
      } catch (error) {
        // A second tap on Start: the other request's attempt is the open one.
        if (error instanceof OpenAttemptExists) throw new AppError('examAnswerNotSubmitExisted');
        throw error;
      }
    },

    async current(caller: Caller, uid: string): Promise<Attempt> {
      const exam = await repository.findExam(caller.tenantId, uid);
      if (exam === null) throw new AppError('examNotFound');
      const attempt = await repository.openAttempt(exam.id, caller.userId);
      if (attempt === null) throw new AppError('examAnswerNotFound');
      return view(caller, attempt);
    },

    async get(caller: Caller, attemptId: number): Promise<Attempt> {
      return view(caller, await ownAttempt(caller, attemptId));
    },

    async save(caller: Caller, attemptId: number, input: AnswerSaves): Promise<AnswerSavesResult> {
      const attempt = await ownAttemptFacts(caller, attemptId);
      const now = clock.now();
      const saves = saveCounter.hit(String(attemptId), now);
      if (saves.count > answerSaveLimit.limit) throw tooManyRequests(saves.resetAt, now);
      const rows = await answerShapes(attempt.paperId);
      const { asked } = attempt;
      // Of several saves of one question in a request, the highest seq is the one that counts.
      const latest = new Map<number, { questionId: number; answer: GivenAnswer; seq: number; flagged: boolean }>();
      input.saves.forEach((save, index) => {
        const row = rows.get(save.questionId);
        if (row === undefined || !asked.has(save.questionId)) {
          throw new AppError('validationFailed', { field: `saves.${index}.questionId` });
        }
        checkAnswer(row, save.answer, `saves.${index}.answer`);
        const seen = latest.get(save.questionId);
        if (seen === undefined || seen.seq < save.seq) {
          latest.set(save.questionId, { ...save, flagged: save.flagged ?? false });
        }
      });
      await checkImages(attempt, input.saves);
      const saved = await repository.saveAnswers(attemptId, caller.userId, [...latest.values()], clock.now());
      if (saved === null) throw new AppError('examHasEnded');
      return { saved };
    },

    /** Idempotent: submitting a submitted attempt answers its result. */
    async submit(caller: Caller, attemptId: number, giveUp: boolean): Promise<AttemptResult> {
      const attempt = await ownAttempt(caller, attemptId);
      if (attempt.status === 'NOT_SUBMITTED') await close(attempt.id, giveUp ? 'GIVE_UP' : 'LEARNER');
      return this.result(caller, attemptId);
    },

    async result(caller: Caller, attemptId: number): Promise<AttemptResult> {
      const attempt = await ownAttempt(caller, attemptId);
      if (attempt.status === 'NOT_SUBMITTED' || attempt.submittedAt === null) {
        // No handed-in answer sheet yet: of the homework, or of the exam.
        throw new AppError(attempt.homeworkId === null ? 'examAnswerNotFound' : 'homeworkAnswerNotFound');
      }
      const [rows, answers, exam, member] = await Promise.all([
        repository.paperQuestions(attempt.paperId),
        repository.answersOf(attempt.id),
        attempt.examId === null ? null : repository.findExamById(attempt.examId),
        attempt.examId === null ? null : repository.findMember(attempt.examId, attempt.userId),
      ]);
      const stored = new Map(answers.map((a) => [a.questionId, a]));
      const scored = scoredAttempt(attempt, rows, answers, exam);
      const verdicts = new Map(scored.items.map((item) => [item.questionId, item]));
      const ordered = inAttemptOrder(attempt, rows);
      const hiddenUntil = analysisHiddenUntil({
        exam,
        // The count the next start is refused by; without a membership (left, or removed) the
        // learner could join again and start afresh, so none is counted as used.
        attemptsUsed: member?.attemptsUsed ?? 0,
        now: clock.now(),
      });
      return {
        id: attempt.id,
        status: attempt.status,
        score: attempt.score,
        totalScore: scored.totalScore,
        passScore: exam?.passScore ?? null,
        passed: attempt.passed,
        correctPercent: scored.correctPercent,
        usedSeconds: Math.max(0, Math.round((attempt.submittedAt.getTime() - attempt.startedAt.getTime()) / 1000)),
        submittedAt: attempt.submittedAt.toISOString(),
        submittedBy: attempt.submittedBy ?? 'LEARNER',
        report: scored.report,
        analysisHiddenUntil: hiddenUntil,
        analysis:
          hiddenUntil !== null
            ? null
            : ordered.map((row, index) => {
                const answer = stored.get(row.id) ?? null;
                const item = verdicts.get(row.id)!;
                return {
                  ...toQuestionView(row, index + 1, caller.locale),
                  given: answer?.answer ?? null,
                  rightAnswer: rightAnswerOf(row, caller.locale),
                  verdict: item.verdict,
                  earned: item.score,
                  explanation:
                    row.explanation === null ? '' : sanitizeRichText(localize(row.explanation, caller.locale)),
                  reviewComment: answer?.reviewComment ?? null,
                };
              }),
      };
    },

    /** A reviewing teacher scores the subjective answers; the attempt is then COMPLETED. */
    async review(caller: Caller, attemptId: number, input: AttemptReview) {
      const attempt = await repository.findAttempt(caller.tenantId, attemptId);
      // To a reviewer, an attempt is an answered test paper.
      if (attempt === null || attempt.examId === null) throw new AppError('testpaperAnswerNotFound');
      const reviewer = await repository.reviewerOf(attempt.examId, caller.userId);
      if (reviewer === null) throw new AppError('noPermission');
      if (attempt.status !== 'PENDING_REVIEW') throw new AppError('conflict');
      const asked = new Set(attempt.questionOrder);
      input.scores.forEach((score, index) => {
        if (!asked.has(score.questionId)) {
          throw new AppError('questionNotFound', { field: `scores.${index}.questionId` });
        }
      });
      const [rows, exam] = await Promise.all([
        repository.paperQuestions(attempt.paperId),
        repository.findExamById(attempt.examId),
      ]);
      const answers = await repository.answersOf(attempt.id);
      // The rules' refusals name the request's field (a question not waiting, too many points).
      const reviewed = withReview(scoreAttempt(itemsOf(attempt, rows, answers), exam?.passScore ?? null), input.scores);
      // Every answer waiting for review gets its points in one review.
      if (reviewed.status !== 'COMPLETED' || reviewed.score === null) {
        throw new AppError('validationFailed', { field: 'scores' });
      }
      const scores = input.scores.map((s) => ({ questionId: s.questionId, score: s.score, comment: s.comment ?? '' }));
      const score = reviewed.score;
      const subjectiveScore = reviewed.subjectiveScore;
      const done = await repository.review(attemptId, {
        teacherId: reviewer.id,
        at: clock.now(),
        scores,
        subjectiveScore,
        score,
        passed: reviewed.passed,
      });
      if (done === null) throw new AppError('conflict');
      await notifier.examGraded(done.id);
      return { id: done.id, status: done.status, score: done.score ?? score };
    },

    /** The homework and the caller's attempt at it, made on first open (one per learner). */
    async homework(caller: Caller, lessonId: number, homeworkId: number): Promise<Attempt> {
      const found = await repository.findHomework(caller.tenantId, lessonId, homeworkId);
      if (found === null) throw new AppError('notFound');
      const membership = await repository.courseMembership(found.courseId, caller.userId);
      if (membership === null) throw new AppError('notCourseMember');
      const existing = await repository.homeworkAttempt(homeworkId, caller.userId);
      if (existing !== null) return view(caller, existing);
      // Withdrawn by the school: kept for those who started it, opened by nobody new.
      if (found.homework.status !== 'PUBLISHED') throw new AppError('notFound');
      if (isExpiredAt(membership.expiresAt, clock.now())) throw new AppError('memberExpired');
      const rows = await repository.paperQuestions(found.homework.paperId);
      if (rows.length === 0) throw new AppError('testpaperNotFound');
      try {
        const attempt = await repository.createAttempt({
          tenantId: caller.tenantId,
          userId: caller.userId,
          examId: null,
          homeworkId,
          paperId: found.homework.paperId,
          questionOrder: rows.map((row) => row.id),
          startedAt: clock.now(),
          deadline: null,
        });
        return view(caller, attempt);
      } catch (error) {
        if (!(error instanceof OpenAttemptExists)) throw error;
        // Opened twice at once: the other request made it.
        return view(caller, (await repository.homeworkAttempt(homeworkId, caller.userId))!);
      }
    },

    /** The submit job: closes open attempts whose time ran out. */
    async submitDue(limit = 50): Promise<number> {
      const due = await repository.dueAttempts(clock.now(), limit);
      for (const id of due) await close(id, 'TIME_UP');
      return due.length;
    },
  };
}

/** The right answer as the analysis shows it: option keys, the first accepted text per blank, or the reference. */
export function rightAnswerOf(row: Pick<PaperQuestionRow, 'answer'>, locale: Locale) {
  switch (row.answer.kind) {
    case 'CHOICE':
      return { kind: 'CHOICE' as const, keys: row.answer.keys };
    case 'BLANKS':
      return { kind: 'BLANKS' as const, texts: row.answer.accepted.map((alternatives) => alternatives[0] ?? '') };
    case 'REFERENCE':
      return { kind: 'REFERENCE' as const, text: localize(row.answer.text, locale) };
  }
}

export type ExamTakingService = ReturnType<typeof createExamTakingService>;

/**
 * Submits, every 15 s, the open attempts whose time ran out (grace included), with the answers
 * saved by then, whether or not their learners are still there. Under the job's advisory lock
 * one server process does a round; each attempt is closed under its own row lock, so a learner
 * submitting at the same moment and the job never both close it.
 */
export function examSubmitJob(clock: Clock): BackgroundJob {
  return {
    name: 'exam-submit',
    lockKey: 7_240_003,
    intervalMs: 15_000,
    async run(db) {
      const service = createExamTakingService({
        repository: createExamTakingRepository(db),
        clock,
      });
      return { submitted: await service.submitDue() };
    },
  };
}

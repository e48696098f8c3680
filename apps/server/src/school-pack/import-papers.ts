import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { attempts, paperQuestions, papers, questions, type QuestionAnswer, type QuestionOption } from '../db/schema.js';
import { createExamTakingRepository } from '../features/exam-taking/exam-taking.repository.js';
import type { LocalizedText } from '../lib/localized-text.js';
import type { PackQuestion } from './pack-schema.js';
import { richText, toLocalized } from './pack-text.js';
import { canonical, type ImportCounts } from './sync-rows.js';

/*
 * The papers of a pack's exams and homework: ordered questions with their points. Attempts and
 * their answers point at a paper and its questions, so a paper that has attempts is never
 * changed: when the pack changes its questions, a new paper takes its place and the old one
 * stays with the attempts made on it (decision 012: a stored score must keep matching its
 * questions). A paper nobody has attempted yet is brought to the pack's in place.
 */

/** A question as the questions table keeps it, with its points in the paper. */
export interface StoredQuestion {
  type: PackQuestion['type'];
  stem: LocalizedText;
  options: QuestionOption[];
  answer: QuestionAnswer;
  explanation: LocalizedText | null;
  points: number;
}

export interface StoredPaper {
  shuffle: boolean;
  questions: StoredQuestion[];
}

/** True/false: the options are keyed "true" and "false", shown as 对 / 错 and True / False. */
export const trueFalseOptions: QuestionOption[] = [
  { key: 'true', text: { cn: '对', en: 'True' } },
  { key: 'false', text: { cn: '错', en: 'False' } },
];

/** Option keys are letters in the options' order: A, B, C… */
export const optionKey = (index: number) => String.fromCharCode(65 + index);

function storedQuestion(question: PackQuestion): StoredQuestion {
  const common = {
    type: question.type,
    stem: richText(question.stem),
    explanation: question.analysis === undefined ? null : richText(question.analysis),
    points: question.points,
  };
  switch (question.type) {
    case 'SINGLE_SELECT':
    case 'MULTI_SELECT':
      return {
        ...common,
        options: question.options.map((text, index) => ({ key: optionKey(index), text: toLocalized(text) })),
        answer: { kind: 'CHOICE', keys: [question.answer].flat() },
      };
    case 'TRUE_OR_FALSE':
      return {
        ...common,
        options:
          question.options === undefined
            ? trueFalseOptions
            : trueFalseOptions.map((option, index) => ({
                key: option.key,
                text: toLocalized(question.options![index]!),
              })),
        answer: { kind: 'CHOICE', keys: [String(question.answer)] },
      };
    case 'FILL_BLANK':
      return {
        ...common,
        options: [],
        answer: { kind: 'BLANKS', accepted: question.answer.map((texts) => [texts].flat().map(String)) },
      };
    case 'ASK_AND_ANSWER':
      return {
        ...common,
        options: [],
        answer: { kind: 'REFERENCE', text: toLocalized(question.answer ?? { cn: '', en: '' }) },
      };
  }
}

export const storedPaper = (paper: { shuffle: boolean; questions: PackQuestion[] }): StoredPaper => ({
  shuffle: paper.shuffle,
  questions: paper.questions.map(storedQuestion),
});

/** A paper as stored, its questions in order with their ids (as the exam-taking feature reads them). */
export async function readPaper(tx: Db, paperId: number): Promise<(StoredPaper & { ids: number[] }) | null> {
  const repository = createExamTakingRepository(tx);
  const paper = await repository.paper(paperId);
  if (paper === null) return null;
  const rows = await repository.paperQuestions(paperId);
  return {
    shuffle: paper.shuffle,
    questions: rows.map(({ id: _id, ...question }) => question),
    ids: rows.map((row) => row.id),
  };
}

async function insertQuestions(tx: Db, tenantId: number, paperId: number, list: StoredQuestion[], from: number) {
  for (const [index, { points, ...question }] of list.entries()) {
    const [row] = await tx
      .insert(questions)
      .values({ tenantId, ...question })
      .returning({ id: questions.id });
    await tx.insert(paperQuestions).values({ paperId, questionId: row!.id, seq: from + index + 1, score: points });
  }
}

async function insertPaper(tx: Db, tenantId: number, wanted: StoredPaper): Promise<number> {
  const [paper] = await tx.insert(papers).values({ tenantId, shuffle: wanted.shuffle }).returning({ id: papers.id });
  await insertQuestions(tx, tenantId, paper!.id, wanted.questions, 0);
  return paper!.id;
}

/**
 * Brings the paper `paperId` (null: none yet) to `wanted` and answers the paper to use: the same
 * one, or a new one when it differs and learners have attempted it. Counts into `counts`.
 */
export async function syncPaper(
  tx: Db,
  tenantId: number,
  paperId: number | null,
  wanted: StoredPaper,
  counts: ImportCounts,
): Promise<number> {
  const current = paperId === null ? null : await readPaper(tx, paperId);
  if (current === null || paperId === null) {
    counts.created += 1;
    return insertPaper(tx, tenantId, wanted);
  }
  const { ids, ...have } = current;
  if (canonical(have) === canonical(wanted)) return paperId;
  if (await hasAttempts(tx, paperId)) {
    counts.created += 1;
    return insertPaper(tx, tenantId, wanted);
  }

  // Nobody has attempted it: each question is brought to the pack's in its place (a pack's
  // questions belong to their paper alone).
  if (have.shuffle !== wanted.shuffle)
    await tx.update(papers).set({ shuffle: wanted.shuffle }).where(eq(papers.id, paperId));
  for (const [index, { points, ...question }] of wanted.questions.entries()) {
    const old = have.questions[index];
    if (old === undefined) break;
    const { points: oldPoints, ...oldQuestion } = old;
    if (canonical(oldQuestion) !== canonical(question))
      await tx.update(questions).set(question).where(eq(questions.id, ids[index]!));
    if (oldPoints !== points)
      await tx
        .update(paperQuestions)
        .set({ score: points })
        .where(and(eq(paperQuestions.paperId, paperId), eq(paperQuestions.questionId, ids[index]!)));
  }
  await insertQuestions(tx, tenantId, paperId, wanted.questions.slice(have.questions.length), have.questions.length);
  const surplus = ids.slice(wanted.questions.length);
  if (surplus.length > 0) await tx.delete(questions).where(inArray(questions.id, surplus));
  counts.updated += 1;
  return paperId;
}

async function hasAttempts(tx: Db, paperId: number): Promise<boolean> {
  const [row] = await tx.select({ id: attempts.id }).from(attempts).where(eq(attempts.paperId, paperId)).limit(1);
  return row !== undefined;
}

/** Deletes a paper nobody has attempted, with its questions. */
export async function deletePaper(tx: Db, paperId: number): Promise<void> {
  const ids = (await readPaper(tx, paperId))?.ids ?? [];
  await tx.delete(papers).where(eq(papers.id, paperId));
  if (ids.length > 0) await tx.delete(questions).where(inArray(questions.id, ids));
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { trueFalseOptions } from './import-papers.js';
import { courses, examReviewers, exams, homeworks, teachers } from '../db/schema.js';
import { readPaper, type StoredQuestion } from './import-papers.js';
import type { PackExam, PackHomework, PackQuestion } from './pack-schema.js';
import { canonical } from './sync-rows.js';
import { fromLocalized, isEmpty, moment, money, yaml } from './pack-text.js';

/*
 * A school's exams back as `exams/<uid>/exam.yaml`, and the homework of its lessons, each key in
 * the schema's order and left out at its default, so an imported pack exports to its own text.
 */

/** A blank's text as a person writes it: a number stays a number (`answer: [6]`). */
const blankText = (text: string): string | number => (String(Number(text)) === text ? Number(text) : text);

function packQuestion({ type, points, stem, options, answer, explanation }: StoredQuestion): PackQuestion {
  const common = { type, points, stem: fromLocalized(stem) };
  const analysis = explanation === null ? {} : { analysis: fromLocalized(explanation) };
  const keys = answer.kind === 'CHOICE' ? answer.keys : [];
  switch (type) {
    case 'SINGLE_SELECT':
    case 'MULTI_SELECT':
      return {
        ...common,
        type,
        options: options.map((option) => fromLocalized(option.text)),
        answer: type === 'SINGLE_SELECT' ? keys[0]! : keys,
        ...analysis,
      };
    case 'TRUE_OR_FALSE':
      return {
        ...common,
        type,
        ...(canonical(options) === canonical(trueFalseOptions)
          ? {}
          : { options: options.map((option) => fromLocalized(option.text)) }),
        answer: keys[0] === 'true',
        ...analysis,
      };
    case 'FILL_BLANK':
      return {
        ...common,
        type,
        answer: (answer.kind === 'BLANKS' ? answer.accepted : []).map((texts) =>
          texts.length === 1 ? blankText(texts[0]!) : texts.map(blankText),
        ),
        ...analysis,
      };
    case 'ASK_AND_ANSWER':
      return {
        ...common,
        type,
        ...(answer.kind === 'REFERENCE' && !isEmpty(answer.text) ? { answer: fromLocalized(answer.text) } : {}),
        ...analysis,
      };
  }
}

/** A paper as written: `shuffle` left out when false. */
interface WrittenPaper {
  shuffle?: true;
  questions: PackQuestion[];
}
type WrittenHomework = Pick<PackHomework, 'title'> & WrittenPaper;

async function paperOf(db: Db, paperId: number | null): Promise<WrittenPaper> {
  const paper = paperId === null ? null : await readPaper(db, paperId);
  return {
    ...(paper?.shuffle ? { shuffle: true as const } : {}),
    questions: (paper?.questions ?? []).map(packQuestion),
  };
}

export async function exportExams(db: Db, tenantId: number, files: Map<string, string>): Promise<void> {
  const examRows = await db
    .select({ exam: exams, requiredCourse: courses.uid })
    .from(exams)
    .leftJoin(courses, eq(courses.id, exams.requiredCourseId))
    .where(and(eq(exams.tenantId, tenantId), inArray(exams.status, ['DRAFT', 'PUBLISHED', 'CLOSED'])))
    .orderBy(asc(exams.uid));
  if (examRows.length === 0) return;
  const reviewerRows = await db
    .select({ examId: examReviewers.examId, uid: teachers.uid })
    .from(examReviewers)
    .innerJoin(teachers, eq(teachers.id, examReviewers.teacherId))
    .where(
      inArray(
        examReviewers.examId,
        examRows.map((row) => row.exam.id),
      ),
    )
    .orderBy(asc(examReviewers.seq));

  for (const { exam, requiredCourse } of examRows) {
    const reviewers = reviewerRows.filter((row) => row.examId === exam.id).map((row) => row.uid!);
    const written = {
      title: fromLocalized(exam.title),
      cover: exam.cover,
      ...(isEmpty(exam.brief) ? {} : { brief: fromLocalized(exam.brief) }),
      ...(exam.status === 'PUBLISHED' ? {} : { status: exam.status as PackExam['status'] }),
      ...(exam.priceCents === 0 ? {} : { price: money(exam.priceCents) }),
      ...(exam.originalPriceCents === null ? {} : { originalPrice: money(exam.originalPriceCents) }),
      ...(exam.startTime === null ? {} : { startsAt: moment(exam.startTime) }),
      ...(exam.endTime === null ? {} : { endsAt: moment(exam.endTime) }),
      ...(exam.duration === null ? {} : { duration: exam.duration }),
      passScore: exam.passScore,
      ...(exam.examTimes === null ? {} : { attempts: exam.examTimes }),
      ...(exam.closedExam ? { closedExam: true } : {}),
      ...(exam.lateLimit === null ? {} : { lateLimit: exam.lateLimit }),
      ...(exam.recommendedSeq === null ? {} : { recommended: exam.recommendedSeq }),
      ...(exam.answersVisible === 'AFTER_SUBMIT' ? {} : { answersVisible: exam.answersVisible }),
      ...(requiredCourse === null || exam.requiredProgress === null
        ? {}
        : { requires: { course: requiredCourse, progress: exam.requiredProgress } }),
      ...(reviewers.length === 0 ? {} : { reviewers }),
      ...(await paperOf(db, exam.paperId)),
    };
    files.set(`exams/${exam.uid}/exam.yaml`, yaml(written));
  }
}

/** The homework of each lesson that has some (the first, when several), as a lesson's `homework`. */
export async function homeworkOfLessons(db: Db, lessonIds: number[]): Promise<Map<number, WrittenHomework>> {
  const found = new Map<number, WrittenHomework>();
  if (lessonIds.length === 0) return found;
  const rows = await db
    .select()
    .from(homeworks)
    .where(and(inArray(homeworks.lessonId, lessonIds), eq(homeworks.status, 'PUBLISHED')))
    .orderBy(asc(homeworks.id));
  for (const row of rows) {
    if (found.has(row.lessonId)) continue;
    found.set(row.lessonId, { title: fromLocalized(row.title), ...(await paperOf(db, row.paperId)) });
  }
  return found;
}

import { fillBlankMarker as blankMarker } from '@school/contract/exam-taking';
import { optionKey } from './import-papers.js';
import { packExamSchema, type PackExam } from './pack-schema.js';
import {
  asList,
  checkUnique,
  field,
  positionOf,
  readEach,
  type CheckedFile,
  type ParsedFile,
  type Path,
  type PackProblem,
} from './read-pack.js';

/*
 * The checks of a pack's exams and of the homework on its lessons that a schema cannot make: an
 * answer that does not fit its question, points that do not add up, a reviewer, course or exam
 * the pack lacks. Like the reader's other checks they run on what was written, so they are
 * found together with each file's own problems.
 */

export interface PackExamRead {
  uid: string;
  exam: PackExam;
}

export type ExamFile = { uid: string; read: CheckedFile<PackExam> };

/** `exams/<uid>/exam.yaml`, one folder per exam, in uid order. */
export const readExamFiles = (folder: string, problems: PackProblem[]): Promise<ExamFile[]> =>
  readEach(folder, 'exams', { folderFile: 'exam.yaml' }, packExamSchema, problems);

const reporter = (parsed: ParsedFile, problems: PackProblem[]) => (at: Path, message: string) =>
  problems.push({ file: parsed.file, ...positionOf(parsed, at), message });

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The blanks of each language's stem text as written. */
function blanksPerText(stem: unknown): number[] {
  const texts = typeof stem === 'string' ? [stem] : Object.values(typeof stem === 'object' && stem ? stem : {});
  return texts
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.split(blankMarker).length - 1);
}

/** The answers of a paper's questions (at `at`, as written) that do not fit their question. */
function checkQuestions(parsed: ParsedFile, questions: unknown, at: Path, problems: PackProblem[]): void {
  const problem = reporter(parsed, problems);
  asList(questions).forEach((question, index) => {
    const here = [...at, index];
    const type = field(question, 'type');
    const answer = field(question, 'answer');
    if (type === 'SINGLE_SELECT' || type === 'MULTI_SELECT') {
      const letters: [Path, unknown][] = Array.isArray(answer)
        ? answer.map((letter, i) => [[...here, 'answer', i], letter])
        : [[[...here, 'answer'], answer]];
      if (type === 'SINGLE_SELECT' && letters.length > 1)
        problem([...here, 'answer'], `a SINGLE_SELECT question has one answer, not ${letters.length}`);
      const options = field(question, 'options');
      const seen = new Set<unknown>();
      for (const [where, letter] of letters) {
        if (typeof letter !== 'string' || !/^[A-Z]$/.test(letter)) continue;
        if (seen.has(letter)) problem(where, `"${letter}" is given twice`);
        seen.add(letter);
        if (Array.isArray(options) && letter.charCodeAt(0) - 65 >= options.length)
          problem(where, `no option "${letter}": the options are A to ${optionKey(options.length - 1)}`);
      }
    }
    if (type === 'FILL_BLANK') {
      const blanks = [...new Set(blanksPerText(field(question, 'stem')))];
      if (blanks.includes(0)) problem([...here, 'stem'], `a FILL_BLANK stem marks each blank with ${blankMarker}`);
      else if (blanks.length > 1)
        problem([...here, 'stem'], `its texts have ${blanks.join(' and ')} blanks: every language has the same`);
      else if (Array.isArray(answer) && blanks.length === 1 && answer.length !== blanks[0])
        problem(
          [...here, 'answer'],
          `${count(answer.length, 'answer')} for ${count(blanks[0]!, 'blank')}: one answer per ${blankMarker}`,
        );
    }
  });
}

/**
 * Checks each exam against the pack (reviewers and the required course are the pack's, the
 * points add up, the pass score is reachable) and its questions; returns the exams read.
 */
export function checkExams(
  files: ExamFile[],
  known: { courses: ReadonlySet<string>; teachers: ReadonlySet<string> },
  problems: PackProblem[],
): PackExamRead[] {
  for (const { read } of files) {
    const { parsed, raw } = read;
    if (parsed === null) continue;
    const problem = reporter(parsed, problems);
    checkQuestions(parsed, field(raw, 'questions'), ['questions'], problems);

    const reviewers = asList(field(raw, 'reviewers')).flatMap((uid, index): [Path, string][] =>
      typeof uid === 'string' ? [[['reviewers', index], uid]] : [],
    );
    checkUnique(parsed, reviewers, 'reviewer', problems);
    for (const [at, uid] of reviewers) if (!known.teachers.has(uid)) problem(at, `no teacher "${uid}" in the pack`);
    const course = field(field(raw, 'requires'), 'course');
    if (typeof course === 'string' && !known.courses.has(course))
      problem(['requires', 'course'], `no course "${course}" in the pack`);

    const points = asList(field(raw, 'questions')).map((question) => field(question, 'points'));
    if (!points.every((p) => typeof p === 'number')) continue;
    const sum = (points as number[]).reduce((total, p) => total + p, 0);
    const totalScore = field(raw, 'totalScore');
    if (typeof totalScore === 'number' && totalScore !== sum)
      problem(['totalScore'], `the questions' points add up to ${sum}, not ${totalScore}`);
    const total = typeof totalScore === 'number' ? totalScore : sum;
    const passScore = field(raw, 'passScore');
    if (typeof passScore === 'number' && passScore > total)
      problem(['passScore'], `the pass score ${passScore} is above the total score ${total}`);
  }
  return files.flatMap(({ uid, read }) => (read.value ? [{ uid, exam: read.value }] : []));
}

/** A course's EXAM lessons name exams of the pack, and its homework's answers fit their questions. */
export function checkLessonExams(
  parsed: ParsedFile,
  raw: unknown,
  exams: ReadonlySet<string>,
  problems: PackProblem[],
): void {
  const problem = reporter(parsed, problems);
  asList(field(raw, 'chapters')).forEach((chapter, c) => {
    asList(field(chapter, 'lessons')).forEach((lesson, l) => {
      const at = ['chapters', c, 'lessons', l];
      const exam = field(lesson, 'exam');
      if (field(lesson, 'type') === 'EXAM' && typeof exam === 'string' && !exams.has(exam))
        problem([...at, 'exam'], `no exam "${exam}" in the pack`);
      const homework = field(lesson, 'homework');
      checkQuestions(parsed, field(homework, 'questions'), [...at, 'homework', 'questions'], problems);
    });
  });
}

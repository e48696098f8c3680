import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  attemptAnswers,
  attempts,
  courses,
  examReviewers,
  exams,
  homeworks,
  lessons,
  paperQuestions,
  papers,
  questions,
  users,
} from '../db/schema.js';
import { createLessonsRepository } from '../features/lessons/lessons.repository.js';
import { exportPack, schoolOfHost } from './export-pack.js';
import { filesOf, usePackTestbed } from './pack-testing.js';

/*
 * Decision 019: a pack's exams, with their papers, and the homework on its lessons. The pack of these
 * tests (test-packs/exam-school) has an exam of every quiz type that a course's EXAM lesson
 * opens, a small shuffled one, and homework on a lesson.
 */

const examPack = fileURLToPath(new URL('test-packs/exam-school/', import.meta.url));
const examFile = 'exams/guitar-basics-quiz/exam.yaml';
const courseFile = 'courses/guitar-basics/course.yaml';

const testbed = usePackTestbed();
const { run } = testbed;
const changedPack = (changes: Record<string, string | null>) => testbed.changedPack(examPack, changes);

const packText = (file: string) => readFile(path.join(examPack, file), 'utf8');

/** Every row an exam import writes, to tell that a second import changes none. */
const examRows = async () => ({
  exams: await testbed.db.select().from(exams).orderBy(exams.id),
  reviewers: await testbed.db.select().from(examReviewers).orderBy(examReviewers.examId, examReviewers.seq),
  papers: await testbed.db.select().from(papers).orderBy(papers.id),
  questions: await testbed.db.select().from(questions).orderBy(questions.id),
  paperQuestions: await testbed.db.select().from(paperQuestions).orderBy(paperQuestions.paperId, paperQuestions.seq),
  homeworks: await testbed.db.select().from(homeworks).orderBy(homeworks.id),
});

const examOf = async (uid: string) => (await testbed.db.select().from(exams).where(eq(exams.uid, uid)))[0]!;

/** A paper's questions in order, as stored. */
const paperQuestionsOf = (paperId: number) =>
  testbed.db
    .select({ id: questions.id, answer: questions.answer, points: paperQuestions.score })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.seq));

describe('checking a pack’s exams and homework', () => {
  it('lists every problem of the exams and homework with its file, line and column, and writes nothing', async () => {
    const exam = [
      'title: { cn: 吉他入门测验 }', // 1
      'cover: /mobile/seed/cover-06.svg',
      'totalScore: 25',
      'passScore: 26',
      'requires: { course: piano-basics, progress: 50 }', // 5
      'reviewers: [li-na, li-na, wang-wu]',
      'questions:',
      '  - type: SINGLE_SELECT',
      '    points: 4',
      '    stem: Which string is the thickest?', // 10
      '    options: [Low E, A, D, High E]',
      '    answer: [A, B]',
      '  - type: MULTI_SELECT',
      '    points: 4',
      '    stem: Which of these are chords?', // 15
      '    options: [C major, G major, Tuning peg, A minor]',
      '    answer: [A, E]',
      '    hint: three of them',
      '  - type: FILL_BLANK',
      '    points: 4', // 20
      '    stem: Standard tuning is E, A, D, {{blank}}, B, {{blank}}.',
      '    answer: [G, E, B]',
      '  - type: ASK_AND_ANSWER',
      '    points: 8',
    ].join('\n');
    const course = (await packText(courseFile))
      .replace('exam: guitar-basics-quiz', 'exam: guitar-final')
      .replace('{{blank}}, {{blank}} notes in all', 'E, three notes in all')
      .replace('              answer: true', '              answer: true\n              options: [Yes]');
    const folder = await changedPack({ [examFile]: exam, [courseFile]: course });
    const before = await examRows();

    const { code, err } = await run(['import', folder]);
    expect(code).toBe(1);
    expect(err).toEqual([
      `${courseFile}:24:24 "options": two options: the texts of true and false`,
      `${courseFile}:27:21 a FILL_BLANK stem marks each blank with {{blank}}`,
      `${courseFile}:35:15 no exam "guitar-final" in the pack`,
      `${examFile}:1:8 "title" has no en text`,
      `${examFile}:3:13 the questions' points add up to 20, not 25`,
      `${examFile}:4:12 the pass score 26 is above the total score 25`,
      `${examFile}:5:21 no course "piano-basics" in the pack`,
      `${examFile}:6:20 reviewer uid "li-na" is used twice`,
      `${examFile}:6:27 no teacher "wang-wu" in the pack`,
      `${examFile}:12:13 a SINGLE_SELECT question has one answer, not 2`,
      `${examFile}:17:17 no option "E": the options are A to D`,
      `${examFile}:18:5 unknown key "hint"`,
      `${examFile}:22:13 3 answers for 2 blanks: one answer per {{blank}}`,
      `${examFile}:23:5 "stem" is missing`,
      '14 problems: nothing was written',
    ]);
    expect(await examRows()).toEqual(before);
    expect(await schoolOfHost(testbed.db, 'exams.localhost')).toBeNull();
  });
});

describe('importing a pack’s exams', () => {
  it('creates the exams with their papers and the homework, and importing again changes no row', async () => {
    const first = await run(['import', examPack]);
    expect(first.code).toBe(0);
    expect(first.out).toEqual([
      'school created',
      '  agreements: 0 created, 0 updated, 0 removed',
      '  pages: 1 created, 0 updated, 0 removed',
      '  teachers: 1 created, 0 updated, 0 removed',
      '  categories: 0 created, 0 updated, 0 removed',
      '  tags: 0 created, 0 updated, 0 removed',
      '  exams: 2 created, 0 updated, 0 removed',
      '  papers: 3 created, 0 updated, 0 removed',
      '  courses: 1 created, 0 updated, 0 removed',
      '  chapters: 1 created, 0 updated, 0 removed',
      '  lessons: 2 created, 0 updated, 0 removed',
      '  materials: 0 created, 0 updated, 0 removed',
      '  homework: 1 created, 0 updated, 0 removed',
      '  classrooms: 0 created, 0 updated, 0 removed',
      '  articles: 0 created, 0 updated, 0 removed',
      '  coupons: 0 created, 0 updated, 0 removed',
      '  media files: 0, 0 uploaded (0.0 MB)',
    ]);

    const quiz = await examOf('guitar-basics-quiz');
    const [course] = await testbed.db.select().from(courses).where(eq(courses.uid, 'guitar-basics'));
    expect(quiz).toMatchObject({
      status: 'PUBLISHED',
      totalScore: 20,
      passScore: 12,
      quizCount: 5,
      duration: 20,
      examTimes: 2,
      answersVisible: 'AFTER_SUBMIT',
      requiredCourseId: course!.id,
      requiredProgress: 50,
      startTime: new Date('2027-03-01T11:00:00Z'),
    });
    const [lesson] = await testbed.db.select().from(lessons).where(eq(lessons.uid, 'week-one-quiz'));
    expect(lesson!.examId).toBe(quiz.id);
    const paper = await paperQuestionsOf(quiz.paperId!);
    expect(paper.map((q) => [q.points, q.answer])).toEqual([
      [4, { kind: 'CHOICE', keys: ['A'] }],
      [4, { kind: 'CHOICE', keys: ['A', 'B', 'D'] }],
      [2, { kind: 'CHOICE', keys: ['true'] }],
      [4, { kind: 'BLANKS', accepted: [['G'], ['E', 'high E']] }],
      [
        6,
        {
          kind: 'REFERENCE',
          text: {
            cn: 'Play each string at its fifth fret and tune the next open string to it (the fourth fret for B).',
            en: 'Play each string at its fifth fret and tune the next open string to it (the fourth fret for B).',
          },
        },
      ],
    ]);
    const drill = await examOf('rhythm-drill');
    expect(drill).toMatchObject({ status: 'DRAFT', priceCents: 990, closedExam: true, lateLimit: 10, examTimes: null });
    const [drillPaper] = await testbed.db.select().from(papers).where(eq(papers.id, drill.paperId!));
    expect(drillPaper!.shuffle).toBe(true);
    const [truth] = await testbed.db
      .select({ options: questions.options })
      .from(paperQuestions)
      .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
      .where(eq(paperQuestions.paperId, drill.paperId!))
      .orderBy(asc(paperQuestions.seq));
    expect(truth!.options).toEqual([
      { key: 'true', text: { cn: 'Right', en: 'Right' } },
      { key: 'false', text: { cn: 'Wrong', en: 'Wrong' } },
    ]);

    const [homework] = await testbed.db.select().from(homeworks);
    const [chords] = await testbed.db.select().from(lessons).where(eq(lessons.uid, 'chords'));
    expect(homework).toMatchObject({ lessonId: chords!.id, title: { cn: '和弦练习', en: 'Practise the chords' } });
    expect((await paperQuestionsOf(homework!.paperId)).map((q) => q.answer)).toEqual([
      { kind: 'CHOICE', keys: ['true'] },
      { kind: 'BLANKS', accepted: [['E'], ['3', 'three']] },
    ]);

    const before = await examRows();
    const again = await run(['import', examPack]);
    expect(again.out[0]).toBe('school unchanged');
    expect(again.out.filter((line) => / [1-9]\d* (created|updated|removed)/.test(line))).toEqual([]);
    expect(await examRows()).toEqual(before);
  });

  it('exports the exams and the homework back to the text of the pack', async () => {
    const tenantId = (await schoolOfHost(testbed.db, 'exams.localhost'))!;
    const exported = await exportPack(testbed.db, tenantId);
    expect(Object.fromEntries([...exported.files].sort(([a], [b]) => a.localeCompare(b)))).toEqual(
      await filesOf(examPack),
    );
  });
});

describe('what learners have is never lost', () => {
  it('changes a paper nobody has attempted in place, and replaces one with attempts, keeping the attempt’s paper', async () => {
    const quiz = await examOf('guitar-basics-quiz');
    const original = await paperQuestionsOf(quiz.paperId!);
    const text = await packText(examFile);
    const changed = text.replace('points: 2\n', 'points: 3\n').replace('passScore: 12', 'passScore: 13');

    // Nobody has attempted the paper: its questions change where they are.
    const inPlace = await run(['import', await changedPack({ [examFile]: changed })]);
    expect(inPlace.out).toContain('  papers: 0 created, 1 updated, 0 removed');
    expect(inPlace.out).toContain('  exams: 0 created, 1 updated, 0 removed');
    const updated = await examOf('guitar-basics-quiz');
    expect({ paperId: updated.paperId, totalScore: updated.totalScore }).toEqual({
      paperId: quiz.paperId,
      totalScore: 21,
    });
    expect((await paperQuestionsOf(quiz.paperId!)).map((q) => q.id)).toEqual(original.map((q) => q.id));

    // A learner attempts it and answers the first question.
    const [learner] = await testbed.db
      .insert(users)
      .values({ tenantId: quiz.tenantId, username: 'exam-learner', nickname: 'Exam learner' })
      .returning({ id: users.id });
    const [attempt] = await testbed.db
      .insert(attempts)
      .values({
        tenantId: quiz.tenantId,
        userId: learner!.id,
        examId: quiz.id,
        paperId: quiz.paperId!,
        questionOrder: original.map((q) => q.id),
        startedAt: new Date(),
      })
      .returning();
    await testbed.db.insert(attemptAnswers).values({
      attemptId: attempt!.id,
      questionId: original[0]!.id,
      answer: { kind: 'CHOICE', keys: ['A'] },
      seq: 1,
      savedAt: new Date(),
    });

    // Back to the pack's text: the attempted paper stays as it was, the exam gets a new one.
    const replaced = await run(['import', examPack]);
    expect(replaced.out).toContain('  papers: 1 created, 0 updated, 0 removed');
    expect(replaced.out).toContain('  exams: 0 created, 1 updated, 0 removed');
    const after = await examOf('guitar-basics-quiz');
    expect(after.paperId).not.toBe(quiz.paperId);
    expect(after.totalScore).toBe(20);
    expect((await paperQuestionsOf(after.paperId!)).map((q) => q.points)).toEqual([4, 4, 2, 4, 6]);
    const kept = await paperQuestionsOf(quiz.paperId!);
    expect(kept.map((q) => [q.id, q.points])).toEqual(original.map((q, i) => [q.id, i === 2 ? 3 : q.points]));
    const [attemptAfter] = await testbed.db.select().from(attempts).where(eq(attempts.id, attempt!.id));
    expect(attemptAfter!.paperId).toBe(quiz.paperId);
    expect(
      await testbed.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt!.id)),
    ).toHaveLength(1);

    // The same pack again: nothing more.
    const again = await run(['import', examPack]);
    expect(again.out.filter((line) => / [1-9]\d* (created|updated|removed)/.test(line))).toEqual([]);
  });

  it('unpublishes an exam the pack no longer has, and publishes it again when it comes back', async () => {
    const drill = await examOf('rhythm-drill');
    const without = await run(['import', await changedPack({ 'exams/rhythm-drill': null })]);
    expect(without.out).toContain('  exams: 0 created, 0 updated, 1 removed');
    const unpublished = await examOf('rhythm-drill');
    expect({ id: unpublished.id, status: unpublished.status, paperId: unpublished.paperId }).toEqual({
      id: drill.id,
      status: 'UNPUBLISHED',
      paperId: drill.paperId,
    });
    const tenantId = (await schoolOfHost(testbed.db, 'exams.localhost'))!;
    expect([...(await exportPack(testbed.db, tenantId)).files.keys()]).not.toContain('exams/rhythm-drill/exam.yaml');

    await run(['import', examPack]);
    expect(await examOf('rhythm-drill')).toMatchObject({ id: drill.id, status: 'DRAFT' });
  });

  it('updates homework in place, deletes homework nobody started, and keeps homework a learner has handed in', async () => {
    const course = await packText(courseFile);
    const [before] = await testbed.db.select().from(homeworks);
    const retitled = course.replace('en: Practise the chords', 'en: Chord practice');
    const changed = await run(['import', await changedPack({ [courseFile]: retitled })]);
    expect(changed.out).toContain('  homework: 0 created, 1 updated, 0 removed');
    const [after] = await testbed.db.select().from(homeworks);
    expect({ id: after!.id, paperId: after!.paperId, title: after!.title.en }).toEqual({
      id: before!.id,
      paperId: before!.paperId,
      title: 'Chord practice',
    });

    const withoutHomework = course.replace(/ {8}homework:[\s\S]*?(?= {6}- uid: week-one-quiz)/, '');
    const removed = await run(['import', await changedPack({ [courseFile]: withoutHomework })]);
    expect(removed.out).toContain('  homework: 0 created, 0 updated, 1 removed');
    expect(removed.out).toContain('  papers: 0 created, 0 updated, 1 removed');
    expect(await testbed.db.select().from(homeworks)).toEqual([]);
    expect(await testbed.db.select().from(papers).where(eq(papers.id, before!.paperId))).toEqual([]);

    // Back again, and handed in by a learner: removing it from the pack keeps it and the work.
    await run(['import', examPack]);
    const [homework] = await testbed.db.select().from(homeworks);
    const [learner] = await testbed.db.select().from(users).where(eq(users.username, 'exam-learner'));
    await testbed.db.insert(attempts).values({
      tenantId: homework!.tenantId,
      userId: learner!.id,
      homeworkId: homework!.id,
      paperId: homework!.paperId,
      questionOrder: [],
      startedAt: new Date(),
      status: 'PENDING_REVIEW',
      submittedAt: new Date(),
    });
    const kept = await run(['import', await changedPack({ [courseFile]: withoutHomework })]);
    expect(kept.out).toContain('  homework: 0 created, 0 updated, 1 removed');
    expect(await testbed.db.select().from(homeworks)).toEqual([{ ...homework, status: 'UNPUBLISHED' }]);
    // The lesson shows it to the learner who handed it in, and to nobody else.
    const lessonHomework = createLessonsRepository(testbed.db).lessonHomework;
    expect((await lessonHomework(homework!.lessonId, learner!.id)).map((h) => h.id)).toEqual([homework!.id]);
    expect(await lessonHomework(homework!.lessonId, learner!.id + 1_000_000)).toEqual([]);
    expect((await run(['import', await changedPack({ [courseFile]: withoutHomework })])).out).toContain(
      '  homework: 0 created, 0 updated, 0 removed',
    );
    // Back in the pack: the same homework, for everyone again.
    expect((await run(['import', examPack])).out).toContain('  homework: 0 created, 1 updated, 0 removed');
    expect(await testbed.db.select().from(homeworks)).toEqual([homework]);
  });
});

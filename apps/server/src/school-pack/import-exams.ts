import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { attempts, courses, examReviewers, exams, homeworks, lessons } from '../db/schema.js';
import { cents, emptyText } from './import-courses.js';
import { deletePaper, storedPaper, syncPaper } from './import-papers.js';
import { richText, toLocalized } from './pack-text.js';
import type { PackExamRead } from './read-exams.js';
import type { PackCourseRead } from './read-pack.js';
import { canonical, noChange, syncByUid, unpublishGone, type ImportCounts } from './sync-rows.js';

/*
 * A pack's exams and the homework on its lessons into the database. Exams come before courses
 * (an EXAM lesson opens one); the course an exam requires and the homework on lessons come after
 * them. What learners have is never lost: an exam the pack no longer has is unpublished, a paper
 * with attempts is replaced rather than changed (import-papers.ts), and homework a learner has
 * started stays on its lesson.
 */

export interface ExamImport {
  /** Each exam's id by uid. */
  ids: Map<string, number>;
  /** The uids of the exams created or updated, so a later change to one counts once. */
  changed: Set<string>;
  counts: { exams: ImportCounts; papers: ImportCounts };
}

export async function importExams(
  tx: Db,
  tenantId: number,
  packExams: PackExamRead[],
  teacherIds: Map<string, number>,
): Promise<ExamImport> {
  const counts = { exams: noChange(), papers: noChange() };
  const current = await tx
    .select({ uid: exams.uid, paperId: exams.paperId })
    .from(exams)
    .where(eq(exams.tenantId, tenantId));
  const paperOfExam = new Map(current.map((row) => [row.uid, row.paperId]));
  const paperIds = new Map<string, number>();
  for (const { uid, exam } of packExams) {
    paperIds.set(uid, await syncPaper(tx, tenantId, paperOfExam.get(uid) ?? null, storedPaper(exam), counts.papers));
  }

  const synced = await syncByUid(
    tx,
    exams,
    eq(exams.tenantId, tenantId),
    packExams.map(({ uid, exam }) => ({
      uid,
      values: () => ({
        tenantId,
        title: toLocalized(exam.title),
        cover: exam.cover,
        brief: exam.brief === undefined ? emptyText : richText(exam.brief),
        status: exam.status,
        priceCents: cents(exam.price),
        originalPriceCents: exam.originalPrice === undefined ? null : cents(exam.originalPrice),
        startTime: exam.startsAt === undefined ? null : new Date(exam.startsAt),
        endTime: exam.endsAt === undefined ? null : new Date(exam.endsAt),
        duration: exam.duration ?? null,
        totalScore: exam.questions.reduce((sum, question) => sum + question.points, 0),
        passScore: exam.passScore,
        quizCount: exam.questions.length,
        examTimes: exam.attempts ?? null,
        closedExam: exam.closedExam,
        lateLimit: exam.lateLimit ?? null,
        recommendedSeq: exam.recommended ?? null,
        paperId: paperIds.get(uid)!,
        answersVisible: exam.answersVisible,
      }),
    })),
    // Members, attempts and orders point at an exam.
    unpublishGone(tx, exams),
  );
  counts.exams = synced.counts;

  for (const { uid, exam } of packExams) {
    const examId = synced.ids.get(uid)!;
    const want = exam.reviewers.map((teacher, seq) => ({ teacherId: teacherIds.get(teacher)!, seq }));
    const have = await tx
      .select({ teacherId: examReviewers.teacherId, seq: examReviewers.seq })
      .from(examReviewers)
      .where(eq(examReviewers.examId, examId))
      .orderBy(asc(examReviewers.seq));
    if (canonical(have) === canonical(want)) continue;
    await tx.delete(examReviewers).where(eq(examReviewers.examId, examId));
    if (want.length > 0) await tx.insert(examReviewers).values(want.map((reviewer) => ({ examId, ...reviewer })));
    countOnce(counts.exams, synced.changed, uid);
  }
  return { ids: synced.ids, changed: synced.changed, counts };
}

/** A change to an exam's links is a change of the exam, counted once with its row's. */
function countOnce(counts: ImportCounts, changed: Set<string>, uid: string) {
  if (changed.has(uid)) return;
  changed.add(uid);
  counts.updated += 1;
}

/**
 * The course each exam requires progress in (progressNotAchieve), set once the courses are in:
 * on a first import the course is made after the exam.
 */
export async function linkRequiredCourses(
  tx: Db,
  tenantId: number,
  packExams: PackExamRead[],
  imported: ExamImport,
): Promise<void> {
  const courseIds = new Map(
    (await tx.select({ id: courses.id, uid: courses.uid }).from(courses).where(eq(courses.tenantId, tenantId))).map(
      (row) => [row.uid, row.id],
    ),
  );
  const ids = [...imported.ids.values()];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: exams.id, uid: exams.uid, courseId: exams.requiredCourseId, progress: exams.requiredProgress })
    .from(exams)
    .where(inArray(exams.id, ids));
  for (const { uid, exam } of packExams) {
    const row = rows.find((r) => r.uid === uid)!;
    const want = {
      courseId: exam.requires === undefined ? null : courseIds.get(exam.requires.course)!,
      progress: exam.requires?.progress ?? null,
    };
    if (row.courseId === want.courseId && row.progress === want.progress) continue;
    await tx
      .update(exams)
      .set({ requiredCourseId: want.courseId, requiredProgress: want.progress })
      .where(eq(exams.id, row.id));
    countOnce(imported.counts.exams, imported.changed, uid);
  }
}

/**
 * The homework on the pack's lessons (one at most per lesson), with its paper; counts papers
 * into `paperCounts`. Homework the pack no longer names is deleted, unless a learner has
 * started it: then it stays on its lesson with their work.
 */
export async function importHomework(
  tx: Db,
  tenantId: number,
  packCourses: PackCourseRead[],
  paperCounts: ImportCounts,
): Promise<ImportCounts> {
  const counts = noChange();
  for (const { uid, course } of packCourses) {
    const lessonRows = await tx
      .select({ id: lessons.id, uid: lessons.uid })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(and(eq(courses.tenantId, tenantId), eq(courses.uid, uid)));
    if (lessonRows.length === 0) continue;
    const lessonIds = new Map(lessonRows.map((row) => [row.uid, row.id]));
    const existing = await tx
      .select()
      .from(homeworks)
      .where(
        inArray(
          homeworks.lessonId,
          lessonRows.map((row) => row.id),
        ),
      )
      .orderBy(asc(homeworks.id));
    for (const lesson of course.chapters.flatMap((chapter) => chapter.lessons)) {
      const lessonId = lessonIds.get(lesson.uid)!;
      const have = existing.filter((row) => row.lessonId === lessonId);
      const kept =
        lesson.homework === undefined ? undefined : (have.find((row) => row.status === 'PUBLISHED') ?? have[0]);
      if (lesson.homework !== undefined) {
        const title = toLocalized(lesson.homework.title);
        const paperId = await syncPaper(tx, tenantId, kept?.paperId ?? null, storedPaper(lesson.homework), paperCounts);
        if (kept === undefined) {
          await tx.insert(homeworks).values({ tenantId, lessonId, paperId, title });
          counts.created += 1;
        } else if (
          kept.paperId !== paperId ||
          canonical(kept.title) !== canonical(title) ||
          kept.status !== 'PUBLISHED'
        ) {
          await tx.update(homeworks).set({ paperId, title, status: 'PUBLISHED' }).where(eq(homeworks.id, kept.id));
          counts.updated += 1;
        }
      }
      for (const row of have.filter((h) => h !== kept)) {
        const [started] = await tx
          .select({ id: attempts.id })
          .from(attempts)
          .where(eq(attempts.homeworkId, row.id))
          .limit(1);
        if (started !== undefined) {
          // Learners started it: kept for them (attempt and result), withdrawn from everyone else.
          if (row.status === 'PUBLISHED') {
            await tx.update(homeworks).set({ status: 'UNPUBLISHED' }).where(eq(homeworks.id, row.id));
            counts.removed += 1;
          }
          continue;
        }
        await tx.delete(homeworks).where(eq(homeworks.id, row.id));
        await deletePaper(tx, row.paperId);
        counts.removed += 1;
        paperCounts.removed += 1;
      }
    }
  }
  return counts;
}

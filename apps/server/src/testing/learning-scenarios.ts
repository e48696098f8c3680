import type { MediaType } from '@school/contract/enums';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { courses, lessons, tenants } from '../db/schema.js';
import { demoLearningScenarios } from '../demo-data/demo-learning-scenarios.js';

/*
 * The demo's learning scenarios (demo-data/demo-learning-scenarios.ts) as database ids, so API tests
 * never hard-code an id: `const s = await learningScenarios(t.db)`, then e.g.
 * `s.learnInOrder.lockedLessonId`. Browser tests reach the same scenarios through
 * `demoLearningScenarios` (course uid and lesson number) and the course outline of the API.
 */

export interface ScenarioLesson {
  courseUid: string;
  courseId: number;
  lessonId: number;
}

export interface LearningScenarios {
  /** Free, learn in order; the learner completed lesson 1 only: lesson 3 (`lessonId`) is locked behind lesson 2. */
  learnInOrder: ScenarioLesson & { completedLessonId: number; blockingLessonId: number; lockedLessonId: number };
  /** The learner's membership ended in the past; `lessonId` is lesson 2 (not a free trial). */
  expiredMembership: ScenarioLesson & { trialLessonId: number };
  /** A VIDEO lesson of a course the learner owns whose media is still converting (RUNNING). */
  conversionRunning: ScenarioLesson;
  /** An ACTIVITY lesson of a course the learner owns with exactly one seat left. */
  activityOneSeatLeft: ScenarioLesson;
  /** In the same course as the activity, which the learner owns. */
  liveTomorrow: ScenarioLesson;
  liveNow: ScenarioLesson;
  liveCompleted: ScenarioLesson;
  /** LIVE_RECODE: plays the mp4. */
  liveReplay: ScenarioLesson;
  lab: ScenarioLesson;
  /** OTHER: the exercises zip. */
  download: ScenarioLesson;
  /** The learner's courses with progress; `lessonId` is the last lesson studied, at `position`. */
  learnerProgress: (ScenarioLesson & { completedLessons: number; position: number })[];
  /** Free, owned by nobody (newbie joins it): lesson 1 the mp4 (`lessonId`), lesson 2 the HLS, lesson 3 the PDF. */
  newbieJourney: ScenarioLesson & { hlsLessonId: number; pdfLessonId: number };
  /** Free, owned by nobody: one lesson id per media type found in it (VIDEO … LIVE). */
  everyMediaType: { courseUid: string; courseId: number; lessonIds: Partial<Record<MediaType, number>> };
  /** The second school's course with a video (lesson 1, `lessonId`) and a PDF: media the demo school must not serve. */
  secondSchool: ScenarioLesson & { tenantId: number; pdfLessonId: number };
}

async function schoolId(db: Db, which: 'demo' | 'second'): Promise<number> {
  const [row] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.isDefault, which === 'demo'))
    .orderBy(asc(tenants.id))
    .limit(1);
  if (!row) throw new Error(`no ${which} school in the database`);
  return row.id;
}

/** A course's lesson ids in course order (index 0 is lesson 1), with their media types. */
async function courseLessons(db: Db, tenantId: number, courseUid: string) {
  const rows = await db
    .select({ courseId: courses.id, lessonId: lessons.id, mediaType: lessons.mediaType })
    .from(courses)
    .innerJoin(lessons, eq(lessons.courseId, courses.id))
    .where(and(eq(courses.tenantId, tenantId), eq(courses.uid, courseUid)))
    .orderBy(asc(lessons.seq));
  if (rows.length === 0) throw new Error(`demo scenario: no lessons in course ${courseUid}`);
  return { courseId: rows[0]!.courseId, lessons: rows };
}

export async function learningScenarios(db: Db): Promise<LearningScenarios> {
  const demo = await schoolId(db, 'demo');
  const cache = new Map<string, Awaited<ReturnType<typeof courseLessons>>>();
  const courseOf = async (uid: string) => {
    if (!cache.has(uid)) cache.set(uid, await courseLessons(db, demo, uid));
    return cache.get(uid)!;
  };
  /** Lesson `number` (1-based) of a course, checked to exist. */
  const lesson = async (courseUid: string, number: number): Promise<ScenarioLesson> => {
    const course = await courseOf(courseUid);
    const row = course.lessons[number - 1];
    if (!row) throw new Error(`demo scenario: course ${courseUid} has no lesson ${number}`);
    return { courseUid, courseId: course.courseId, lessonId: row.lessonId };
  };
  const s = demoLearningScenarios;

  const inOrder = s.learnInOrder;
  const expired = await lesson(s.expiredMembership.courseUid, 2);
  const journey = s.newbieJourney;
  const everyType = await courseOf(s.everyMediaType.courseUid);
  const second = await schoolId(db, 'second');
  const secondCourse = await courseLessons(db, second, demoLearningScenarios.secondSchoolCourseUid);
  return {
    learnInOrder: {
      ...(await lesson(inOrder.courseUid, inOrder.lockedLesson)),
      completedLessonId: (await lesson(inOrder.courseUid, inOrder.completedLesson)).lessonId,
      blockingLessonId: (await lesson(inOrder.courseUid, inOrder.blockingLesson)).lessonId,
      lockedLessonId: (await lesson(inOrder.courseUid, inOrder.lockedLesson)).lessonId,
    },
    expiredMembership: { ...expired, trialLessonId: (await lesson(expired.courseUid, 1)).lessonId },
    conversionRunning: await lesson(s.conversionRunning.courseUid, s.conversionRunning.lesson),
    activityOneSeatLeft: await lesson(s.activityOneSeatLeft.courseUid, s.activityOneSeatLeft.lesson),
    liveTomorrow: await lesson(s.liveTomorrow.courseUid, s.liveTomorrow.lesson),
    liveNow: await lesson(s.liveNow.courseUid, s.liveNow.lesson),
    liveCompleted: await lesson(s.liveCompleted.courseUid, s.liveCompleted.lesson),
    liveReplay: await lesson(s.liveReplay.courseUid, s.liveReplay.lesson),
    lab: await lesson(s.lab.courseUid, s.lab.lesson),
    download: await lesson(s.download.courseUid, s.download.lesson),
    learnerProgress: await Promise.all(
      s.learnerProgress.map(async (p) => ({
        ...(await lesson(p.courseUid, p.lastLesson)),
        completedLessons: p.completedLessons,
        position: p.position,
      })),
    ),
    newbieJourney: {
      ...(await lesson(journey.courseUid, journey.mp4Lesson)),
      hlsLessonId: (await lesson(journey.courseUid, journey.hlsLesson)).lessonId,
      pdfLessonId: (await lesson(journey.courseUid, journey.pdfLesson)).lessonId,
    },
    everyMediaType: {
      courseUid: s.everyMediaType.courseUid,
      courseId: everyType.courseId,
      // The first lesson of each type.
      lessonIds: Object.fromEntries(
        [...everyType.lessons].reverse().map((row) => [row.mediaType, row.lessonId] as const),
      ),
    },
    secondSchool: {
      tenantId: second,
      courseUid: demoLearningScenarios.secondSchoolCourseUid,
      courseId: secondCourse.courseId,
      lessonId: secondCourse.lessons[0]!.lessonId,
      pdfLessonId: secondCourse.lessons[1]!.lessonId,
    },
  };
}

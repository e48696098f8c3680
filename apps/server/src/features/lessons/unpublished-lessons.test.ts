import { examTakingPaths } from '@school/contract/exam-taking-paths';
import { courseDetailSchema, courseNoteListSchema, type CourseDetail } from '@school/contract/courses';
import { myCourseListSchema } from '@school/contract/learning';
import { lessonDetailSchema, type LessonDetail } from '@school/contract/lessons';
import { apiPaths, servedFilePaths } from '@school/contract/paths';
import { searchResultSchema } from '@school/contract/search';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { courseMembers, courseNotes, lessonLearnings, lessons, media } from '../../db/schema.js';
import { demoCourseUid as courseUid } from '../../demo-data/demo-learning-scenarios.js';
import { demoAccounts } from '../../demo-data/demo-accounts.js';
import { currentUserId } from '../../testing/accounts.js';
import { examScenarios, type ExamScenarios } from '../../testing/exam-scenarios.js';
import { learningScenarios, type LearningScenarios } from '../../testing/learning-scenarios.js';
import { get, login, ownSite, post } from '../../testing/site.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/*
 * A lesson its school's pack no longer has is UNPUBLISHED (migration 0010): to learners it does
 * not exist, while what they had of it stays in the database. Each test unpublishes seeded
 * lessons with SQL, as the pack importer does, and every lesson is published again after it.
 */

let t: TestApp;
let s: LearningScenarios;
let exams: ExamScenarios;
let learnerCookie: string;
let learnerId: number;
beforeAll(async () => {
  t = await createTestApp();
  s = await learningScenarios(t.db);
  exams = await examScenarios(t.db);
  learnerCookie = await login(t, demoAccounts.learner);
  learnerId = await currentUserId(t, learnerCookie);
});
afterEach(async () => {
  await t.db.update(lessons).set({ status: 'PUBLISHED' }).where(eq(lessons.status, 'UNPUBLISHED'));
});
afterAll(async () => {
  await t.close();
});

async function unpublish(...lessonIds: number[]) {
  await t.db.update(lessons).set({ status: 'UNPUBLISHED' }).where(inArray(lessons.id, lessonIds));
}

/** The learner's course with progress: lessons 1–2 completed, lesson 3 (`lessonId`) the last one, at page 2. */
const progressCourse = () => s.learnerProgress[0]!;

async function courseDetail(uid: string, cookie?: string): Promise<CourseDetail> {
  const res = await get(t, apiPaths.course(uid), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return courseDetailSchema.parse(res.json());
}

async function lessonDetail(lessonId: number, cookie?: string): Promise<LessonDetail> {
  const res = await get(t, apiPaths.lesson(lessonId), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return lessonDetailSchema.parse(res.json());
}

const outlineOf = (detail: { chapters: CourseDetail['chapters'] }) => detail.chapters.flatMap((c) => c.lessons);

function reportProgress(lessonId: number, position: number) {
  return t.app.inject({
    method: 'PUT',
    url: apiPaths.lessonProgress(lessonId),
    headers: { ...ownSite, cookie: learnerCookie },
    payload: { position, at: t.clock.now().toISOString() },
  });
}

/** The learner's rows of a course's lessons, unpublished ones included. */
function learningRowsOf(courseId: number) {
  return t.db
    .select({ lessonId: lessonLearnings.lessonId, status: lessonLearnings.status, position: lessonLearnings.position })
    .from(lessonLearnings)
    .innerJoin(lessons, eq(lessons.id, lessonLearnings.lessonId))
    .where(and(eq(lessonLearnings.userId, learnerId), eq(lessons.courseId, courseId)))
    .orderBy(asc(lessonLearnings.lessonId));
}

describe('an unpublished lesson', () => {
  it('leaves the course outline: the lessons after it are numbered on, and its neighbours skip it', async () => {
    const { courseUid: uid, lessonId } = progressCourse();
    const before = outlineOf(await courseDetail(uid, learnerCookie)).map((l) => l.id);
    const at = before.indexOf(lessonId);
    expect(at).toBeGreaterThan(0);

    await unpublish(lessonId);
    const outline = outlineOf(await courseDetail(uid, learnerCookie));
    expect(outline.map((l) => l.id)).toEqual(before.filter((id) => id !== lessonId));
    expect(outline.map((l) => l.number)).toEqual(outline.map((_, i) => i + 1));

    const previous = await lessonDetail(before[at - 1]!, learnerCookie);
    expect(previous.nextLessonId).toBe(before[at + 1]);
    expect(outlineOf(previous).map((l) => l.id)).not.toContain(lessonId);
  });

  it('takes a chapter whose lessons are all unpublished out of the outline, and the chapters after it are numbered on', async () => {
    const uid = courseUid(1);
    const before = await courseDetail(uid);
    const [first, second] = before.chapters;
    expect(second).toBeDefined();

    await unpublish(...first!.lessons.map((l) => l.id));
    const after = await courseDetail(uid);
    expect(after.chapters.map((c) => [c.id, c.number])).toEqual(before.chapters.slice(1).map((c, i) => [c.id, i + 1]));
    expect(outlineOf(after).map((l) => l.number)).toEqual(outlineOf(after).map((_, i) => i + 1));
    expect(after.firstLessonId).toBe(second!.lessons[0]!.id);
  });

  it('answers lessonNotFound to its detail, media file, notes and activity registration, and notFound to its homework', async () => {
    const { lessonId } = progressCourse();
    const [file] = await t.db
      .select({ files: media.files })
      .from(lessons)
      .innerJoin(media, eq(media.id, lessons.mediaId))
      .where(eq(lessons.id, lessonId));
    const fileName = file!.files[0]!.name;
    expect((await get(t, servedFilePaths.lessonMediaFile(lessonId, fileName), learnerCookie)).statusCode).toBe(200);
    const activity = s.activityOneSeatLeft.lessonId;
    const homework = exams.homework;
    expect(homework.lessonId).toBe(lessonId);

    await unpublish(lessonId, activity);
    const notFound = { code: 'lessonNotFound', message: expect.any(String) };
    for (const cookie of [learnerCookie, undefined]) {
      const res = await get(t, apiPaths.lesson(lessonId), cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    const mediaFile = await get(t, servedFilePaths.lessonMediaFile(lessonId, fileName), learnerCookie);
    expect(mediaFile.statusCode).toBe(404);
    expect(mediaFile.json()).toEqual(notFound);
    const note = await post(t, apiPaths.lessonNotes(lessonId), learnerCookie, { content: 'Still here?' });
    expect(note.statusCode).toBe(404);
    expect(note.json()).toEqual(notFound);

    const [seats] = await t.db.select({ n: lessons.participantCount }).from(lessons).where(eq(lessons.id, activity));
    const registration = await post(t, apiPaths.lessonActivityRegistration(activity), learnerCookie);
    expect(registration.statusCode).toBe(404);
    expect(registration.json()).toEqual(notFound);
    const [seatsAfter] = await t.db
      .select({ n: lessons.participantCount })
      .from(lessons)
      .where(eq(lessons.id, activity));
    expect(seatsAfter!.n).toBe(seats!.n);

    // The homework route answers a lesson it does not know so.
    const opened = await get(t, examTakingPaths.homework(lessonId, homework.homeworkId), learnerCookie);
    expect(opened.statusCode).toBe(404);
    expect(opened.json()).toMatchObject({ code: 'notFound' });
  });

  it("refuses a progress report on it, and keeps the learner's progress of it and of the course", async () => {
    const { courseId, lessonId, position } = progressCourse();
    const rowsBefore = await learningRowsOf(courseId);
    expect(rowsBefore).toContainEqual({ lessonId, status: 'LEARNING', position });
    const [membershipBefore] = await t.db
      .select()
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, learnerId)));

    await unpublish(lessonId);
    const res = await reportProgress(lessonId, position + 1);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'lessonNotFound' });

    expect(await learningRowsOf(courseId)).toEqual(rowsBefore);
    const [membershipAfter] = await t.db
      .select()
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, learnerId)));
    expect(membershipAfter).toEqual(membershipBefore);
  });

  it('never blocks a later lesson of a learn-in-order course', async () => {
    const { blockingLessonId, lockedLessonId } = s.learnInOrder;
    expect((await lessonDetail(lockedLessonId, learnerCookie)).refusal).toMatchObject({
      code: 'lessonLocked',
      blockingLesson: { id: blockingLessonId },
    });

    await unpublish(blockingLessonId);
    const unlocked = await lessonDetail(lockedLessonId, learnerCookie);
    expect(unlocked.refusal).toBeNull();
    expect(unlocked.content).not.toBeNull();
    expect(outlineOf(unlocked).find((l) => l.id === lockedLessonId)).toMatchObject({ locked: false });
    // The progress write checks the order in SQL of its own.
    const res = await reportProgress(lockedLessonId, 1);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("leaves the learner's notes on it out of their notes, and keeps them", async () => {
    const { courseUid: uid, courseId } = progressCourse();
    const [own] = await t.db
      .select({ id: courseNotes.id, lessonId: courseNotes.lessonId })
      .from(courseNotes)
      .where(and(eq(courseNotes.courseId, courseId), eq(courseNotes.userId, learnerId)));
    const notes = async () => {
      const res = await get(t, apiPaths.courseNotes(uid), learnerCookie);
      expect(res.statusCode, res.body).toBe(200);
      return courseNoteListSchema.parse(res.json());
    };
    const before = await notes();
    expect(before.items.map((n) => n.id)).toContain(own!.id);

    await unpublish(own!.lessonId);
    const after = await notes();
    expect(after.items.map((n) => n.id)).not.toContain(own!.id);
    expect(after.total).toBe(before.total - 1);
    expect((await get(t, apiPaths.note(own!.id), learnerCookie)).statusCode).toBe(404);
    expect(await t.db.select().from(courseNotes).where(eq(courseNotes.id, own!.id))).toHaveLength(1);
  });

  it('is no longer the last lesson to continue from: the learning centre and the course start from the first published lesson', async () => {
    const { courseUid: uid, lessonId } = progressCourse();
    const myCourse = async (courseUid: string) => {
      const res = await get(t, `${apiPaths.myCourses}?pageSize=50`, learnerCookie);
      expect(res.statusCode, res.body).toBe(200);
      return myCourseListSchema.parse(res.json()).items.find((c) => c.uid === courseUid)!;
    };
    expect(await myCourse(uid)).toMatchObject({ lastLessonId: lessonId });

    await unpublish(lessonId);
    const detail = await courseDetail(uid, learnerCookie);
    expect(detail.membership?.lastLessonId).toBeNull();
    expect(await myCourse(uid)).toMatchObject({ lastLessonId: null, firstLessonId: detail.firstLessonId });
    expect((await lessonDetail(detail.firstLessonId!, learnerCookie)).membership?.lastLessonId).toBeNull();
    // The membership still names it, for the day it is published again.
    const [membership] = await t.db
      .select({ lastLessonId: courseMembers.lastLessonId })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, progressCourse().courseId), eq(courseMembers.userId, learnerId)));
    expect(membership!.lastLessonId).toBe(lessonId);

    const inOrder = s.learnInOrder;
    await unpublish(inOrder.completedLessonId);
    expect(await myCourse(inOrder.courseUid)).toMatchObject({ firstLessonId: inOrder.blockingLessonId });
    expect((await courseDetail(inOrder.courseUid, learnerCookie)).firstLessonId).toBe(inOrder.blockingLessonId);
  });

  it('is not found by the live lesson search', async () => {
    const search = async () => {
      const res = await get(t, `${apiPaths.search}?type=LIVE&keyword=node.js`);
      expect(res.statusCode, res.body).toBe(200);
      return searchResultSchema.parse(res.json());
    };
    const before = await search();
    const [live] = await t.db
      .select({ title: lessons.title })
      .from(lessons)
      .where(eq(lessons.id, s.liveTomorrow.lessonId));
    expect(before.items.map((hit) => hit.title)).toContain(live!.title.en);

    await unpublish(s.liveTomorrow.lessonId);
    const after = await search();
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((hit) => hit.title)).not.toContain(live!.title.en);
  });
});

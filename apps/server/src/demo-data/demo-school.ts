import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { classrooms, courses, exams, lessons, teachers, users } from '../db/schema.js';

/*
 * What the demo data step (development and tests only) knows of the demo school after its pack
 * was imported: the school, its demo accounts, and ids of what the pack names by uid. Demo data
 * is learners' doing (accounts, memberships, progress, attempts, orders, comments): a school's
 * pack never holds it, so it is made here, around `now`.
 */

export interface DemoSchool {
  tenantId: number;
  /** A moment `offsetMs` from the whole hour the demo data is made in. */
  at(offsetMs: number): Date;
  /** User ids of the demo accounts and of the other learners, by username. */
  user(username: string): number;
  courseId(uid: string): number;
  /** Lesson ids of a course in outline order (index 0 is lesson 1). */
  lessonIds(courseUid: string): number[];
  /** A lesson by its number in the course outline (1-based). */
  lessonId(courseUid: string, lesson: number): number;
  examId(uid: string): number;
  teacherId(uid: string): number;
  classroomId(uid: string): number;
}

export const hour = 3_600_000;
export const day = 24 * hour;

/** Whole hours: countdowns in screenshots read round numbers. */
export const wholeHour = (now: Date) => new Date(Math.floor(now.getTime() / hour) * hour);

function lookup<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo data: the demo school has no ${what} ${String(key)}`);
  return value;
}

export async function demoSchool(db: Db, tenantId: number, now: Date): Promise<DemoSchool> {
  const anchor = wholeHour(now).getTime();
  const byUid = <T extends { uid: string | null; id: number }>(rows: T[]) =>
    new Map(rows.flatMap((row) => (row.uid === null ? [] : [[row.uid, row.id] as const])));
  const courseRows = await db
    .select({ id: courses.id, uid: courses.uid })
    .from(courses)
    .where(eq(courses.tenantId, tenantId));
  const courseIds = byUid(courseRows);
  const lessonRows = await db
    .select({ id: lessons.id, courseId: lessons.courseId })
    .from(lessons)
    .where(and(eq(lessons.tenantId, tenantId), eq(lessons.status, 'PUBLISHED')))
    .orderBy(asc(lessons.seq));
  const lessonsOf = new Map<number, number[]>();
  for (const row of lessonRows) lessonsOf.set(row.courseId, [...(lessonsOf.get(row.courseId) ?? []), row.id]);
  const examIds = byUid(
    await db.select({ id: exams.id, uid: exams.uid }).from(exams).where(eq(exams.tenantId, tenantId)),
  );
  const teacherIds = byUid(
    await db.select({ id: teachers.id, uid: teachers.uid }).from(teachers).where(eq(teachers.tenantId, tenantId)),
  );
  const classroomIds = byUid(
    await db
      .select({ id: classrooms.id, uid: classrooms.uid })
      .from(classrooms)
      .where(eq(classrooms.tenantId, tenantId)),
  );
  const userIds = new Map(
    (await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.tenantId, tenantId))).map(
      (row) => [row.username, row.id],
    ),
  );
  const lessonIds = (courseUid: string) => lookup(lessonsOf, lookup(courseIds, courseUid, 'course'), 'lessons in');
  return {
    tenantId,
    at: (offsetMs) => new Date(anchor + offsetMs),
    user: (username) => lookup(userIds, username, 'user'),
    courseId: (uid) => lookup(courseIds, uid, 'course'),
    lessonIds,
    lessonId: (courseUid, lesson) => {
      const id = lessonIds(courseUid)[lesson - 1];
      if (id === undefined)
        throw new Error(`demo data: the demo school has no lesson of ${courseUid} numbered ${lesson}`);
      return id;
    },
    examId: (uid) => lookup(examIds, uid, 'exam'),
    teacherId: (uid) => lookup(teacherIds, uid, 'teacher'),
    classroomId: (uid) => lookup(classroomIds, uid, 'classroom'),
  };
}

import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  classroomAnnouncements,
  classroomCourses,
  classroomMembers,
  classrooms,
  classroomTeachers,
  courseMembers,
  courses,
} from '../db/schema.js';
import { importArticles } from './import-articles.js';
import { cents, emptyText } from './import-courses.js';
import { importCoupons } from './import-coupons.js';
import type { PackClassroom } from './pack-schema-classrooms.js';
import { richText, toLocalized } from './pack-text.js';
import type { SchoolPack } from './read-pack.js';
import { canonical, syncByUid, unpublishGone, type ImportCounts } from './sync-rows.js';

/*
 * A pack's classrooms into the database, then its articles and coupons (which may name a
 * classroom). What learners hold is never lost: a classroom the pack no longer has is
 * unpublished with its members, comments and orders kept; the counters learners make (students,
 * ratings) are left alone.
 */

export interface ClassroomIds {
  /** Classroom categories by uid. */
  categories: Map<string, number>;
  teachers: Map<string, number>;
}

const momentOrNull = (moment: string | undefined) => (moment === undefined ? null : new Date(moment));

function classroomValues(tenantId: number, classroom: PackClassroom, ids: ClassroomIds) {
  return {
    tenantId,
    title: toLocalized(classroom.title),
    cover: classroom.cover,
    intro: classroom.intro === undefined ? emptyText : richText(classroom.intro),
    teachingPlan: classroom.teachingPlan === undefined ? emptyText : richText(classroom.teachingPlan),
    categoryId: classroom.category === undefined ? null : ids.categories.get(classroom.category)!,
    status: classroom.status,
    priceCents: cents(classroom.price),
    originalPriceCents: classroom.originalPrice === undefined ? null : cents(classroom.originalPrice),
    enrolStartTime: momentOrNull(classroom.enrolStartsAt),
    enrolEndTime: momentOrNull(classroom.enrolEndsAt),
    startTime: momentOrNull(classroom.startsAt),
    durationDays: classroom.durationDays ?? null,
    maxStudents: classroom.maxStudents ?? null,
    courseCount: classroom.courses.length,
    recommendedSeq: classroom.recommended ?? null,
  };
}

export async function importClassroomsArticlesCoupons(
  tx: Db,
  tenantId: number,
  pack: SchoolPack,
  ids: ClassroomIds,
): Promise<Record<'classrooms' | 'articles' | 'coupons', ImportCounts>> {
  const courseRows = await tx
    .select({ id: courses.id, uid: courses.uid })
    .from(courses)
    .where(eq(courses.tenantId, tenantId));
  const courseIds = new Map(courseRows.map((row) => [row.uid, row.id]));

  const synced = await syncByUid(
    tx,
    classrooms,
    eq(classrooms.tenantId, tenantId),
    pack.classrooms.map((classroom) => ({
      uid: classroom.uid,
      values: () => classroomValues(tenantId, classroom, ids),
    })),
    unpublishGone(tx, classrooms),
  );
  const counts = synced.counts;
  for (const classroom of pack.classrooms) {
    const classroomId = synced.ids.get(classroom.uid)!;
    const wantedCourses = classroom.courses.map((uid) => courseIds.get(uid)!);
    const addedCourses = await replaceClassroomLinks(tx, classroomCourses, classroomId, wantedCourses);
    if (addedCourses !== null) await enrolMembers(tx, tenantId, classroomId, addedCourses);
    const teachersChanged =
      (await replaceClassroomLinks(
        tx,
        classroomTeachers,
        classroomId,
        classroom.teachers.map((uid) => ids.teachers.get(uid)!),
      )) !== null;
    const announcementsChanged = await syncAnnouncements(tx, classroomId, classroom.announcements);
    // New courses, teachers or announcements are a change of the classroom, counted once with its row's.
    if ((addedCourses !== null || teachersChanged || announcementsChanged) && !synced.changed.has(classroom.uid))
      counts.updated += 1;
  }

  return {
    classrooms: counts,
    articles: await importArticles(tx, tenantId, pack.articles),
    coupons: await importCoupons(tx, tenantId, pack.coupons, { COURSE: courseIds, CLASSROOM: synced.ids }),
  };
}

/**
 * A classroom's courses or teachers, in the pack's order, replaced when they differ; answers the
 * ones it did not have before, or null when nothing changed.
 */
async function replaceClassroomLinks(
  tx: Db,
  table: typeof classroomCourses | typeof classroomTeachers,
  classroomId: number,
  wanted: number[],
): Promise<number[] | null> {
  const linked = table === classroomCourses ? classroomCourses.courseId : classroomTeachers.teacherId;
  const have = await tx
    .select({ id: linked, seq: table.seq })
    .from(table)
    .where(eq(table.classroomId, classroomId))
    .orderBy(table.seq);
  const want = wanted.map((id, seq) => ({ id, seq }));
  if (canonical(have) === canonical(want)) return null;
  await tx.delete(table).where(eq(table.classroomId, classroomId));
  if (want.length > 0) {
    await tx
      .insert(table)
      .values(
        want.map(({ id, seq }) =>
          table === classroomCourses ? { classroomId, courseId: id, seq } : { classroomId, teacherId: id, seq },
        ) as never,
      );
  }
  return wanted.filter((id) => !have.some((row) => row.id === id));
}

/**
 * A classroom is studied through its courses (decision 011): its members become members of a
 * course the pack adds to it, from the day they joined the classroom, each counted once as the
 * course's student. A course taken out of it keeps its members.
 */
async function enrolMembers(tx: Db, tenantId: number, classroomId: number, courseIds: number[]): Promise<void> {
  if (courseIds.length === 0) return;
  const members = await tx
    .select({ userId: classroomMembers.userId, joinedAt: classroomMembers.joinedAt })
    .from(classroomMembers)
    .where(eq(classroomMembers.classroomId, classroomId));
  if (members.length === 0) return;
  const joined = await tx
    .insert(courseMembers)
    .values(members.flatMap((member) => courseIds.map((courseId) => ({ tenantId, courseId, ...member }))))
    .onConflictDoNothing()
    .returning({ courseId: courseMembers.courseId });
  for (const courseId of courseIds) {
    const newStudents = joined.filter((row) => row.courseId === courseId).length;
    if (newStudents > 0) {
      await tx
        .update(courses)
        .set({ studentCount: sql`${courses.studentCount} + ${newStudents}` })
        .where(eq(courses.id, courseId));
    }
  }
}

/**
 * A classroom's announcements, matched by the time they were posted (their identity in the
 * pack): a changed one is updated in place, keeping the id its address shows; answers whether
 * any changed.
 */
async function syncAnnouncements(
  tx: Db,
  classroomId: number,
  wanted: PackClassroom['announcements'],
): Promise<boolean> {
  const have = await tx
    .select()
    .from(classroomAnnouncements)
    .where(eq(classroomAnnouncements.classroomId, classroomId));
  const byTime = new Map(have.map((row) => [row.createdAt.getTime(), row]));
  let changed = false;
  for (const announcement of wanted) {
    const createdAt = new Date(announcement.postedAt);
    const values = { title: toLocalized(announcement.title), content: richText(announcement.content) };
    const old = byTime.get(createdAt.getTime());
    byTime.delete(createdAt.getTime());
    if (old === undefined) {
      await tx.insert(classroomAnnouncements).values({ classroomId, createdAt, ...values });
      changed = true;
    } else if (canonical({ title: old.title, content: old.content }) !== canonical(values)) {
      await tx.update(classroomAnnouncements).set(values).where(eq(classroomAnnouncements.id, old.id));
      changed = true;
    }
  }
  const gone = [...byTime.values()].map((row) => row.id);
  if (gone.length > 0) {
    await tx.delete(classroomAnnouncements).where(inArray(classroomAnnouncements.id, gone));
    changed = true;
  }
  return changed;
}

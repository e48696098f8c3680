import type { ProductType } from '@school/contract/orders';
import { and, eq, gt, inArray, isNull, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  classroomCourses,
  classroomMembers,
  classrooms,
  courseMembers,
  courses,
  examMembers,
  exams,
  lessonLearnings,
  lessons,
  orders,
  refunds,
} from '../db/schema.js';
import { courseLearning } from '../lib/learning-status.js';
import { membershipExpiry, runningAt } from './validity.js';

/*
 * Memberships of courses, classrooms and exams: joining one free, the one a paid order grants,
 * ending it on an accepted refund, the seats a classroom has left, and whether a learner still
 * has a product. The courses, classrooms, exams and orders features all come here, so a
 * membership made by a tap on Join and one made by a payment follow the same rules: counted
 * once as a student, a course's validity, a classroom's seats and the courses it gives.
 *
 * Every function takes the Db it writes with: call them inside the caller's transaction.
 */

/**
 * What the learner's own lesson records say of a course they join (again): quitting or a
 * refund ends the membership but keeps each lesson's progress, so a new membership starts with
 * the lessons already finished counted and "continue" where they were.
 */
function keptProgress(courseId: number, userId: number) {
  const own = sql`from ${lessonLearnings} join ${lessons} on ${lessons.id} = ${lessonLearnings.lessonId}
    where ${lessons.courseId} = ${courseId} and ${lessonLearnings.userId} = ${userId}`;
  return {
    learnedLessonCount: sql<number>`(select count(*)::int ${own} and ${lessonLearnings.status} = 'COMPLETED')`,
    lastLessonId: sql<number | null>`(select ${lessonLearnings.lessonId} ${own}
      order by ${lessonLearnings.reportedAt} desc nulls last limit 1)`,
    lastLearnedAt: sql<Date | null>`(select max(${lessonLearnings.reportedAt}) ${own})`,
  };
}

export type CourseMemberRow = typeof courseMembers.$inferSelect;

/** A join that must not happen; thrown so the caller's transaction rolls back. */
export class MembershipRefused extends Error {
  constructor(readonly reason: 'memberExisted' | 'full') {
    super(reason);
  }
}

type CountedTable = typeof courses | typeof classrooms | typeof exams;

async function countStudents(db: Db, table: CountedTable, ids: number[], by: 1 | -1): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(table)
    .set({ studentCount: sql`greatest(${table.studentCount} + ${by}, 0)` })
    .where(inArray(table.id, ids));
}

/**
 * Makes the learner a member of the course, counted as a student; a membership that ran out is
 * renewed from `now` by the course's validity (already counted, progress kept). Throws
 * memberExisted while one still runs: a second tap, or buying what is still held.
 */
export async function joinCourse(
  db: Db,
  input: { tenantId: number; courseId: number; userId: number; now: Date },
): Promise<CourseMemberRow> {
  const { tenantId, courseId, userId, now } = input;
  const [course] = await db
    .select({
      validityKind: courses.validityKind,
      validityDays: courses.validityDays,
      validityEndDate: courses.validityEndDate,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw new Error(`no course ${courseId}`);
  const expiresAt = membershipExpiry(course, now);
  const [row] = await db
    .insert(courseMembers)
    .values({ tenantId, courseId, userId, joinedAt: now, expiresAt, ...keptProgress(courseId, userId) })
    .onConflictDoUpdate({
      target: [courseMembers.courseId, courseMembers.userId],
      set: { expiresAt },
      setWhere: lt(courseMembers.expiresAt, now),
    })
    .returning({ ...courseMemberColumns, inserted: sql<boolean>`xmax = 0` });
  if (!row) throw new MembershipRefused('memberExisted');
  const { inserted, ...member } = row;
  if (inserted) await countStudents(db, courses, [courseId], 1);
  return member;
}

const courseMemberColumns = {
  tenantId: courseMembers.tenantId,
  courseId: courseMembers.courseId,
  userId: courseMembers.userId,
  joinedAt: courseMembers.joinedAt,
  expiresAt: courseMembers.expiresAt,
  learnedLessonCount: courseMembers.learnedLessonCount,
  lastLessonId: courseMembers.lastLessonId,
  lastLearnedAt: courseMembers.lastLearnedAt,
};

/**
 * Seats an unpaid order holds until it expires: a learner paying for the last seat gets it, and
 * nobody else can take it meanwhile. The learner's own order holds nothing against them.
 */
function heldSeats(classroomId: number, exceptUserId: number, now: Date) {
  return sql`(select count(*) from ${orders} where ${and(
    holdingOrders(classroomId, now),
    ne(orders.userId, exceptUserId),
  )})`;
}

/** The unpaid orders for the classroom whose time is not up. */
const holdingOrders = (classroomId: number, now: Date) =>
  and(
    eq(orders.productType, 'CLASSROOM'),
    eq(orders.productId, classroomId),
    eq(orders.status, 'CREATED'),
    gt(orders.expiresAt, now),
  );

/** The classroom has a seat for this learner: no limit, or its members and held seats leave one. */
function seatLeft(classroomId: number, userId: number, now: Date) {
  return or(
    isNull(classrooms.maxStudents),
    sql`${classrooms.studentCount} + ${heldSeats(classroomId, userId, now)} < ${classrooms.maxStudents}`,
  )!;
}

/**
 * The seats of a classroom that unpaid orders hold now: all of them, and the one (0 or 1) the
 * learner's own order holds, which does not count against them (null: a visitor).
 */
export async function seatsHeld(
  db: Db,
  classroomId: number,
  now: Date,
  userId: number | null,
): Promise<{ total: number; own: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      own: sql<number>`(count(*) filter (where ${orders.userId} = ${userId ?? 0}))::int`,
    })
    .from(orders)
    .where(holdingOrders(classroomId, now));
  return { total: row?.total ?? 0, own: row?.own ?? 0 };
}

/** Whether the learner could take a seat in the classroom now (before asking them to pay for it). */
export async function hasSeatFor(db: Db, classroomId: number, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: classrooms.id })
    .from(classrooms)
    .where(and(eq(classrooms.id, classroomId), seatLeft(classroomId, userId, now)));
  return row !== undefined;
}

/**
 * Makes the learner a member of the classroom and of each of its courses they do not hold
 * running (a classroom is studied through its courses; progress is kept per course), each counted
 * as a student. `seat`: `free` takes one only if left (throws full; the conditional UPDATE holds
 * the row lock, so two joins racing for the last seat cannot both get it); `held` is the seat
 * the learner's paid order held. Throws memberExisted when they are a member already.
 */
export async function joinClassroom(
  db: Db,
  input: { tenantId: number; classroomId: number; userId: number; now: Date; seat: 'free' | 'held' },
): Promise<Date> {
  const { tenantId, classroomId, userId, now } = input;
  const [member] = await db
    .insert(classroomMembers)
    .values({ tenantId, classroomId, userId, joinedAt: now })
    .onConflictDoNothing()
    .returning({ joinedAt: classroomMembers.joinedAt });
  if (!member) throw new MembershipRefused('memberExisted');
  const [seat] = await db
    .update(classrooms)
    .set({ studentCount: sql`${classrooms.studentCount} + 1` })
    .where(and(eq(classrooms.id, classroomId), input.seat === 'held' ? undefined : seatLeft(classroomId, userId, now)))
    .returning({ id: classrooms.id });
  if (!seat) throw new MembershipRefused('full');
  const courseIds = await db
    .select({ courseId: classroomCourses.courseId })
    .from(classroomCourses)
    .where(eq(classroomCourses.classroomId, classroomId));
  if (courseIds.length === 0) return member.joinedAt;
  // A course membership of the learner's own that ran out becomes the classroom's (it lasts as
  // long as the classroom's, and a refund of the classroom takes it back); a running one stays theirs.
  const given = await db
    .insert(courseMembers)
    .values(
      courseIds.map(({ courseId }) => ({
        tenantId,
        courseId,
        userId,
        joinedAt: now,
        expiresAt: null,
        ...keptProgress(courseId, userId),
      })),
    )
    .onConflictDoUpdate({
      target: [courseMembers.courseId, courseMembers.userId],
      set: { joinedAt: now, expiresAt: null },
      setWhere: lt(courseMembers.expiresAt, now),
    })
    .returning({ courseId: courseMembers.courseId, inserted: sql<boolean>`xmax = 0` });
  await countStudents(
    db,
    courses,
    given.filter((row) => row.inserted).map((row) => row.courseId),
    1,
  );
  return member.joinedAt;
}

/** Makes the learner a member of the exam, counted as a student; throws memberExisted when they are one. */
export async function joinExam(db: Db, input: { tenantId: number; examId: number; userId: number; now: Date }) {
  const { tenantId, examId, userId, now } = input;
  const [member] = await db
    .insert(examMembers)
    .values({ tenantId, examId, userId, joinedAt: now })
    .onConflictDoNothing()
    .returning({ joinedAt: examMembers.joinedAt, attemptsUsed: examMembers.attemptsUsed });
  if (!member) throw new MembershipRefused('memberExisted');
  await countStudents(db, exams, [examId], 1);
  return member;
}

/** What an order is for: its learner and product. */
export interface Purchase {
  tenantId: number;
  userId: number;
  productType: ProductType;
  productId: number;
}

/**
 * What a paid order gives, as joining would (the same counting, validity and courses), into the
 * seat the order held. Already a member (a second notification's race, a free join meanwhile):
 * nothing changes.
 */
export async function grantMembership(db: Db, purchase: Purchase, now: Date): Promise<void> {
  const { tenantId, userId, productId } = purchase;
  try {
    if (purchase.productType === 'COURSE') await joinCourse(db, { tenantId, courseId: productId, userId, now });
    else if (purchase.productType === 'CLASSROOM')
      await joinClassroom(db, { tenantId, classroomId: productId, userId, now, seat: 'held' });
    else await joinExam(db, { tenantId, examId: productId, userId, now });
  } catch (error) {
    if (!(error instanceof MembershipRefused && error.reason === 'memberExisted')) throw error;
  }
}

/**
 * An accepted refund takes back what the order gave. A classroom's courses are taken back
 * only where the classroom gave them (joined in the same instant as the classroom).
 */
export async function endMembership(db: Db, purchase: Purchase): Promise<void> {
  const { userId, productId } = purchase;
  if (purchase.productType === 'EXAM') {
    const gone = await db
      .delete(examMembers)
      .where(and(eq(examMembers.examId, productId), eq(examMembers.userId, userId)))
      .returning({ id: examMembers.examId });
    await countStudents(db, exams, idsOf(gone), -1);
    return;
  }
  let givenWith: Date | null = null;
  if (purchase.productType === 'CLASSROOM') {
    const [member] = await db
      .delete(classroomMembers)
      .where(and(eq(classroomMembers.classroomId, productId), eq(classroomMembers.userId, userId)))
      .returning({ joinedAt: classroomMembers.joinedAt });
    if (!member) return;
    await countStudents(db, classrooms, [productId], -1);
    givenWith = member.joinedAt;
  }
  const gone = await db
    .delete(courseMembers)
    .where(
      givenWith === null
        ? and(eq(courseMembers.courseId, productId), eq(courseMembers.userId, userId))
        : and(
            eq(courseMembers.userId, userId),
            eq(courseMembers.joinedAt, givenWith),
            inArray(
              courseMembers.courseId,
              db
                .select({ id: classroomCourses.courseId })
                .from(classroomCourses)
                .where(eq(classroomCourses.classroomId, productId)),
            ),
          ),
    )
    .returning({ id: courseMembers.courseId });
  await countStudents(db, courses, idsOf(gone), -1);
}

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);

/**
 * The learner's progress in the course, 0 to 100 (lib/learning-status.ts), running or not;
 * null when they never were a member of it.
 */
export async function courseProgress(db: Db, courseId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({
      learnedLessonCount: courseMembers.learnedLessonCount,
      lastLessonId: courseMembers.lastLessonId,
      lessonCount: courses.lessonCount,
    })
    .from(courseMembers)
    .innerJoin(courses, eq(courses.id, courseMembers.courseId))
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.userId, userId)));
  return row === undefined ? null : courseLearning(row, row.lessonCount).progress;
}

/**
 * Whether the learner asked for their money back for the product and the school has not decided
 * yet (the membership runs until it accepts): a column for a list's select.
 */
export function refundUnderReview(userId: number, type: ProductType, productId: AnyColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${refunds} inner join ${orders} on ${orders.id} = ${refunds.orderId}
    where ${orders.userId} = ${userId} and ${orders.productType} = ${type} and ${orders.productId} = ${productId}
      and ${refunds.status} = 'CREATED')`;
}

/** Whether the learner has the product now: a course membership still running, a classroom's or an exam's. */
export async function holdsProduct(
  db: Db,
  type: ProductType,
  productId: number,
  userId: number,
  now: Date,
): Promise<boolean> {
  const [row] =
    type === 'COURSE'
      ? await db
          .select({ one: sql`1` })
          .from(courseMembers)
          .where(and(eq(courseMembers.courseId, productId), eq(courseMembers.userId, userId), runningAt(now)))
      : type === 'CLASSROOM'
        ? await db
            .select({ one: sql`1` })
            .from(classroomMembers)
            .where(and(eq(classroomMembers.classroomId, productId), eq(classroomMembers.userId, userId)))
        : await db
            .select({ one: sql`1` })
            .from(examMembers)
            .where(and(eq(examMembers.examId, productId), eq(examMembers.userId, userId)));
  return row !== undefined;
}

/**
 * The learner's paid order for the product that no accepted refund undid (the latest paid),
 * as a column for a select: its trade number, or null when the membership was joined free.
 * For a select with a join: drizzle writes a one-table select's columns unqualified, and the
 * names inside would then be ambiguous.
 */
export function paidOrderOf(userId: number, type: 'COURSE' | 'CLASSROOM', productId: AnyColumn | number) {
  return sql<string | null>`(select ${orders.tradeNo} from ${orders}
    where ${orders.userId} = ${userId} and ${orders.productType} = ${type} and ${orders.productId} = ${productId}
      and ${orders.status} = 'PAID'
      and not exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'ACCEPTED')
    order by ${orders.paidAt} desc nulls last, ${orders.id} desc limit 1)`;
}

/**
 * The classroom that gave the learner this course membership (joined in the same instant as
 * the classroom, the rule endMembership follows), as a column: its id, or null. For a select
 * with a join, as paidOrderOf.
 */
export function givingClassroomOf(userId: number, courseId: AnyColumn | number, joinedAt: AnyColumn | Date) {
  const joined = joinedAt instanceof Date ? sql`${joinedAt.toISOString()}::timestamptz` : sql`${joinedAt}`;
  return sql<number | null>`(select ${classroomMembers.classroomId} from ${classroomMembers}
    join ${classroomCourses} on ${classroomCourses.classroomId} = ${classroomMembers.classroomId}
    where ${classroomMembers.userId} = ${userId} and ${classroomCourses.courseId} = ${courseId}
      and ${classroomMembers.joinedAt} = ${joined}
    order by ${classroomMembers.classroomId} limit 1)`.mapWith(Number);
}

/** Why the learner may not quit the membership themselves; null: they may. */
export type QuitRefusal = { kind: 'refund'; tradeNo: string } | { kind: 'classroom'; classroomId: number };

/**
 * Ends a membership the learner joined free, with what it gave (a classroom's courses), as an
 * accepted refund does. Locks the membership row first, so a quit racing another quit, a
 * payment or a join sees one outcome. `gone`: there was no membership (quitting twice is the
 * same as once); `refused`: a paid order or a classroom holds it, nothing changed.
 */
export async function quitMembership(
  db: Db,
  quit: { tenantId: number; userId: number; productType: 'COURSE' | 'CLASSROOM'; productId: number },
): Promise<{ outcome: 'quit' | 'gone' } | { outcome: 'refused'; refusal: QuitRefusal }> {
  const { userId, productId } = quit;
  const [held] =
    quit.productType === 'COURSE'
      ? await db
          .select({ joinedAt: courseMembers.joinedAt })
          .from(courseMembers)
          .where(and(eq(courseMembers.courseId, productId), eq(courseMembers.userId, userId)))
          .for('update')
      : await db
          .select({ joinedAt: classroomMembers.joinedAt })
          .from(classroomMembers)
          .where(and(eq(classroomMembers.classroomId, productId), eq(classroomMembers.userId, userId)))
          .for('update');
  if (held === undefined) return { outcome: 'gone' };
  if (quit.productType === 'COURSE') {
    const [giver] = await db
      .select({ classroomId: classroomMembers.classroomId })
      .from(classroomMembers)
      .innerJoin(classroomCourses, eq(classroomCourses.classroomId, classroomMembers.classroomId))
      .where(
        and(
          eq(classroomMembers.userId, userId),
          eq(classroomCourses.courseId, productId),
          eq(classroomMembers.joinedAt, held.joinedAt),
        ),
      )
      .limit(1);
    if (giver) return { outcome: 'refused', refusal: { kind: 'classroom', classroomId: giver.classroomId } };
  }
  const [paid] = await db
    .select({ tradeNo: orders.tradeNo })
    .from(orders)
    .leftJoin(refunds, and(eq(refunds.orderId, orders.id), eq(refunds.status, 'ACCEPTED')))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.productType, quit.productType),
        eq(orders.productId, productId),
        eq(orders.status, 'PAID'),
        isNull(refunds.id),
      ),
    )
    .limit(1);
  if (paid) return { outcome: 'refused', refusal: { kind: 'refund', tradeNo: paid.tradeNo } };
  await endMembership(db, quit);
  return { outcome: 'quit' };
}

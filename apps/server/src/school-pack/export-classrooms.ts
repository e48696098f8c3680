import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  articles,
  categories,
  classroomAnnouncements,
  classroomCourses,
  classrooms,
  classroomTeachers,
  coupons,
  courses,
  teachers,
} from '../db/schema.js';
import { fromLocalized, isEmpty, moment, money, yaml } from './pack-text.js';

/*
 * A school's classrooms, articles and coupons back as `classrooms/<uid>.yaml`,
 * `articles/<uid>.yaml` and `coupons.yaml`, keys in the schema's order and left out at their
 * default. What learners no longer see is not written: an unpublished classroom or article, an
 * expired coupon. What a classroom or coupon names is written only when the export writes it too,
 * so the exported pack reads without problems.
 */

const optional = <K extends string, V>(key: K, value: V | null | undefined) =>
  (value === null || value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
const momentOf = (date: Date | null) => (date === null ? null : moment(date));

export async function exportClassroomsArticlesCoupons(
  db: Db,
  tenantId: number,
  files: Map<string, string>,
): Promise<void> {
  const courseRows = await db
    .select({ id: courses.id, uid: courses.uid })
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), ne(courses.status, 'UNPUBLISHED')));
  const courseUid = new Map(courseRows.map((row) => [row.id, row.uid]));
  const classroomRows = await db
    .select()
    .from(classrooms)
    .where(and(eq(classrooms.tenantId, tenantId), ne(classrooms.status, 'UNPUBLISHED')))
    .orderBy(asc(classrooms.uid));
  const classroomUid = new Map(classroomRows.map((row) => [row.id, row.uid]));
  await exportClassrooms(db, tenantId, classroomRows, courseUid, files);
  await exportArticles(db, tenantId, files);
  await exportCoupons(db, tenantId, { COURSE: courseUid, CLASSROOM: classroomUid }, files);
}

async function exportClassrooms(
  db: Db,
  tenantId: number,
  classroomRows: (typeof classrooms.$inferSelect)[],
  courseUid: Map<number, string>,
  files: Map<string, string>,
): Promise<void> {
  if (classroomRows.length === 0) return;
  const ids = classroomRows.map((row) => row.id);
  const categoryRows = await db
    .select({ id: categories.id, uid: categories.uid })
    .from(categories)
    .where(and(eq(categories.tenantId, tenantId), isNotNull(categories.uid)));
  const categoryUid = new Map(categoryRows.map((row) => [row.id, row.uid!]));
  const courseLinks = await db
    .select()
    .from(classroomCourses)
    .where(inArray(classroomCourses.classroomId, ids))
    .orderBy(asc(classroomCourses.seq));
  const teacherLinks = await db
    .select({ classroomId: classroomTeachers.classroomId, uid: teachers.uid })
    .from(classroomTeachers)
    .innerJoin(teachers, eq(teachers.id, classroomTeachers.teacherId))
    .where(and(inArray(classroomTeachers.classroomId, ids), isNotNull(teachers.uid)))
    .orderBy(asc(classroomTeachers.seq));
  const announcementRows = await db
    .select()
    .from(classroomAnnouncements)
    .where(inArray(classroomAnnouncements.classroomId, ids))
    .orderBy(asc(classroomAnnouncements.createdAt), asc(classroomAnnouncements.id));

  for (const classroom of classroomRows) {
    const courseUids = courseLinks
      .filter((link) => link.classroomId === classroom.id && courseUid.has(link.courseId))
      .map((link) => courseUid.get(link.courseId)!);
    const teacherUids = teacherLinks.filter((link) => link.classroomId === classroom.id).map((link) => link.uid!);
    const announcements = announcementRows
      .filter((row) => row.classroomId === classroom.id)
      .map((row) => ({
        postedAt: moment(row.createdAt),
        title: fromLocalized(row.title),
        content: fromLocalized(row.content),
      }));
    const written = {
      title: fromLocalized(classroom.title),
      cover: classroom.cover,
      ...(isEmpty(classroom.intro) ? {} : { intro: fromLocalized(classroom.intro) }),
      ...(isEmpty(classroom.teachingPlan) ? {} : { teachingPlan: fromLocalized(classroom.teachingPlan) }),
      ...optional('category', classroom.categoryId === null ? null : categoryUid.get(classroom.categoryId)),
      ...(classroom.status === 'PUBLISHED' ? {} : { status: classroom.status }),
      ...(classroom.priceCents === 0 ? {} : { price: money(classroom.priceCents) }),
      ...optional('originalPrice', classroom.originalPriceCents === null ? null : money(classroom.originalPriceCents)),
      ...optional('enrolStartsAt', momentOf(classroom.enrolStartTime)),
      ...optional('enrolEndsAt', momentOf(classroom.enrolEndTime)),
      ...optional('startsAt', momentOf(classroom.startTime)),
      ...optional('durationDays', classroom.durationDays),
      ...optional('maxStudents', classroom.maxStudents),
      ...optional('recommended', classroom.recommendedSeq),
      ...(courseUids.length === 0 ? {} : { courses: courseUids }),
      ...(teacherUids.length === 0 ? {} : { teachers: teacherUids }),
      ...(announcements.length === 0 ? {} : { announcements }),
    };
    files.set(`classrooms/${classroom.uid}.yaml`, yaml(written));
  }
}

async function exportArticles(db: Db, tenantId: number, files: Map<string, string>): Promise<void> {
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.tenantId, tenantId), eq(articles.published, true), isNotNull(articles.uid)));
  for (const article of rows) {
    files.set(
      `articles/${article.uid}.yaml`,
      yaml({
        title: fromLocalized(article.title),
        summary: fromLocalized(article.summary),
        ...(isEmpty(article.author) ? {} : { author: fromLocalized(article.author) }),
        ...optional('cover', article.cover),
        publishedAt: moment(article.publishedAt),
        ...optional('recommended', article.recommendedSeq),
        content: fromLocalized(article.content),
      }),
    );
  }
}

/** The uids of the products the export writes, by kind and id. */
type ProductUids = Record<'COURSE' | 'CLASSROOM', Map<number, string>>;

async function exportCoupons(
  db: Db,
  tenantId: number,
  products: ProductUids,
  files: Map<string, string>,
): Promise<void> {
  const rows = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.tenantId, tenantId),
        isNotNull(coupons.uid),
        or(isNull(coupons.validUntil), gt(coupons.validUntil, new Date())),
      ),
    )
    .orderBy(asc(coupons.id));
  const written = rows.flatMap((coupon) => {
    // Coupons for exams wait for exams in the pack; one for a product the export leaves out goes with it.
    if (coupon.targetType === 'EXAM') return [];
    const product = coupon.targetId === null ? null : products[coupon.targetType].get(coupon.targetId);
    if (product === undefined) return [];
    return [
      {
        uid: coupon.uid!,
        title: fromLocalized(coupon.title),
        ...optional('discount', coupon.discountTenths === null ? null : coupon.discountTenths / 10),
        ...optional('amountOff', coupon.amountOffCents === null ? null : money(coupon.amountOffCents)),
        appliesTo: coupon.targetType,
        ...optional('product', product),
        ...optional('validUntil', momentOf(coupon.validUntil)),
      },
    ];
  });
  if (written.length > 0) files.set('coupons.yaml', yaml(written));
}

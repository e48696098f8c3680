import type { FavouriteType } from '@school/contract/favourites';
import type { ProductStatus } from '@school/contract/enums';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { classrooms, courses, exams, favourites } from '../../db/schema.js';
import { learnerVisibleStatuses, pageWithTotal, windowTotal, type PageWindow } from '../../lib/catalogue-sql.js';
import {
  classroomSummaryColumns,
  courseSummaryColumns,
  examSummaryColumns,
  tagsOfEachCourse,
} from '../../lib/product-summaries.js';

/** The product tables a star can point at, with the favourites column that names each. */
const targets = {
  COURSE: { table: courses, column: favourites.courseId, key: 'courseId' },
  CLASSROOM: { table: classrooms, column: favourites.classroomId, key: 'classroomId' },
  EXAM: { table: exams, column: favourites.examId, key: 'examId' },
} as const;

export interface Starrer {
  tenantId: number;
  userId: number;
}

export function createFavouritesRepository(db: Db) {
  /** One learner's stars of one type, on products learners may still see. */
  const listed = (who: Starrer, type: FavouriteType) =>
    and(
      eq(favourites.tenantId, who.tenantId),
      eq(favourites.userId, who.userId),
      eq(favourites.targetType, type),
      inArray(targets[type].table.status, [...learnerVisibleStatuses]),
    );
  const newestFirst = [desc(favourites.createdAt), desc(favourites.id)];

  return {
    /** The product of this school with that uid, whatever its status; null when there is none. */
    async findProduct(
      tenantId: number,
      type: FavouriteType,
      uid: string,
    ): Promise<{ id: number; status: ProductStatus } | null> {
      const { table } = targets[type];
      const [row] = await db
        .select({ id: table.id, status: table.status })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), eq(table.uid, uid)));
      return row ?? null;
    },

    /** Stars it; a second star of the same product changes nothing (the unique index says so). */
    async star(who: Starrer, type: FavouriteType, productId: number): Promise<void> {
      await db
        .insert(favourites)
        .values({ tenantId: who.tenantId, userId: who.userId, targetType: type, [targets[type].key]: productId })
        .onConflictDoNothing();
    },

    async unstar(who: Starrer, type: FavouriteType, productId: number): Promise<void> {
      await db.delete(favourites).where(this.ownStar(who, type, productId));
    },

    async isStarred(who: Starrer, type: FavouriteType, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: favourites.id })
        .from(favourites)
        .where(this.ownStar(who, type, productId));
      return row !== undefined;
    },

    ownStar(who: Starrer, type: FavouriteType, productId: number) {
      return and(
        eq(favourites.tenantId, who.tenantId),
        eq(favourites.userId, who.userId),
        eq(favourites.targetType, type),
        eq(targets[type].column, productId),
      );
    },

    courses(who: Starrer, page: PageWindow) {
      const where = listed(who, 'COURSE');
      return pageWithTotal(
        db
          .select({
            ...courseSummaryColumns,
            tags: tagsOfEachCourse,
            favouritedAt: favourites.createdAt,
            total: windowTotal,
          })
          .from(favourites)
          .innerJoin(courses, eq(courses.id, favourites.courseId))
          .where(where)
          .orderBy(...newestFirst)
          .$dynamic(),
        page,
        db.select({ n: count() }).from(favourites).innerJoin(courses, eq(courses.id, favourites.courseId)).where(where),
      );
    },

    classrooms(who: Starrer, page: PageWindow) {
      const where = listed(who, 'CLASSROOM');
      const joined = eq(classrooms.id, favourites.classroomId);
      return pageWithTotal(
        db
          .select({ ...classroomSummaryColumns, favouritedAt: favourites.createdAt, total: windowTotal })
          .from(favourites)
          .innerJoin(classrooms, joined)
          .where(where)
          .orderBy(...newestFirst)
          .$dynamic(),
        page,
        db.select({ n: count() }).from(favourites).innerJoin(classrooms, joined).where(where),
      );
    },

    exams(who: Starrer, page: PageWindow) {
      const where = listed(who, 'EXAM');
      const joined = eq(exams.id, favourites.examId);
      return pageWithTotal(
        db
          .select({ ...examSummaryColumns, favouritedAt: favourites.createdAt, total: windowTotal })
          .from(favourites)
          .innerJoin(exams, joined)
          .where(where)
          .orderBy(...newestFirst)
          .$dynamic(),
        page,
        db.select({ n: count() }).from(favourites).innerJoin(exams, joined).where(where),
      );
    },
  };
}

export type FavouritesRepository = ReturnType<typeof createFavouritesRepository>;

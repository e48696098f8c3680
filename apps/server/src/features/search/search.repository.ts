import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { classrooms, courses, exams, lessons, teachers } from '../../db/schema.js';
import { containsPattern } from '../../lib/catalogue-format.js';
import { learnerVisibleStatuses, pageWithTotal, windowTotal } from '../../lib/catalogue-sql.js';
import { publishedLesson } from '../../lib/course-outline-sql.js';

export interface SearchPageFilter {
  keyword: string;
  limit: number;
  offset: number;
}

/** What a learner may find: on sale, or announced as coming soon. Unpublished and closed stay hidden. */
const findableStatuses = learnerVisibleStatuses;
const liveMediaTypes = ['LIVE', 'LIVE_NOW', 'LIVE_COMPLETED', 'LIVE_RECODE'] as const;

/** A `{ cn, en }` column whose text in either language starts with the keyword. */
function startsWith(localized: PgColumn, keyword: string): SQL<boolean> {
  // containsPattern without its leading wildcard: the same escaping, anchored at the start.
  const prefix = containsPattern(keyword).slice(1);
  return sql<boolean>`((${localized}->>'cn') ilike ${prefix} or (${localized}->>'en') ilike ${prefix})`;
}

export function createSearchRepository(db: Db) {
  return {
    courses(tenantId: number, { keyword, limit, offset }: SearchPageFilter) {
      const where = and(
        eq(courses.tenantId, tenantId),
        inArray(courses.status, findableStatuses),
        ilike(courses.searchText, containsPattern(keyword)),
      );
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            uid: courses.uid,
            title: courses.title,
            subtitle: courses.subtitle,
            cover: courses.cover,
            priceCents: courses.priceCents,
            originalPriceCents: courses.originalPriceCents,
            lessonCount: courses.lessonCount,
            studentCount: courses.studentCount,
          })
          .from(courses)
          .where(where)
          .orderBy(desc(startsWith(courses.title, keyword)), desc(courses.studentCount), asc(courses.id))
          .$dynamic(),
        { limit, offset },
        db.select({ n: count() }).from(courses).where(where),
      );
    },

    classrooms(tenantId: number, { keyword, limit, offset }: SearchPageFilter) {
      const where = and(
        eq(classrooms.tenantId, tenantId),
        inArray(classrooms.status, findableStatuses),
        ilike(classrooms.searchText, containsPattern(keyword)),
      );
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            uid: classrooms.uid,
            title: classrooms.title,
            intro: classrooms.intro,
            cover: classrooms.cover,
            priceCents: classrooms.priceCents,
            originalPriceCents: classrooms.originalPriceCents,
          })
          .from(classrooms)
          .where(where)
          .orderBy(desc(startsWith(classrooms.title, keyword)), desc(classrooms.studentCount), asc(classrooms.id))
          .$dynamic(),
        { limit, offset },
        db.select({ n: count() }).from(classrooms).where(where),
      );
    },

    exams(tenantId: number, { keyword, limit, offset }: SearchPageFilter) {
      const where = and(
        eq(exams.tenantId, tenantId),
        inArray(exams.status, findableStatuses),
        ilike(exams.searchText, containsPattern(keyword)),
      );
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            uid: exams.uid,
            title: exams.title,
            brief: exams.brief,
            cover: exams.cover,
            priceCents: exams.priceCents,
            originalPriceCents: exams.originalPriceCents,
          })
          .from(exams)
          .where(where)
          .orderBy(desc(startsWith(exams.title, keyword)), desc(exams.studentCount), asc(exams.id))
          .$dynamic(),
        { limit, offset },
        db.select({ n: count() }).from(exams).where(where),
      );
    },

    /** Published live lessons whose own title or whose course's title matches, in courses a learner may find. */
    liveLessons(tenantId: number, { keyword, limit, offset }: SearchPageFilter) {
      const pattern = containsPattern(keyword);
      const where = and(
        eq(lessons.tenantId, tenantId),
        inArray(lessons.mediaType, liveMediaTypes),
        publishedLesson,
        eq(courses.tenantId, tenantId),
        inArray(courses.status, findableStatuses),
        or(ilike(lessons.searchText, pattern), ilike(courses.searchText, pattern)),
      );
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            title: lessons.title,
            startTime: lessons.startTime,
            courseUid: courses.uid,
            courseTitle: courses.title,
            cover: courses.cover,
          })
          .from(lessons)
          .innerJoin(courses, eq(courses.id, lessons.courseId))
          .where(where)
          .orderBy(
            desc(or(startsWith(lessons.title, keyword), startsWith(courses.title, keyword))!),
            desc(courses.studentCount),
            asc(lessons.id),
          )
          .$dynamic(),
        { limit, offset },
        db.select({ n: count() }).from(lessons).innerJoin(courses, eq(courses.id, lessons.courseId)).where(where),
      );
    },

    teachers(tenantId: number, { keyword, limit, offset }: SearchPageFilter) {
      const where = and(eq(teachers.tenantId, tenantId), ilike(teachers.searchText, containsPattern(keyword)));
      return pageWithTotal(
        db
          .select({
            total: windowTotal,
            id: teachers.id,
            name: teachers.name,
            title: teachers.title,
            avatar: teachers.avatar,
          })
          .from(teachers)
          .where(where)
          .orderBy(desc(startsWith(teachers.name, keyword)), asc(teachers.id))
          .$dynamic(),
        { limit, offset },
        db.select({ n: count() }).from(teachers).where(where),
      );
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;

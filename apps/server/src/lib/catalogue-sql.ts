import type { CategoryType } from '@school/contract/catalogue';
import type { PageQuery } from '@school/contract/common';
import type { ProductSortKey } from '@school/contract/enums';
import { and, asc, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { categories, coupons, teachers } from '../db/schema.js';

/*
 * SQL pieces every catalogue list shares (courses, classrooms, exams, articles, search), so a
 * rule such as "pages never overlap" or "a category includes its sub-categories" is written once.
 */

/** Statuses a learner may see: PUBLISHED is on sale, DRAFT shows as "coming soon". */
export const learnerVisibleStatuses = ['PUBLISHED', 'DRAFT'] as const;

export interface PageWindow {
  offset: number;
  limit: number;
}

export function pageWindow(page: PageQuery): PageWindow {
  return { offset: (page.page - 1) * page.pageSize, limit: page.pageSize };
}

/**
 * The list's total on every row of a page, counted by the same statement as the page (the
 * window runs over the filtered rows before LIMIT). Select it as `total` for pageWithTotal.
 */
export const windowTotal = sql<number>`(count(*) over ())::int`.mapWith(Number);

/**
 * One page of a list and the list's total, in one statement: `query` selects `windowTotal` as
 * `total`, is `.$dynamic()` and already ordered. Only a page past the end (no row to carry the
 * window's count) runs `counted`, so it still reports the real total; drizzle builds queries
 * lazily, so an unneeded count is never sent.
 */
export async function pageWithTotal<Q extends PgSelect>(
  query: Q & (Awaited<Q> extends ReadonlyArray<{ total: number }> ? unknown : never),
  window: PageWindow,
  counted: PromiseLike<{ n: number }[]>,
): Promise<{ rows: Omit<Awaited<Q>[number], 'total'>[]; total: number }> {
  const found = (await query.limit(window.limit).offset(window.offset)) as Array<
    Awaited<Q>[number] & { total: number }
  >;
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0] !== undefined) return { rows, total: found[0].total };
  if (window.offset === 0) return { rows, total: 0 };
  const [row] = await counted;
  return { rows, total: row?.n ?? 0 };
}

/**
 * `column in (the category and every category below it)`, within one school and one category
 * type. UNION (not UNION ALL) also ends a cycle a careless edit might make in the tree.
 */
export function inCategoryTree(column: PgColumn, tenantId: number, categoryId: number, type: CategoryType): SQL {
  return sql`${column} in (
    with recursive sub(id) as (
      select c.id from ${categories} c where c.id = ${categoryId} and c.tenant_id = ${tenantId} and c.type = ${type}
      union
      select c.id from ${categories} c join sub on c.parent_id = sub.id where c.tenant_id = ${tenantId}
    )
    select id from sub)`;
}

/** The columns a product (course, classroom) sorts on. */
export interface SortableProduct {
  id: PgColumn;
  updatedAt: PgColumn;
  studentCount: PgColumn;
  priceCents: PgColumn;
  recommendedSeq: PgColumn;
}

/**
 * The order of a product list. Every order ends on the id, so rows with equal keys keep one
 * order and pages never repeat or skip them; each is served by a (tenant_id, column, id) index.
 */
export function productOrder(product: SortableProduct, sort: ProductSortKey): SQL[] {
  switch (sort) {
    case 'updatedTime':
      return [desc(product.updatedAt), desc(product.id)];
    case 'studentCount':
      return [desc(product.studentCount), desc(product.id)];
    case 'lowestPrice':
      return [asc(product.priceCents), asc(product.id)];
    case 'highestPrice':
      return [desc(product.priceCents), desc(product.id)];
  }
}

/** The order an editor gave the recommended products, the id breaking ties. */
export function recommendedOrder(product: Pick<SortableProduct, 'id' | 'recommendedSeq'>): SQL[] {
  return [asc(product.recommendedSeq), asc(product.id)];
}

/** A teacher as toTeacher (catalogue-format) reads it, whichever product they teach or review. */
export const teacherColumns = {
  id: teachers.id,
  name: teachers.name,
  avatar: teachers.avatar,
  title: teachers.title,
  introduction: teachers.introduction,
};

/**
 * The best (lowest) discount still valid at `now` for this product or for every product of its
 * kind. Amount-off coupons are left to the order confirmation, which knows the price they cut.
 */
export async function bestCoupon(
  db: Db,
  target: { tenantId: number; type: 'COURSE' | 'CLASSROOM' | 'EXAM'; id: number },
  now: Date,
) {
  const [row] = await db
    .select({ title: coupons.title, discountTenths: sql<number>`${coupons.discountTenths}` })
    .from(coupons)
    .where(
      and(
        eq(coupons.tenantId, target.tenantId),
        isNotNull(coupons.discountTenths),
        eq(coupons.targetType, target.type),
        or(isNull(coupons.targetId), eq(coupons.targetId, target.id)),
        or(isNull(coupons.validUntil), gt(coupons.validUntil, now)),
      ),
    )
    .orderBy(asc(coupons.discountTenths), asc(coupons.id))
    .limit(1);
  return row ?? null;
}

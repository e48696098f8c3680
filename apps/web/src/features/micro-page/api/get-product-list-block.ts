import type { ArticleSummary } from '@school/contract/articles';
import type { ClassroomSummary } from '@school/contract/classrooms';
import type { Page } from '@school/contract/common';
import type { CourseSummary } from '@school/contract/courses';
import type { ExamSummary } from '@school/contract/exams';
import { apiPaths } from '@school/contract/paths';
import type { MicroPageComponent } from '@school/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { href } from '../../../config/route-paths';
import { apiClient } from '../../../lib/api-client';
import { microPageKeys } from './micro-page-keys';

/*
 * Type-only imports from the contract: its zod schemas would weigh ~26 KB in the home chunk,
 * and the shapes are checked by the server's own tests.
 */

export type ProductListKind = 'courseList' | 'classroomList' | 'examList' | 'articleList';
export type ProductListBlock = Extract<MicroPageComponent, { kind: ProductListKind }>;

export interface ProductListRequest {
  path: string;
  query: Record<string, string | number>;
}

/** A list's items tagged with its kind, so a switch on `kind` knows the item shape. */
export type ProductListResult =
  | { kind: 'courseList'; items: CourseSummary[] }
  | { kind: 'classroomList'; items: ClassroomSummary[] }
  | { kind: 'examList'; items: ExamSummary[] }
  | { kind: 'articleList'; items: ArticleSummary[] };

const productSort = { latest: 'updatedTime', popular: 'studentCount' } as const;

/**
 * The call a decorated list makes. Courses and classrooms: the school's picks, or sorted by
 * update time / student count. Exams only know "recommended" (otherwise their own order: soonest
 * start first). Articles have a tab per rule. One page of `limit` items, no more.
 */
export function productListRequest(block: Pick<ProductListBlock, 'kind' | 'rule' | 'limit'>): ProductListRequest {
  const pageSize = block.limit;
  switch (block.kind) {
    case 'courseList':
    case 'classroomList': {
      const path = block.kind === 'courseList' ? apiPaths.courses : apiPaths.classrooms;
      const filter: Record<string, string> =
        block.rule === 'recommended' ? { recommended: 'true' } : { sort: productSort[block.rule] };
      return { path, query: { ...filter, page: 1, pageSize } };
    }
    case 'examList':
      return {
        path: apiPaths.exams,
        query: block.rule === 'recommended' ? { recommended: 'true', page: 1, pageSize } : { page: 1, pageSize },
      };
    case 'articleList':
      return { path: apiPaths.articles, query: { tab: block.rule, page: 1, pageSize } };
  }
}

/** Where a list's "more" link goes: the full list screen (articles open on the same tab). */
export function productListMoreHref(block: Pick<ProductListBlock, 'kind' | 'rule'>): string {
  switch (block.kind) {
    case 'courseList':
      return href('courseList');
    case 'classroomList':
      return href('classroomList');
    case 'examList':
      return href('singleExamList');
    case 'articleList':
      return href('articleList', {}, { tab: block.rule });
  }
}

export async function getProductList(block: ProductListBlock, signal?: AbortSignal): Promise<ProductListResult> {
  const request = productListRequest(block);
  const page = await apiClient.get<Page<never>>(request.path, { query: request.query, signal });
  // The path was chosen by `kind`, so the items are that kind's summaries.
  return { kind: block.kind, items: page.items } as ProductListResult;
}

export function productListQueryOptions(block: ProductListBlock) {
  return queryOptions({
    queryKey: microPageKeys.productList(productListRequest(block)),
    queryFn: ({ signal }) => getProductList(block, signal),
    // Same reuse as the page itself: switching tabs and back should not refetch every list.
    staleTime: 60_000,
  });
}

export function useProductList(block: ProductListBlock) {
  return useQuery(productListQueryOptions(block));
}

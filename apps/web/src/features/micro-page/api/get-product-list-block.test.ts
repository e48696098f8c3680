import { describe, expect, it } from 'vitest';
import { productListMoreHref, productListRequest } from './get-product-list-block';

describe('productListRequest', () => {
  it('asks for the school picks, the newest or the most joined courses, limit items', () => {
    expect(productListRequest({ kind: 'courseList', rule: 'recommended', limit: 4 })).toEqual({
      path: '/api/courses',
      query: { recommended: 'true', page: 1, pageSize: 4 },
    });
    expect(productListRequest({ kind: 'courseList', rule: 'latest', limit: 6 })).toEqual({
      path: '/api/courses',
      query: { sort: 'updatedTime', page: 1, pageSize: 6 },
    });
    expect(productListRequest({ kind: 'courseList', rule: 'popular', limit: 20 })).toEqual({
      path: '/api/courses',
      query: { sort: 'studentCount', page: 1, pageSize: 20 },
    });
  });

  it('maps classrooms like courses', () => {
    expect(productListRequest({ kind: 'classroomList', rule: 'recommended', limit: 3 })).toEqual({
      path: '/api/classrooms',
      query: { recommended: 'true', page: 1, pageSize: 3 },
    });
    expect(productListRequest({ kind: 'classroomList', rule: 'popular', limit: 5 }).query).toEqual({
      sort: 'studentCount',
      page: 1,
      pageSize: 5,
    });
  });

  it('filters exams only for recommended: they have no sort of their own', () => {
    expect(productListRequest({ kind: 'examList', rule: 'recommended', limit: 2 })).toEqual({
      path: '/api/exams',
      query: { recommended: 'true', page: 1, pageSize: 2 },
    });
    expect(productListRequest({ kind: 'examList', rule: 'latest', limit: 2 }).query).toEqual({ page: 1, pageSize: 2 });
  });

  it('opens the article tab named by the rule', () => {
    for (const rule of ['recommended', 'latest', 'popular'] as const) {
      expect(productListRequest({ kind: 'articleList', rule, limit: 5 })).toEqual({
        path: '/api/articles',
        query: { tab: rule, page: 1, pageSize: 5 },
      });
    }
  });
});

describe('productListMoreHref', () => {
  it('leads to the full list of each kind', () => {
    expect(productListMoreHref({ kind: 'courseList', rule: 'latest' })).toBe('/courses');
    expect(productListMoreHref({ kind: 'classroomList', rule: 'latest' })).toBe('/classrooms');
    expect(productListMoreHref({ kind: 'examList', rule: 'recommended' })).toBe('/single/exams');
    expect(productListMoreHref({ kind: 'articleList', rule: 'popular' })).toBe('/articles?tab=popular');
  });
});

import { describe, expect, it } from 'vitest';
import { parseCourseFilters } from './course-filters';

describe('parseCourseFilters', () => {
  it('reads keyword, category, tag and sort from the query', () => {
    const query = new URLSearchParams('keyword=%E5%89%8D%E7%AB%AF&categoryId=12&tagId=3&sort=studentCount');
    expect(parseCourseFilters(query)).toEqual({ keyword: '前端', categoryId: 12, tagId: 3, sort: 'studentCount' });
  });
});

import { describe, expect, it } from 'vitest';
import { parseClassroomFilters } from './classroom-filters';

describe('parseClassroomFilters', () => {
  it('reads keyword, categoryId and sort, and no tag: classrooms have none', () => {
    const query = new URLSearchParams('keyword=%20数据%20&categoryId=7&tagId=2&sort=studentCount');
    expect(parseClassroomFilters(query)).toEqual({ keyword: '数据', categoryId: 7, sort: 'studentCount' });
  });
});

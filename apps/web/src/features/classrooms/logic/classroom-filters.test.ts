import { describe, expect, it } from 'vitest';
import { parseClassroomFilters, withClassroomFilters } from './classroom-filters';

const q = (text: string) => new URLSearchParams(text);

describe('parseClassroomFilters', () => {
  it('reads keyword, categoryId and sort', () => {
    expect(parseClassroomFilters(q('keyword=%20数据%20&categoryId=7&sort=studentCount'))).toEqual({
      keyword: '数据',
      categoryId: 7,
      sort: 'studentCount',
    });
  });

  it('drops malformed and default values', () => {
    expect(parseClassroomFilters(q('keyword=%20&categoryId=abc&sort=cheapest'))).toEqual({});
    expect(parseClassroomFilters(q('categoryId=0&sort=updatedTime'))).toEqual({});
    expect(parseClassroomFilters(q('categoryId=-3'))).toEqual({});
    expect(parseClassroomFilters(q('categoryId=99999999999'))).toEqual({});
  });

  it('cuts a keyword to the contract limit', () => {
    expect(parseClassroomFilters(q(`keyword=${'a'.repeat(60)}`)).keyword).toHaveLength(50);
  });
});

describe('withClassroomFilters', () => {
  it('replaces the named filters and keeps the others', () => {
    const next = withClassroomFilters(q('pathFrom=tab&categoryId=3&keyword=x'), { categoryId: 5, sort: 'lowestPrice' });
    expect(next.toString()).toBe('pathFrom=tab&categoryId=5&keyword=x&sort=lowestPrice');
  });

  it('removes a filter set to undefined, empty or the default', () => {
    const next = withClassroomFilters(q('categoryId=3&keyword=x&sort=highestPrice'), {
      categoryId: undefined,
      keyword: '  ',
      sort: 'updatedTime',
    });
    expect(next.toString()).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { parseListQuery, sortOf, withListQuery } from './list-query';

const parse = (query: string) => parseListQuery(new URLSearchParams(query), ['categoryId', 'tagId']);

describe('parseListQuery', () => {
  it('reads keyword, category, tag and sort from the query', () => {
    expect(parse('keyword=%E5%89%8D%E7%AB%AF&categoryId=12&tagId=3&sort=studentCount')).toEqual({
      keyword: '前端',
      categoryId: 12,
      tagId: 3,
      sort: 'studentCount',
    });
  });

  it('leaves out defaults and empty values', () => {
    expect(parse('')).toEqual({});
    expect(parse('keyword=%20%20&sort=updatedTime')).toEqual({});
  });

  it('ignores malformed values instead of sending them to the server', () => {
    expect(parse('categoryId=abc&tagId=-1&sort=cheapest')).toEqual({});
    expect(parse('categoryId=0&tagId=1.5')).toEqual({});
    expect(parse('categoryId=2147483648')).toEqual({});
    expect(parse('categoryId=2147483647').categoryId).toBe(2147483647);
  });

  it('trims the keyword and keeps it within the contract limit', () => {
    expect(parse(`keyword=${encodeURIComponent('  vue  ')}`).keyword).toBe('vue');
    expect(parse(`keyword=${'a'.repeat(60)}`).keyword).toHaveLength(50);
  });

  it('reads only the ids the list filters by', () => {
    expect(parseListQuery(new URLSearchParams('categoryId=3&tagId=4'), ['categoryId'])).toEqual({ categoryId: 3 });
  });

  it('reports the default sort when none is set', () => {
    expect(sortOf(parse(''))).toBe('updatedTime');
    expect(sortOf(parse('sort=highestPrice'))).toBe('highestPrice');
  });
});

describe('withListQuery', () => {
  const start = new URLSearchParams('categoryId=12&pathFrom=tab&sort=lowestPrice');

  it('changes only the named filters and keeps foreign parameters', () => {
    expect(withListQuery(start, { tagId: 4 }).toString()).toBe('categoryId=12&pathFrom=tab&sort=lowestPrice&tagId=4');
    expect(withListQuery(start, { categoryId: 7 }).toString()).toBe('categoryId=7&pathFrom=tab&sort=lowestPrice');
  });

  it('removes a filter set to undefined, empty or the default sort', () => {
    expect(withListQuery(start, { categoryId: undefined }).toString()).toBe('pathFrom=tab&sort=lowestPrice');
    expect(withListQuery(start, { sort: 'updatedTime' }).toString()).toBe('categoryId=12&pathFrom=tab');
    expect(withListQuery(new URLSearchParams('keyword=a'), { keyword: '  ' }).toString()).toBe('');
  });

  it('round-trips through the URL', () => {
    const query = withListQuery(new URLSearchParams(), {
      keyword: ' 设计 ',
      categoryId: 5,
      tagId: 9,
      sort: 'highestPrice',
    });
    expect(parse(query.toString())).toEqual({
      keyword: '设计',
      categoryId: 5,
      tagId: 9,
      sort: 'highestPrice',
    });
  });

  it('does not change the parameters it was given', () => {
    withListQuery(start, { categoryId: undefined });
    expect(start.get('categoryId')).toBe('12');
  });
});

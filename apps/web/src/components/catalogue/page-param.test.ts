import { describe, expect, it } from 'vitest';
import { itemsOfPages, nextPageParam } from './page-param';

describe('nextPageParam', () => {
  it('asks for the next page until the total is reached', () => {
    expect(nextPageParam({ items: [1, 2], total: 5, page: 1, pageSize: 2 })).toBe(2);
    expect(nextPageParam({ items: [3, 4], total: 5, page: 2, pageSize: 2 })).toBe(3);
    expect(nextPageParam({ items: [5], total: 5, page: 3, pageSize: 2 })).toBeUndefined();
    expect(nextPageParam({ items: [1, 2], total: 4, page: 2, pageSize: 2 })).toBeUndefined();
  });

  it('stops on an empty page even if the total says otherwise (rows deleted meanwhile)', () => {
    expect(nextPageParam({ items: [], total: 10, page: 3, pageSize: 2 })).toBeUndefined();
  });

  it('flattens pages in order', () => {
    expect(
      itemsOfPages([
        { items: [1, 2], total: 3, page: 1, pageSize: 2 },
        { items: [3], total: 3, page: 2, pageSize: 2 },
      ]),
    ).toEqual([1, 2, 3]);
    expect(itemsOfPages(undefined)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { readSearchState, searchHitHref, searchHref, searchStateParams } from './search-params';

describe('readSearchState', () => {
  it('reads the tab and keyword from the address', () => {
    expect(readSearchState(new URLSearchParams('type=EXAM&keyword=%E6%95%B0%E5%AD%A6'))).toEqual({
      type: 'EXAM',
      keyword: '数学',
    });
  });

  it('falls back to courses and no keyword for missing or unknown values', () => {
    expect(readSearchState(new URLSearchParams(''))).toEqual({ type: 'COURSE', keyword: '' });
    expect(readSearchState(new URLSearchParams('type=course&keyword=%20%20'))).toEqual({ type: 'COURSE', keyword: '' });
    expect(readSearchState(new URLSearchParams('type=ARTICLE')).type).toBe('COURSE');
  });
});

describe('searchHref / searchStateParams', () => {
  it('percent-encodes Chinese as UTF-8 and reads back the same', () => {
    const path = searchHref({ type: 'TEACHER', keyword: ' 王 老师 ' });
    expect(path).toBe('/search?type=TEACHER&keyword=%E7%8E%8B+%E8%80%81%E5%B8%88');
    const query = path.split('?')[1];
    expect(readSearchState(new URLSearchParams(query))).toEqual({ type: 'TEACHER', keyword: '王 老师' });
  });

  it('leaves out an empty keyword and escapes characters with a meaning in URLs', () => {
    expect(searchHref({ type: 'LIVE', keyword: '' })).toBe('/search?type=LIVE');
    const params = searchStateParams({ type: 'COURSE', keyword: 'C++ & C#' });
    expect(params.toString()).toBe('type=COURSE&keyword=C%2B%2B+%26+C%23');
    expect(readSearchState(params).keyword).toBe('C++ & C#');
  });
});

describe('searchHitHref', () => {
  it('links products to their detail screens and live lessons to their course', () => {
    expect(searchHitHref({ type: 'COURSE', key: 'c-1' })).toBe('/courses/c-1');
    expect(searchHitHref({ type: 'LIVE', key: 'c-2' })).toBe('/courses/c-2');
    expect(searchHitHref({ type: 'PROJECT', key: 'p-1' })).toBe('/classroom/p-1');
    expect(searchHitHref({ type: 'EXAM', key: 'e-1' })).toBe('/single/exams/e-1');
  });

  it('gives teachers no link and encodes keys', () => {
    expect(searchHitHref({ type: 'TEACHER', key: '7' })).toBeNull();
    expect(searchHitHref({ type: 'COURSE', key: 'a/b' })).toBe('/courses/a%2Fb');
  });
});

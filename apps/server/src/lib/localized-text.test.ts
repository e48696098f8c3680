import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, localize, localizeDeep } from './localized-text.js';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['zh', 'cn'],
    ['zh-CN,zh;q=0.9', 'cn'],
    ['zh-Hant-TW', 'cn'],
    ['cn', 'cn'],
    ['en-US,zh-CN;q=0.8', 'en'],
    ['de;q=0.4,zh;q=0.6', 'cn'],
    ['zh;q=0,en', 'en'],
    ['*', 'en'],
    ['ja-JP', 'en'],
  ] as const)('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('localize', () => {
  it('falls back to the other language when one is empty', () => {
    expect(localize({ cn: '你好', en: '' }, 'en')).toBe('你好');
    expect(localize({ cn: '', en: 'Hello' }, 'cn')).toBe('Hello');
  });

  it('replaces every {cn, en} object deep inside a document, and nothing else', () => {
    const doc = {
      kind: 'banner',
      items: [{ alt: { cn: '图', en: 'Picture' }, link: null, extra: { cn: 'x', en: 'y', other: 1 } }],
    };
    expect(localizeDeep(doc, 'en')).toEqual({
      kind: 'banner',
      items: [{ alt: 'Picture', link: null, extra: { cn: 'x', en: 'y', other: 1 } }],
    });
  });
});

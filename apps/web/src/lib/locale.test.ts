import { describe, expect, it } from 'vitest';
import { detectLocale, languageTagOf } from './locale';

describe('detectLocale', () => {
  it('prefers the stored locale', () => {
    expect(detectLocale('en', 'zh-CN')).toBe('en');
    expect(detectLocale('cn', 'en-US')).toBe('cn');
  });
  it('uses the browser language otherwise: zh* is Chinese, anything else English', () => {
    expect(detectLocale(null, 'zh-CN')).toBe('cn');
    expect(detectLocale(null, 'zh-TW')).toBe('cn');
    expect(detectLocale(null, 'ZH')).toBe('cn');
    expect(detectLocale(null, 'en-US')).toBe('en');
    expect(detectLocale('fr', 'fr-FR')).toBe('en');
    expect(detectLocale(null, undefined)).toBe('en');
  });
  it('maps locales to language tags', () => {
    expect(languageTagOf('cn')).toBe('zh-CN');
    expect(languageTagOf('en')).toBe('en');
  });
});

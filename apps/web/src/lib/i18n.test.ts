import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale, startI18n } from './i18n';
import { activeLocale } from './locale';
import { storage } from './storage';

describe('i18n', () => {
  it('loads only the active language, and the other one on a switch that is remembered', async () => {
    const load = vi.fn(async (locale: 'cn' | 'en') => ({ 'me.title': locale === 'cn' ? '我的' : 'Me' }));
    await startI18n('cn', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('cn');
    expect(i18next.t('me.title')).toBe('我的');
    expect(document.documentElement.lang).toBe('zh-CN');

    await changeLocale('en');
    expect(load).toHaveBeenLastCalledWith('en');
    expect(i18next.t('me.title')).toBe('Me');
    expect(document.documentElement.lang).toBe('en');
    expect(activeLocale()).toBe('en');
    expect(storage.get('locale')).toBe('en');

    await changeLocale('cn');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { addMessages, changeLocale, startI18n } from './i18n';
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

  it("adds a screen's own messages in the active language, and in the other after a switch", async () => {
    await startI18n('en', async (locale) => ({ 'me.title': locale === 'cn' ? '我的' : 'Me' }));
    const screen = vi.fn(async (locale: 'cn' | 'en') => ({ 'lessons.title': locale === 'cn' ? '课时' : 'Lesson' }));
    await addMessages(screen as never);
    expect(i18next.t('lessons.title' as never)).toBe('Lesson');
    // The first bundle's messages are still there.
    expect(i18next.t('me.title')).toBe('Me');

    await changeLocale('cn');
    expect(screen).toHaveBeenLastCalledWith('cn');
    expect(i18next.t('lessons.title' as never)).toBe('课时');
    expect(i18next.t('me.title')).toBe('我的');
  });
});

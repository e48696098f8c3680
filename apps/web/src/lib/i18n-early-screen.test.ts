import i18next from 'i18next';
import { expect, it, vi } from 'vitest';
import { addMessages, startI18n } from './i18n';

// Its own file: i18next must not have started yet (main.tsx asks for the first screen's code,
// and with it the screen's messages, before it starts i18next).
it('loads the messages of a screen asked for before i18next started, with the first bundle', async () => {
  const screen = vi.fn(async (locale: 'cn' | 'en') => ({ 'lessons.title': locale === 'cn' ? '课时' : 'Lesson' }));
  await addMessages(screen as never);
  expect(screen).not.toHaveBeenCalled();

  await startI18n('cn', async () => ({ 'me.title': '我的' }));
  expect(screen).toHaveBeenCalledWith('cn');
  expect(i18next.t('lessons.title' as never)).toBe('课时');
  expect(i18next.t('me.title')).toBe('我的');
});

import { expect, it, vi } from 'vitest';
import { addMessages, startI18n, translateIfKnown, type MessageLoader } from './i18n';

// Its own file: the translation must not have started yet (main.tsx asks for the first screen's
// code, and with it the screen's messages, before it starts the translation).
it('loads the messages of a screen asked for before the translation started, with the first bundle', async () => {
  const screen = vi.fn<MessageLoader>(async (locale) => ({ 'lessons.title': locale === 'cn' ? '课时' : 'Lesson' }));
  await addMessages(screen);
  expect(screen).not.toHaveBeenCalled();

  await startI18n('cn', async () => ({ 'me.title': '我的' }));
  expect(screen).toHaveBeenCalledWith('cn');
  expect(translateIfKnown('lessons.title')).toBe('课时');
  expect(translateIfKnown('me.title')).toBe('我的');
});

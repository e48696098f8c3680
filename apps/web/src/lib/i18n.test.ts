import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  addBundle,
  addMessages,
  changeLocale,
  startI18n,
  Trans,
  translateIfKnown,
  translatorOf,
  useTranslation,
  type MessageId,
  type MessageLoader,
} from './i18n';
import { activeLocale } from './locale';
import { storage } from './storage';

/** An id of these tests' own bundles, which the app's message catalogue does not have. */
const testId = (id: string) => id as MessageId;

describe('i18n', () => {
  it('loads only the active language, and the other one on a switch that is remembered', async () => {
    const load = vi.fn(async (locale: 'cn' | 'en') => ({ 'me.title': locale === 'cn' ? '我的' : 'Me' }));
    await startI18n('cn', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('cn');
    expect(translateIfKnown('me.title')).toBe('我的');
    expect(document.documentElement.lang).toBe('zh-CN');

    await changeLocale('en');
    expect(load).toHaveBeenLastCalledWith('en');
    expect(translateIfKnown('me.title')).toBe('Me');
    expect(document.documentElement.lang).toBe('en');
    expect(activeLocale()).toBe('en');
    expect(storage.get('locale')).toBe('en');

    await changeLocale('cn');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("adds a screen's own messages in the active language, and in the other after a switch", async () => {
    await startI18n('en', async (locale) => ({ 'me.title': locale === 'cn' ? '我的' : 'Me' }));
    const screen = vi.fn<MessageLoader>(async (locale) => ({ 'lessons.title': locale === 'cn' ? '课时' : 'Lesson' }));
    await addMessages(screen);
    expect(translateIfKnown('lessons.title')).toBe('Lesson');
    // The first bundle's messages are still there.
    expect(translateIfKnown('me.title')).toBe('Me');

    await changeLocale('cn');
    expect(screen).toHaveBeenLastCalledWith('cn');
    expect(translateIfKnown('lessons.title')).toBe('课时');
    expect(translateIfKnown('me.title')).toBe('我的');
  });

  it('puts values into their placeholders and reads an unknown id as itself', async () => {
    await startI18n('en', async () => ({ 'a.page': 'Page {{page}} of {{ count }}', 'a.none': '' }));
    const t = translatorOf('en');
    expect(t(testId('a.page'), { page: 2, count: 9 })).toBe('Page 2 of 9');
    // A value not given leaves its placeholder, so the gap shows instead of reading wrong.
    expect(t(testId('a.page'), { page: 2 })).toBe('Page 2 of {{ count }}');
    const report = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(t(testId('a.unknown'))).toBe('a.unknown');
    t(testId('a.unknown'));
    // Said once, and only for what looks like an id: a text passed through is not a missing message.
    expect(t(testId('Already a text.'))).toBe('Already a text.');
    expect(report.mock.calls).toEqual([['No en text for the message a.unknown']]);
    report.mockRestore();
    expect(translateIfKnown('a.unknown')).toBeUndefined();
    expect(t(testId('a.none'))).toBe('');
  });

  it("picks a count's plural form in the language's own rules", () => {
    addBundle('cn', { 'a.lessons_one': '{{count}} 课时', 'a.lessons_other': '{{count}} 个课时' });
    addBundle('en', {
      'a.lessons_one': '{{count}} lesson',
      'a.lessons_other': '{{count}} lessons',
      'a.plain': '{{count}} x',
    });
    const en = translatorOf('en');
    expect(en(testId('a.lessons'), { count: 1 })).toBe('1 lesson');
    expect(en(testId('a.lessons'), { count: 0 })).toBe('0 lessons');
    expect(en(testId('a.lessons'), { count: 2 })).toBe('2 lessons');
    // Chinese has one form for every count.
    expect(translatorOf('cn')(testId('a.lessons'), { count: 1 })).toBe('1 个课时');
    // A message without plural forms takes its count as any value.
    expect(en(testId('a.plain'), { count: 1 })).toBe('1 x');
  });

  it('re-renders what is on screen in the language switched to', async () => {
    await startI18n('en', async (locale) => ({ 'me.title': locale === 'cn' ? '我的' : 'Me' }));
    function Title() {
      const { t, locale } = useTranslation();
      return createElement('h1', { lang: locale }, t(testId('me.title')));
    }
    render(createElement(Title));
    expect(screen.getByRole('heading').textContent).toBe('Me');
    await act(() => changeLocale('cn'));
    expect(screen.getByRole('heading').textContent).toBe('我的');
    expect(screen.getByRole('heading').getAttribute('lang')).toBe('cn');
  });

  it('puts the words a tag wraps into its element', async () => {
    await startI18n('en', async () => ({
      'a.agree': 'I agree to the <terms>Terms</terms> and the <privacy>Policy</privacy>.',
    }));
    const { container } = render(
      createElement(Trans, {
        id: testId('a.agree'),
        components: {
          terms: createElement('a', { href: '/terms' }),
          privacy: createElement('a', { href: '/privacy' }),
        },
      }),
    );
    expect(container.innerHTML).toBe(
      'I agree to the <a href="/terms">Terms</a> and the <a href="/privacy">Policy</a>.',
    );
  });
});

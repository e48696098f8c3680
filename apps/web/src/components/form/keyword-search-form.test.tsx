import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { KeywordSearchForm } from './keyword-search-form';

const box = (keyword: string, onSearch: (keyword: string, commit: boolean) => void) => (
  <KeywordSearchForm
    keyword={keyword}
    onSearch={onSearch}
    searchWhileTyping
    label="Search courses"
    placeholder="Course name"
    testId="course-search"
  />
);

describe('keyword search form', () => {
  it('on a rendered page, searches for what was typed before the code took the box over', async () => {
    const onSearch = vi.fn();
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(box('', onSearch));
    const field = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    // The learner types while the page's code is still on its way.
    field.value = 'vue';

    const root = await act(async () => hydrateRoot(container, box('', onSearch)));
    await act(async () => {
      field.form!.requestSubmit();
    });

    expect(field.value).toBe('vue');
    expect(onSearch).toHaveBeenCalledWith('vue', true);
    // Unmounted, or React would still work on it after the test environment is gone.
    act(() => root.unmount());
    container.remove();
  });

  it('follows the keyword from outside, but keeps a space typed after the keyword its own search set', () => {
    const onSearch = vi.fn();
    const { rerender } = render(box('vue', onSearch));
    const field = screen.getByRole('searchbox', { name: 'Search courses' }) as HTMLInputElement;

    fireEvent.change(field, { target: { value: 'react ' } });
    rerender(box('react', onSearch));
    expect(field.value).toBe('react ');

    // Back: the address says "vue" again.
    rerender(box('vue', onSearch));
    expect(field.value).toBe('vue');
  });
});

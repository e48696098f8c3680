import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { allMessages } from '../../../app/messages/registry/all-messages';
import { startI18n } from '../../../lib/i18n';
import { SearchForm } from './search-form';

describe('search form on a rendered page', () => {
  it('searches for what was typed into the field before the code took it over', async () => {
    await startI18n('en', async () => allMessages.en);
    const onSearch = vi.fn();
    const form = <SearchForm keyword="" type="COURSE" onSearch={onSearch} onClear={() => undefined} />;
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(form);
    const field = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    // The learner types while the page's code is still on its way.
    field.value = '数据';

    const root = await act(async () => hydrateRoot(container, form));
    await act(async () => {
      field.form!.requestSubmit();
    });

    expect(field.value).toBe('数据');
    expect(onSearch).toHaveBeenCalledWith('数据');
    // Unmounted, or React would still work on it after the test environment is gone.
    act(() => root.unmount());
    container.remove();
  });
});

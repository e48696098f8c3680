import type { Category } from '@school/contract/catalogue';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import CategoryPicker from './category-picker';

const frontend: Category = { id: 3, parentId: 1, seq: 1, level: 2, name: 'Frontend', children: [] };
const development: Category = { id: 1, parentId: null, seq: 1, level: 1, name: 'Development', children: [frontend] };
const design: Category = { id: 2, parentId: null, seq: 2, level: 1, name: 'Design', children: [] };
const tree = [development, design];

describe('CategoryPicker', () => {
  it('opens at the chosen category’s level each time, whatever level it was left at', async () => {
    const props = { tree, selectedId: 3, onSelect: vi.fn(), onClose: vi.fn() };
    const { rerender } = await renderWithProviders(<CategoryPicker open {...props} />);
    const level = await screen.findByRole('dialog', { name: 'Development' });
    expect(within(level).getByRole('button', { name: 'Frontend' }).getAttribute('aria-current')).toBe('true');

    fireEvent.click(within(level).getByRole('button', { name: 'Back to all categories' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a category' })).toBeTruthy();
    await act(async () => rerender(<CategoryPicker open={false} {...props} />));
    await act(async () => rerender(<CategoryPicker open {...props} />));
    expect(await screen.findByRole('dialog', { name: 'Development' })).toBeTruthy();
  });

  it('closes from its close button, and chooses a category without sub-categories at once', async () => {
    const props = { tree, selectedId: undefined, onSelect: vi.fn(), onClose: vi.fn() };
    await renderWithProviders(<CategoryPicker open {...props} />);
    const top = await screen.findByRole('dialog', { name: 'Choose a category' });
    fireEvent.click(within(top).getByRole('button', { name: 'Design' }));
    expect(props.onSelect).toHaveBeenCalledWith(2);
    expect(props.onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(within(top).getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { AppearanceSettings } from './appearance-settings';

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.textSize;
});

describe('AppearanceSettings', () => {
  it('shows the stored choices pressed and applies and keeps a new one at once', async () => {
    localStorage.setItem('text_size', '"large"');
    await renderWithProviders(
      <ul>
        <AppearanceSettings />
      </ul>,
    );
    const theme = screen.getByRole('group', { name: 'Appearance' });
    const size = screen.getByRole('group', { name: 'Text size' });
    const pressed = (group: HTMLElement) =>
      within(group)
        .getAllByRole('button')
        .filter((button) => button.getAttribute('aria-pressed') === 'true')
        .map((button) => button.textContent);
    expect(pressed(theme)).toEqual(['System']);
    expect(pressed(size)).toEqual(['Large']);

    fireEvent.click(within(theme).getByRole('button', { name: 'Dark' }));
    fireEvent.click(within(size).getByRole('button', { name: 'Extra large' }));
    expect(pressed(theme)).toEqual(['Dark']);
    expect(pressed(size)).toEqual(['Extra large']);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dataset.textSize).toBe('extra-large');
    expect(localStorage.getItem('theme')).toBe('"dark"');
    expect(localStorage.getItem('text_size')).toBe('"extra-large"');

    fireEvent.click(within(theme).getByRole('button', { name: 'System' }));
    fireEvent.click(within(size).getByRole('button', { name: 'Standard' }));
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(document.documentElement.hasAttribute('data-text-size')).toBe(false);
    expect(localStorage.getItem('theme')).toBeNull();
  });
});

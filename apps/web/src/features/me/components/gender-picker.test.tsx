import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import GenderPicker from './gender-picker';

describe('GenderPicker', () => {
  it('offers the genders as a named radio group with the current one checked, then Cancel', async () => {
    const onChoose = vi.fn();
    const onClose = vi.fn();
    await renderWithProviders(<GenderPicker open value="FEMALE" onChoose={onChoose} onClose={onClose} />);
    const sheet = await screen.findByRole('dialog', { name: 'Choose your gender' });
    const group = within(sheet).getByRole('radiogroup', { name: 'Choose your gender' });
    expect(within(group).getByRole('radio', { name: 'Female' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(group).getByRole('radio', { name: 'Male' }));
    expect(onChoose).toHaveBeenCalledWith('MALE');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

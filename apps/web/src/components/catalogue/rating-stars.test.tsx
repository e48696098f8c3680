import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { RatingInput } from './rating-input';
import { RatingStars, starFills } from './rating-stars';

describe('starFills', () => {
  it('fills whole stars and the fraction of the next one', () => {
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(3)).toEqual([1, 1, 1, 0, 0]);
    expect(starFills(4.5)).toEqual([1, 1, 1, 1, 0.5]);
    expect(starFills(7)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(-1)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('RatingStars', () => {
  it('reads the score, rounded to one decimal', async () => {
    await renderWithProviders(<RatingStars score={4.26} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeTruthy();
  });
});

function Controlled() {
  const [value, setValue] = useState<number | undefined>(undefined);
  return (
    <>
      <RatingInput label="Your rating" name="score" value={value} onChange={setValue} />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('RatingInput', () => {
  it('is a named group of five named radios that reports the chosen score', async () => {
    await renderWithProviders(<Controlled />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => (radio.closest('label') as HTMLElement).textContent)).toEqual([
      '1 out of 5',
      '2 out of 5',
      '3 out of 5',
      '4 out of 5',
      '5 out of 5',
    ]);
    fireEvent.click(screen.getByRole('radio', { name: '4 out of 5' }));
    expect(screen.getByText('4')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '4 out of 5' }) as HTMLInputElement).checked).toBe(true);
  });
});

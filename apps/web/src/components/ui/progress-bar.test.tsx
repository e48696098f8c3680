import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  it('is a named progressbar from 0 to 100 whose value text says what the percent counts', async () => {
    await renderWithProviders(<ProgressBar percent={30} label="Progress of Vue" detail="3 of 10 lessons" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress of Vue' });
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(bar.getAttribute('aria-valuetext')).toBe('30% · 3 of 10 lessons');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('30%');
  });

  it('takes its name from visible words, and leaves the percent alone as its value without words', async () => {
    await renderWithProviders(
      <div>
        <span id="course-progress">Course progress</span>
        <ProgressBar percent={66} labelledBy="course-progress" />
      </div>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Course progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('66');
    expect(bar.hasAttribute('aria-valuetext')).toBe(false);
  });

  it('keeps a value outside 0..100 inside the track', async () => {
    await renderWithProviders(<ProgressBar percent={140} label="Over" />);
    const bar = screen.getByRole('progressbar', { name: 'Over' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import type { ViewerProgress } from '../logic/use-lesson-progress';
import { SlidesViewer } from './viewers/slides-viewer';

const progress: ViewerProgress = { at: vi.fn(), report: vi.fn(), reportSoon: vi.fn(), position: () => null };
const slides = ['/s/1.png', '/s/2.png', '/s/3.png', '/s/4.png'];

describe('SlidesViewer', () => {
  it('shows the slide counter once, as the text a screen reader hears', async () => {
    await renderWithProviders(<SlidesViewer slides={slides} startAt={null} progress={progress} />);
    const position = screen.getByTestId('pager-position');
    expect(position.textContent).toBe('Slide 1 of 4');
    expect(position.getAttribute('aria-live')).toBe('polite');
    // Nothing in it is hidden from readers, and nothing else on the viewer repeats "1 / 4".
    expect(position.querySelector('[aria-hidden="true"], .sr-only')).toBeNull();
    expect(screen.getByTestId('slides-viewer').textContent).not.toMatch(/1\s*\/\s*4/);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(position.textContent).toBe('Slide 2 of 4');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { BannerBlock } from './banner-block';
import type { BannerItem } from './banner-slide';

const carouselLoaded = vi.hoisted(() => vi.fn());
vi.mock('./banner-carousel', () => {
  carouselLoaded();
  return {
    default: ({ items }: { items: readonly BannerItem[] }) => (
      <div data-testid="carousel">{items.map((item) => item.alt).join(', ')}</div>
    ),
  };
});

const slide = (n: number): BannerItem => ({ image: `/uploads/banner-${n}.png`, alt: `Banner ${n}`, link: null });

describe('BannerBlock', () => {
  it('shows a single banner as a picture without the carousel', async () => {
    await renderWithProviders(<BannerBlock block={{ kind: 'banner', items: [slide(1)] }} priority={false} />);
    const picture = screen.getByRole('img', { name: 'Banner 1' });
    expect(picture.getAttribute('loading')).toBe('lazy');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('carousel')).toBeNull();
    expect(screen.getByRole('img', { name: 'Banner 1' })).toBe(picture);
    expect(carouselLoaded).not.toHaveBeenCalled();
  });

  it('paints the first slide as a plain, eager picture, then swaps the carousel into the same box', async () => {
    await renderWithProviders(<BannerBlock block={{ kind: 'banner', items: [slide(1), slide(2)] }} priority />);
    const box = screen.getByRole('region', { name: 'Featured' });
    expect(box.getAttribute('aria-roledescription')).toBe('carousel');
    const first = screen.getByRole('img', { name: 'Banner 1' });
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['750', '320']);
    expect(screen.getByRole('group', { name: 'Slide 1 of 2' })).toBeTruthy();
    expect(screen.queryByTestId('carousel')).toBeNull();
    // Once the page is idle the carousel arrives, in the same reserved box.
    const carousel = await screen.findByTestId('carousel');
    expect(carouselLoaded).toHaveBeenCalledTimes(1);
    expect(carousel.textContent).toBe('Banner 1, Banner 2');
    expect(carousel.parentElement).toBe(box);
    expect(screen.queryByRole('img', { name: 'Banner 1' })).toBeNull();
  });
});

import type { FavouriteList } from '@school/contract/favourites';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import FavouritesScreen from './favourites-screen';

const price = { currency: 'CNY', amount: 0, original: null } as const;

const courses: FavouriteList = {
  items: [
    {
      type: 'COURSE',
      favouritedAt: '2025-02-01T08:00:00Z',
      course: {
        uid: 'sql-essentials',
        title: 'SQL Essentials',
        subtitle: 'Joins and more',
        cover: '/cover.svg',
        price,
        status: 'PUBLISHED',
        lessonCount: 12,
        studentCount: 3,
        ratingScore: 4.5,
        tags: [],
      },
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
};

const emptyPage = { items: [], total: 0, page: 1, pageSize: 10 };

/** The favourites of each type the server holds. */
function server(byType: Record<string, FavouriteList | typeof emptyPage>) {
  return routedFetch((url) => {
    if (url.pathname === '/api/me/favourites') return jsonResponse(200, byType[url.searchParams.get('type') ?? '']);
    // The cards ask which products the learner holds (Joined in place of the price).
    if (url.pathname === '/api/learning/owned') return jsonResponse(200, { courses: [], classrooms: [], exams: [] });
    return undefined;
  });
}

describe('my favourites', () => {
  beforeEach(() => {
    localStorage.clear();
    session.saveUser(learner);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the starred courses as cards leading to their pages', async () => {
    vi.stubGlobal('fetch', server({ COURSE: courses }));
    await renderWithProviders(<FavouritesScreen />, { path: '/me/favourites' });
    expect(screen.getByRole('tab', { name: 'Courses' }).getAttribute('aria-selected')).toBe('true');
    const [card] = await screen.findAllByTestId('favourite-card');
    expect(card!.getAttribute('href')).toBe('/courses/sql-essentials');
    expect(within(card!).getByText('SQL Essentials')).toBeTruthy();
    expect(within(card!).getByText(/12 lessons/)).toBeTruthy();
  });

  it('says so on an empty tab, with a way to find that kind', async () => {
    vi.stubGlobal('fetch', server({ COURSE: courses, EXAM: emptyPage }));
    await renderWithProviders(<FavouritesScreen />, { path: '/me/favourites' });
    await screen.findAllByTestId('favourite-card');
    fireEvent.click(screen.getByRole('tab', { name: 'Exams' }));
    expect(await screen.findByText('No favourite exams yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover exams' }).getAttribute('href')).toBe('/single/exams');
  });

  it('shows placeholders while the first page loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise(() => {})),
    );
    const { container } = await renderWithProviders(<FavouritesScreen />, { path: '/me/favourites?tab=classrooms' });
    expect(screen.getByRole('tab', { name: 'Classrooms' }).getAttribute('aria-selected')).toBe('true');
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});

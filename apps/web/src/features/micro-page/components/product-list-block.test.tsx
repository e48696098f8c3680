import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { MicroPageBlocks } from './micro-page-blocks';

const price = { amount: 0, original: null, currency: 'CNY' } as const;
const course = {
  uid: 'c-1',
  title: 'Intro to Go',
  subtitle: '',
  cover: '/c.svg',
  price,
  status: 'DRAFT',
  lessonCount: 1,
  studentCount: 12,
  ratingScore: 4.5,
  tags: [],
};
const article = {
  id: 3,
  title: 'Exam season tips',
  summary: 'Plan early',
  cover: null,
  author: 'Li Na',
  viewCount: 1,
  publishedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
};

function page(items: unknown[]) {
  return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 20 });
}

describe('product list blocks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows skeletons, then the cards with a "more" link, and asks for one page of `limit`', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = routedFetch((url) =>
      url.pathname === '/api/courses' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(
      <MicroPageBlocks
        components={[{ kind: 'courseList', title: 'Latest courses', rule: 'latest', limit: 2 }]}
        signedIn={false}
      />,
    );
    const section = screen.getByRole('region', { name: 'Latest courses' });
    expect(within(section).getByRole('status')).toBeTruthy();
    answer(page([course]));
    const card = await within(section).findByRole('link', { name: /Intro to Go/ });
    expect(card.getAttribute('href')).toBe('/courses/c-1');
    expect(card.textContent).toContain('1 lesson · 12 learners');
    expect(card.textContent).toContain('Free');
    expect(card.textContent).toContain('Coming soon');
    const more = within(section).getByRole('link', { name: 'More Latest courses' });
    expect(more.getAttribute('href')).toBe('/courses');
    expect(callsOf(fetchMock)).toEqual(['GET /api/courses?sort=updatedTime&page=1&pageSize=2']);
  });

  it('renders articles with author, relative time and views', async () => {
    vi.stubGlobal(
      'fetch',
      routedFetch((url) => (url.pathname === '/api/articles' ? page([article]) : undefined)),
    );
    await renderWithProviders(
      <MicroPageBlocks
        components={[{ kind: 'articleList', title: 'News', rule: 'popular', limit: 3 }]}
        signedIn={false}
      />,
    );
    const card = await screen.findByRole('link', { name: /Exam season tips/ });
    expect(card.getAttribute('href')).toBe('/articles/3');
    expect(card.textContent).toContain('Li Na · 3h ago · 1 view');
    expect(screen.getByRole('link', { name: 'More News' }).getAttribute('href')).toBe('/articles?tab=popular');
  });

  it('takes no space when the list is empty', async () => {
    const fetchMock = routedFetch((url) => (url.pathname === '/api/exams' ? page([]) : undefined));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(
      <MicroPageBlocks
        components={[{ kind: 'examList', title: 'Exams', rule: 'recommended', limit: 3 }]}
        signedIn={false}
      />,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Exams' })).toBeNull());
    expect(callsOf(fetchMock)).toEqual(['GET /api/exams?recommended=true&page=1&pageSize=3']);
  });
});

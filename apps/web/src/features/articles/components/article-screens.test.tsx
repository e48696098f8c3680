import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import ArticleDetailScreen from './article-detail-screen';
import ArticleListScreen from './article-list-screen';

const hour = 3600_000;
const summary = (id: number, title: string) => ({
  id,
  title,
  summary: `About ${title}`,
  cover: id % 2 ? `/cover-${id}.svg` : null,
  author: 'Li Na',
  viewCount: 1200,
  publishedAt: new Date(Date.now() - 5 * hour).toISOString(),
});
const byTab: Record<string, ReturnType<typeof summary>[]> = {
  latest: [summary(1, 'New term starts'), summary(2, 'Library hours')],
  recommended: [summary(3, 'How to plan your week')],
  popular: [],
};

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/articles" element={<ArticleListScreen />} />
      <Route path="/articles/:id" element={<ArticleDetailScreen />} />
      <Route path="*" element={null} />
    </Routes>,
    { path },
  );
}

describe('article list', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubList() {
    const fetchMock = routedFetch((url) => {
      if (url.pathname !== '/api/articles') return undefined;
      const items = byTab[url.searchParams.get('tab')!]!;
      return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 20 });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('opens on Latest with linked cards showing author, time and views', async () => {
    const fetchMock = stubList();
    await renderAt('/articles');
    expect(screen.getByRole('tab', { name: 'Latest', selected: true })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Latest articles' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/articles/1', '/articles/2']);
    expect(links[0]!.textContent).toContain('Li Na · 5h ago · 1200 views');
    expect(callsOf(fetchMock)).toEqual(['GET /api/articles?tab=latest&page=1&pageSize=20']);
  });

  it('switches tabs through the address and shows the empty state', async () => {
    stubList();
    await renderWithProviders(
      <Routes>
        <Route
          path="/articles"
          element={
            <>
              <ArticleListScreen />
              <LocationProbe />
            </>
          }
        />
      </Routes>,
      { path: '/articles?tab=recommended' },
    );
    expect(await screen.findByRole('link', { name: /How to plan your week/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Popular' }));
    expect(screen.getByTestId('location').textContent).toBe('/articles?tab=popular');
    expect(await screen.findByText('No articles yet')).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Popular' })).toBeTruthy();
  });
});

describe('article detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the title, byline, cover and the article HTML', async () => {
    vi.stubGlobal(
      'fetch',
      routedFetch((url) =>
        url.pathname === '/api/articles/3'
          ? jsonResponse(200, {
              ...summary(3, 'How to plan your week'),
              content: '<p>Set <strong>one</strong> goal.</p>',
            })
          : undefined,
      ),
    );
    await renderAt('/articles/3');
    const article = await screen.findByTestId('article-detail');
    expect(within(article).getByRole('heading', { name: 'How to plan your week' })).toBeTruthy();
    expect(within(article).getByTestId('article-byline').textContent).toBe('Li Na · 5h ago · 1200 views');
    expect(within(article).getByText('one').tagName).toBe('STRONG');
    expect(article.querySelector('img')?.getAttribute('src')).toBe('/cover-3.svg');
  });

  it('says the article does not exist on a 404 and for an id that cannot exist', async () => {
    const fetchMock = routedFetch((url) =>
      url.pathname === '/api/articles/99'
        ? jsonResponse(404, { code: 'articleNotFound', message: 'Article not found' })
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const first = await renderAt('/articles/99');
    expect(await screen.findByTestId('article-not-found')).toBeTruthy();
    expect(screen.getByText('Article not found')).toBeTruthy();
    first.unmount();
    await renderAt('/articles/abc');
    expect(screen.getByTestId('article-not-found')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual(['GET /api/articles/99']);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { searchHistory } from '../logic/search-history';
import SearchScreen from './search-screen';

const confirm = vi.hoisted(() => vi.fn<() => Promise<boolean>>());
vi.mock('../../../lib/confirm-dialog', () => ({ confirmDialog: confirm }));

const price = { amount: 9900, original: null, currency: 'CNY' } as const;
const hits = {
  COURSE: [
    {
      type: 'COURSE',
      key: 'c-1',
      title: '前端开发入门',
      description: '从零开始',
      image: '/c.svg',
      price,
      startTime: null,
      lessonCount: 12,
      studentCount: 1,
    },
  ],
  LIVE: [
    {
      type: 'LIVE',
      key: 'c-2',
      title: '答疑直播',
      description: '',
      image: '/l.svg',
      price: null,
      startTime: '2030-01-02T11:00:00.000Z',
      lessonCount: null,
      studentCount: null,
    },
  ],
  TEACHER: [
    {
      type: 'TEACHER',
      key: '7',
      title: '王磊',
      description: '高级讲师',
      image: null,
      price: null,
      startTime: null,
      lessonCount: null,
      studentCount: null,
    },
  ],
} as Record<string, unknown[]>;

function renderScreen(path = '/search') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/search"
        element={
          <>
            <SearchScreen />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { path },
  );
}

describe('search screen', () => {
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    searchHistory.clear();
    confirm.mockReset();
    fetchMock = routedFetch((url) => {
      if (url.pathname !== '/api/search') return undefined;
      const items = url.searchParams.get('keyword') === 'nothing' ? [] : (hits[url.searchParams.get('type')!] ?? []);
      return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 20 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const input = () => screen.getByRole('searchbox', { name: 'Search keyword' }) as HTMLInputElement;
  const location = () => screen.getByTestId('location').textContent;

  it('invites a search before there is any history, with the field focused', async () => {
    await renderScreen();
    expect(screen.getByTestId('search-start')).toBeTruthy();
    expect(document.activeElement).toBe(input());
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Courses',
      'Classrooms',
      'Exams',
      'Live',
      'Teachers',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('searches a Chinese keyword on enter, keeps it in the address and in the history', async () => {
    await renderScreen();
    fireEvent.change(input(), { target: { value: '  前端 ' } });
    fireEvent.submit(input().form!);
    const card = await screen.findByRole('link', { name: /前端开发入门/ });
    expect(card.getAttribute('href')).toBe('/courses/c-1');
    // Lessons and learners, as the course list's cards show them.
    expect(card.textContent).toContain('12 lessons · 1 learner');
    expect(location()).toBe('/search?type=COURSE&keyword=%E5%89%8D%E7%AB%AF');
    expect(callsOf(fetchMock)).toEqual(['GET /api/search?type=COURSE&keyword=%E5%89%8D%E7%AB%AF&page=1&pageSize=20']);
    expect(searchHistory.list()).toEqual(['前端']);
    expect(input().value).toBe('前端');
  });

  it('does not search an empty keyword', async () => {
    await renderScreen();
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.submit(input().form!);
    expect(location()).toBe('/search');
    expect(searchHistory.list()).toEqual([]);
  });

  it('switches tabs for the same keyword; live hits show their start and lead to the course', async () => {
    await renderScreen('/search?type=COURSE&keyword=%E7%9B%B4%E6%92%AD');
    await screen.findByRole('link', { name: /前端开发入门/ });
    fireEvent.click(screen.getByRole('tab', { name: 'Live' }));
    const live = await screen.findByRole('link', { name: /答疑直播/ });
    expect(live.getAttribute('href')).toBe('/courses/c-2');
    expect(within(live).getByText(/^Starts \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeTruthy();
    expect(location()).toBe('/search?type=LIVE&keyword=%E7%9B%B4%E6%92%AD');
  });

  it('shows teachers as persons without a link', async () => {
    await renderScreen('/search?type=TEACHER&keyword=%E7%8E%8B');
    const teacher = await screen.findByTestId('search-teacher');
    expect(within(teacher).getByRole('heading', { name: '王磊' })).toBeTruthy();
    expect(within(teacher).getByText('高级讲师')).toBeTruthy();
    expect(within(teacher).queryByRole('link')).toBeNull();
  });

  it('says so when nothing matches', async () => {
    await renderScreen('/search?type=EXAM&keyword=nothing');
    const empty = await screen.findByTestId('search-no-results');
    expect(empty.textContent).toContain('Nothing in Exams matches "nothing"');
  });

  it('offers recent keywords as links, and clears the field back to them', async () => {
    searchHistory.add('java');
    searchHistory.add('数学');
    await renderScreen('/search?type=EXAM&keyword=数学');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Clear the keyword' }));
    expect(location()).toBe('/search?type=EXAM');
    expect(input().value).toBe('');
    const entries = within(screen.getByTestId('search-history')).getAllByRole('link');
    expect(entries.map((link) => link.textContent)).toEqual(['数学', 'java']);
    fireEvent.click(entries[1]!);
    expect(location()).toBe('/search?type=EXAM&keyword=java');
    expect(input().value).toBe('java');
    expect(searchHistory.list()).toEqual(['java', '数学']);
  });

  it('remembers the keyword of results it opens on: a search the browser sent before the code took over', async () => {
    searchHistory.add('java');
    await renderScreen('/search?type=COURSE&keyword=%E5%89%8D%E7%AB%AF');
    await screen.findByRole('link', { name: /前端开发入门/ });
    expect(searchHistory.list()).toEqual(['前端', 'java']);
    fireEvent.click(screen.getByRole('tab', { name: 'Live' }));
    await screen.findByRole('link', { name: /答疑直播/ });
    expect(searchHistory.list()).toEqual(['前端', 'java']);
  });

  it('clears the history only after confirmation', async () => {
    searchHistory.add('java');
    await renderScreen();
    const clear = screen.getByRole('button', { name: 'Clear history' });
    confirm.mockResolvedValueOnce(false);
    fireEvent.click(clear);
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('search-history')).toBeTruthy();
    confirm.mockResolvedValueOnce(true);
    fireEvent.click(clear);
    expect(await screen.findByTestId('search-start')).toBeTruthy();
    expect(searchHistory.list()).toEqual([]);
    expect(confirm).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Clear search history?' }));
  });
});

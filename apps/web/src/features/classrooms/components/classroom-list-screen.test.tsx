import type { ClassroomSummary } from '@school/contract/classrooms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import ClassroomListScreen from './classroom-list-screen';

const summary = (uid: string, title: string, over: Partial<ClassroomSummary> = {}): ClassroomSummary => ({
  uid,
  title,
  cover: '/seed/cover-01.svg',
  price: { amount: 0, original: null, currency: 'CNY' },
  status: 'PUBLISHED',
  studentCount: 1,
  courseCount: 3,
  enrolStartTime: null,
  enrolEndTime: null,
  startTime: null,
  durationDays: null,
  ...over,
});

const categories = {
  items: [
    {
      id: 1,
      parentId: null,
      seq: 1,
      level: 0,
      name: 'IT',
      children: [{ id: 11, parentId: 1, seq: 1, level: 1, name: 'Data', children: [] }],
    },
    { id: 2, parentId: null, seq: 2, level: 0, name: 'Design', children: [] },
  ],
};

function renderScreen(path: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/classrooms"
        element={
          <>
            <ClassroomListScreen />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { path },
  );
}

describe('classroom list', () => {
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    fetchMock = routedFetch(
      (url) => (url.pathname === '/api/categories' ? jsonResponse(200, categories) : undefined),
      (url) => {
        if (url.pathname !== '/api/classrooms') return undefined;
        const keyword = url.searchParams.get('keyword');
        const items =
          keyword === 'none' ? [] : [summary('a', 'Data camp'), summary('b', 'Design sprint', { status: 'DRAFT' })];
        return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 10 });
      },
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('preselects the category of the query and shows its children', async () => {
    await renderScreen('/classrooms?categoryId=1&pathFrom=tab');
    const list = await screen.findByRole('list', { name: 'Classrooms' });
    expect(within(list).getAllByTestId('classroom-card')).toHaveLength(2);
    expect(within(list).getByText('Coming soon')).toBeTruthy();
    expect(callsOf(fetchMock)).toContain('GET /api/classrooms?categoryId=1&page=1&pageSize=10');
    expect(callsOf(fetchMock)).toContain('GET /api/categories?type=PROJECT');
    const root = await screen.findByRole('button', { name: 'IT' });
    expect(root.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group', { name: 'IT' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Data' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps sort and keyword in the address and asks the server with them', async () => {
    await renderScreen('/classrooms?pathFrom=tab');
    await screen.findByRole('list', { name: 'Classrooms' });
    fireEvent.click(screen.getByRole('button', { name: 'Popular' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/classrooms?pathFrom=tab&sort=studentCount'),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search classrooms' }), { target: { value: 'none' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('No classroom matches. Try another keyword or category.')).toBeTruthy();
    expect(callsOf(fetchMock)).toContain('GET /api/classrooms?keyword=none&sort=studentCount&page=1&pageSize=10');
  });
});

import type { Category } from '@school/contract/catalogue';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { session } from '../../../lib/session';
import { learner } from '../../../testing/fixtures';
import { courseSummary } from '../testing/course-fixtures';
import CourseListScreen from './course-list-screen';

const tree: Category[] = [
  {
    id: 1,
    parentId: null,
    seq: 1,
    level: 0,
    name: 'Development',
    children: [{ id: 3, parentId: 1, seq: 1, level: 1, name: 'Frontend', children: [] }],
  },
  { id: 2, parentId: null, seq: 2, level: 0, name: 'Design', children: [] },
];

function serve(total = 1) {
  const fetchMock = routedFetch(
    (url) => (url.pathname === '/api/categories' ? jsonResponse(200, { items: tree }) : undefined),
    (url) =>
      url.pathname === '/api/tags'
        ? jsonResponse(200, {
            items: [
              { id: 7, name: 'Vue' },
              { id: 8, name: 'React' },
            ],
          })
        : undefined,
    (url) =>
      url.pathname === '/api/courses'
        ? jsonResponse(200, { items: total ? [courseSummary] : [], total, page: 1, pageSize: 10 })
        : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const courseCalls = (fetchMock: ReturnType<typeof routedFetch>) =>
  callsOf(fetchMock).filter((call) => call.startsWith('GET /api/courses'));
const location = () => screen.getByTestId('location').textContent;

function HistoryBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      history back
    </button>
  );
}

async function open(path = '/courses') {
  return renderWithProviders(
    <>
      <CourseListScreen />
      <LocationProbe />
      <HistoryBack />
    </>,
    { path },
  );
}

describe('course list', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists courses with lessons, learners and price, linking to each course', async () => {
    const fetchMock = serve();
    await open();
    const card = await screen.findByTestId('course-card');
    expect(card.getAttribute('href')).toBe('/courses/c-free');
    expect(card.textContent).toContain('Vue from scratch');
    expect(card.textContent).toContain('3 lessons · 120 learners');
    expect(within(card).getByTestId('price-tag').textContent).toBe('Free');
    expect(courseCalls(fetchMock)).toEqual(['GET /api/courses?page=1&pageSize=10']);
    // A tab page, however it was reached: the tab bar is the way around, no back arrow.
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('says Joined in place of the price on a course the signed-in learner holds', async () => {
    const owned = routedFetch(
      (url) =>
        url.pathname === '/api/learning/owned'
          ? jsonResponse(200, { courses: ['c-free'], classrooms: [], exams: [] })
          : undefined,
      (url) => (url.pathname === '/api/categories' ? jsonResponse(200, { items: tree }) : undefined),
      (url) => (url.pathname === '/api/tags' ? jsonResponse(200, { items: [] }) : undefined),
      (url) =>
        url.pathname === '/api/courses'
          ? jsonResponse(200, { items: [courseSummary], total: 1, page: 1, pageSize: 10 })
          : undefined,
    );
    vi.stubGlobal('fetch', owned);
    session.saveUser(learner);
    try {
      await open();
      const card = await screen.findByTestId('course-card');
      expect((await within(card).findByTestId('owned-tag')).textContent).toBe('Joined');
      expect(within(card).queryByTestId('price-tag')).toBeNull();
    } finally {
      session.clear();
    }
  });

  it('preselects the category of the URL and sends every filter of the URL', async () => {
    const fetchMock = serve();
    await open('/courses?categoryId=3&tagId=7&sort=lowestPrice&keyword=vue&pathFrom=tab');
    await screen.findByTestId('course-card');
    expect(courseCalls(fetchMock)).toEqual([
      'GET /api/courses?keyword=vue&categoryId=3&tagId=7&sort=lowestPrice&page=1&pageSize=10',
    ]);
    await waitFor(() => expect(screen.getByTestId('course-category-button').textContent).toContain('Frontend'));
    expect((screen.getByTestId('course-sort') as HTMLSelectElement).value).toBe('lowestPrice');
    expect(screen.getByRole('button', { name: 'Vue', pressed: true })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search courses' }) as HTMLInputElement).value).toBe('vue');
    // Opened from the tab bar: no back button either.
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('sends the other filters along when the keyword form is sent as a plain form (before the code takes over)', async () => {
    serve();
    await open('/courses?categoryId=3&tagId=7&sort=lowestPrice&keyword=vue&pathFrom=tab');
    await screen.findByTestId('course-card');
    const form = screen.getByRole('search');
    expect([...new FormData(form as HTMLFormElement)]).toEqual([
      ['categoryId', '3'],
      ['tagId', '7'],
      ['sort', 'lowestPrice'],
      ['pathFrom', 'tab'],
      ['keyword', 'vue'],
    ]);
  });

  it('puts sort and tag choices into the URL and asks again', async () => {
    const fetchMock = serve();
    await open('/courses?pathFrom=tab');
    await screen.findByTestId('course-card');
    fireEvent.change(screen.getByTestId('course-sort'), { target: { value: 'studentCount' } });
    expect(location()).toBe('/courses?pathFrom=tab&sort=studentCount');
    fireEvent.click(await screen.findByRole('button', { name: 'React' }));
    expect(location()).toBe('/courses?pathFrom=tab&sort=studentCount&tagId=8');
    await waitFor(() =>
      expect(courseCalls(fetchMock).at(-1)).toBe('GET /api/courses?tagId=8&sort=studentCount&page=1&pageSize=10'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(location()).toBe('/courses?pathFrom=tab&sort=studentCount');
  });

  it('shows only the free courses when Free is on, in the URL and the request', async () => {
    const fetchMock = serve();
    await open('/courses?pathFrom=tab');
    await screen.findByTestId('course-card');
    const free = screen.getByRole('button', { name: 'Free', pressed: false });
    fireEvent.click(free);
    expect(location()).toBe('/courses?pathFrom=tab&price=free');
    expect(screen.getByRole('button', { name: 'Free', pressed: true })).toBeTruthy();
    await waitFor(() => expect(courseCalls(fetchMock).at(-1)).toBe('GET /api/courses?price=free&page=1&pageSize=10'));
    fireEvent.click(screen.getByRole('button', { name: 'Free', pressed: true }));
    expect(location()).toBe('/courses?pathFrom=tab');
  });

  it('searches once typing pauses', async () => {
    const fetchMock = serve();
    await open();
    await screen.findByTestId('course-card');
    const box = screen.getByRole('searchbox', { name: 'Search courses' });
    fireEvent.change(box, { target: { value: '前' } });
    fireEvent.change(box, { target: { value: '前端' } });
    expect(location()).toBe('/courses');
    await waitFor(() => expect(location()).toBe('/courses?keyword=%E5%89%8D%E7%AB%AF'), { timeout: 2000 });
    await waitFor(() =>
      expect(courseCalls(fetchMock).at(-1)).toBe('GET /api/courses?keyword=%E5%89%8D%E7%AB%AF&page=1&pageSize=10'),
    );
    expect(courseCalls(fetchMock)).toHaveLength(2);
  });

  it('searches at once on Enter, and the box follows the URL back', async () => {
    serve();
    await open('/courses?keyword=vue');
    await screen.findByTestId('course-card');
    const box = screen.getByRole('searchbox', { name: 'Search courses' }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'react' } });
    fireEvent.submit(box.closest('form')!);
    expect(location()).toBe('/courses?keyword=react');
    fireEvent.click(screen.getByRole('button', { name: 'history back' }));
    expect(location()).toBe('/courses?keyword=vue');
    expect(box.value).toBe('vue');
    // The box's own pause does not write the old text back over the URL.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(location()).toBe('/courses?keyword=vue');
  });

  it('chooses a category from the tree, down to a sub-category', async () => {
    serve();
    await open();
    await screen.findByTestId('course-card');
    await act(async () => {
      fireEvent.click(screen.getByTestId('course-category-button'));
    });
    const picker = await screen.findByRole('dialog', { name: 'Choose a category' });
    fireEvent.click(within(picker).getByRole('button', { name: 'Development' }));
    const level = await screen.findByRole('dialog', { name: 'Development' });
    expect(within(level).getByRole('button', { name: 'All of Development' })).toBeTruthy();
    fireEvent.click(within(level).getByRole('button', { name: 'Frontend' }));
    expect(location()).toBe('/courses?categoryId=3');
  });

  it('offers to clear the filters when nothing matches', async () => {
    serve(0);
    await open('/courses?keyword=zzz&sort=highestPrice');
    expect(await screen.findByText('No courses found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/courses?sort=highestPrice');
  });
});

import type { MyCourse } from '@school/contract/learning';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import {
  learningClassroom,
  learningCourse,
  noStudyStatistics,
  pageOf,
  studyStatistics,
} from '../testing/learning-fixtures';
import MyClassroomListScreen from './my-classroom-list-screen';
import MyCourseListScreen from './my-course-list-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));
// antd's dialog answers for the learner; our confirm-dialog module runs as it is.
const confirm = vi.hoisted(() => vi.fn<(props: object) => Promise<boolean>>());
vi.mock('antd-mobile/es/components/dialog', () => ({ default: { confirm } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The learning centre's answers: the statistics, and the course list until a quit empties it. */
function serve({ stats = studyStatistics, courses = [learningCourse] as MyCourse[] } = {}) {
  let held = courses;
  const fetchMock = routedFetch((url, init) => {
    if (url.pathname === '/api/learning/statistics') return jsonResponse(200, stats);
    if (url.pathname === '/api/learning/courses') return jsonResponse(200, pageOf(held));
    if (url.pathname === '/api/learning/classrooms') return jsonResponse(200, pageOf([learningClassroom]));
    if (init?.method === 'DELETE' && /^\/api\/(courses|classrooms)\/[^/]+\/membership$/.test(url.pathname)) {
      held = [];
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function open(path = '/learning/courses') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/learning/courses" element={<MyCourseListScreen />} />
        <Route path="/learning/classrooms" element={<MyClassroomListScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { path },
  );
}

describe('study statistics', () => {
  it('shows the week’s time, lessons finished, the streak and seven bars, with a table for screen readers', async () => {
    serve();
    await open();
    const panel = await screen.findByRole('region', { name: 'My study, last 7 days' });
    expect((await within(panel).findByTestId('study-week-time')).textContent).toBe('1 h 30 min');
    expect(within(panel).getByTestId('study-week-lessons').textContent).toBe('312 in all');
    expect(within(panel).getByTestId('study-streak').textContent).toBe('2 daysStudy today to keep it');

    const bars = within(panel).getAllByTestId('study-bar');
    expect(bars.map((bar) => bar.style.height)).toEqual([
      '0px',
      '0px',
      '0px',
      '0px',
      `${(1500 / 3900) * 100}%`,
      '100%',
      '0px',
    ]);
    // The bars are for the eye; the table says the same.
    expect(within(panel).getByTestId('study-chart').getAttribute('aria-hidden')).toBe('true');
    const table = within(panel).getByRole('table', { name: 'Study by day, last 7 days' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Thu 2026-02-260 min0',
      'Fri 2026-02-270 min0',
      'Sat 2026-02-280 min0',
      'Sun 2026-03-010 min0',
      'Mon 2026-03-0225 min1',
      'Tue 2026-03-031 h 5 min2',
      'Today 2026-03-040 min0',
    ]);
  });

  it('tells a new learner what will show there', async () => {
    serve({ stats: noStudyStatistics });
    await open();
    const panel = await screen.findByRole('region', { name: 'My study, last 7 days' });
    expect((await within(panel).findByTestId('study-statistics-empty')).textContent).toMatch(/^Nothing studied yet/);
    expect(within(panel).queryByTestId('study-chart')).toBeNull();
  });

  it('says under a minute rather than nothing for a few seconds', async () => {
    serve({ stats: { ...studyStatistics, weekSeconds: 20, studiedToday: true } });
    await open();
    expect((await screen.findByTestId('study-week-time')).textContent).toBe('Under 1 min');
    expect(screen.getByTestId('study-streak').textContent).toBe('2 days');
  });
});

/**
 * Opens a card's menu; the sheet loads on the first tap. The list's pull-to-refresh arrives when
 * the page is idle and rebuilds the list's markup once (components/catalogue/pull-to-refresh-when-idle):
 * the menu is opened after that, as a learner's finger would find it, or the rebuild would take
 * the just-opened sheet with it.
 */
async function openMenu(title: string) {
  await waitFor(() => expect(document.querySelector('.adm-pull-to-refresh')).not.toBeNull());
  fireEvent.click(await screen.findByRole('button', { name: `More for ${title}` }));
  return screen.findByRole('dialog', { name: title }, { timeout: 10_000 });
}

describe('leaving a course or classroom', { timeout: 20_000 }, () => {
  // The sheet is its own chunk: loaded once here, not inside the first test's time.
  beforeAll(() => import('./leave-sheet'), 60_000);

  it('quits a free course after a confirmation that says the progress is kept, and the list follows', async () => {
    const fetchMock = serve();
    confirm.mockResolvedValue(true);
    await open();
    const sheet = await openMenu('Vue from scratch');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Quit course' }));

    await waitFor(() => expect(callsOf(fetchMock)).toContain('DELETE /api/courses/vue-basics/membership'));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Quit “Vue from scratch”?',
        content: expect.stringContaining('Your progress is kept'),
        confirmText: 'Quit',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'You have not joined a course yet' })).toBeTruthy();
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'You quit “Vue from scratch”' })),
    );
  });

  it('changes nothing when the learner keeps studying', async () => {
    const fetchMock = serve();
    confirm.mockResolvedValue(false);
    await open();
    fireEvent.click(within(await openMenu('Vue from scratch')).getByRole('button', { name: 'Quit course' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(callsOf(fetchMock).some((call) => call.startsWith('DELETE'))).toBe(false);
    expect(screen.getByTestId('my-course-card')).toBeTruthy();
  });

  it('points a paid course to its order’s refund instead of quitting', async () => {
    serve({ courses: [{ ...learningCourse, leave: { kind: 'refund', tradeNo: '20260101000000123456' } }] });
    await open();
    const sheet = await openMenu('Vue from scratch');
    expect(within(sheet).queryByRole('button', { name: 'Quit course' })).toBeNull();
    expect(within(sheet).getByTestId('leave-explanation').textContent).toContain('ask for a refund from its order');
    const toOrder = within(sheet).getByRole('link', { name: 'Go to the order' });
    expect(toOrder.getAttribute('href')).toBe('/orders/20260101000000123456');
  });

  it('points a classroom’s course to the classroom', async () => {
    serve({
      courses: [{ ...learningCourse, leave: { kind: 'classroom', classroom: { uid: 'bootcamp', title: 'Bootcamp' } } }],
    });
    await open();
    const sheet = await openMenu('Vue from scratch');
    expect(within(sheet).getByTestId('leave-explanation').textContent).toContain('“Bootcamp”');
    expect(within(sheet).getByRole('link', { name: 'Go to the classroom' }).getAttribute('href')).toBe(
      '/classroom/bootcamp',
    );
  });

  it('quits a free classroom from its card', async () => {
    const fetchMock = serve();
    confirm.mockResolvedValue(true);
    await open('/learning/classrooms');
    fireEvent.click(within(await openMenu('Frontend bootcamp')).getByRole('button', { name: 'Quit classroom' }));
    await waitFor(() => expect(callsOf(fetchMock)).toContain('DELETE /api/classrooms/frontend-bootcamp/membership'));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({ content: expect.stringContaining('the courses it gave you') }),
    );
  });
});

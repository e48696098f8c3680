import type { Schedule, ScheduleItem } from '@school/contract/schedule';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import ScheduleScreen from './schedule-screen';

const today = new Date();
const at = (daysAhead: number, hours: number, minutes = 0) =>
  new Date(today.getFullYear(), today.getMonth(), today.getDate() + daysAhead, hours, minutes).toISOString();

const items: ScheduleItem[] = [
  {
    id: 'lesson:1',
    kind: 'LIVE_STARTS',
    at: at(0, 23, 30),
    title: 'Live Q&A',
    course: 'SQL Essentials',
    link: '/lessons/1',
  },
  { id: 'exam-opens:4', kind: 'EXAM_OPENS', at: at(1, 9), title: 'SQL test', course: null, link: '/exam/sql-test' },
  { id: 'exam-closes:4', kind: 'EXAM_CLOSES', at: at(6, 18), title: 'SQL test', course: null, link: '/exam/sql-test' },
];

function serve(list: ScheduleItem[]) {
  const body: Schedule = { from: at(-1, 0), until: at(30, 0), items: list };
  const fetchMock = routedFetch((url) =>
    url.pathname === '/api/learning/schedule' ? jsonResponse(200, body) : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('schedule', () => {
  beforeEach(() => {
    localStorage.clear();
    session.saveUser(learner);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the next 30 days by day, today and tomorrow named, each item opening what it is about', async () => {
    const fetchMock = serve(items);
    await renderWithProviders(<ScheduleScreen />, { path: '/learning/schedule' });
    const days = await screen.findAllByRole('heading', { level: 2 });
    expect(days.map((day) => day.textContent)).toEqual([
      expect.stringMatching(/^Today · /),
      expect.stringMatching(/^Tomorrow · /),
      expect.not.stringMatching(/^(Today|Tomorrow)/),
    ]);
    const [live, opens] = screen.getAllByTestId('schedule-item');
    expect(live!.getAttribute('href')).toBe('/lessons/1');
    expect(live!.textContent).toContain('Live lesson');
    expect(live!.textContent).toContain('SQL Essentials');
    expect(within(live!).getByText('23:30').getAttribute('datetime')).toBe(items[0]!.at);
    expect(opens!.textContent).toContain('Exam opens');
    expect(opens!.getAttribute('href')).toBe('/exam/sql-test');
    expect(callsOf(fetchMock)).toContain('GET /api/learning/schedule?days=30');
  });

  it('says when nothing is scheduled and where to go', async () => {
    serve([]);
    await renderWithProviders(<ScheduleScreen />, { path: '/learning/schedule' });
    expect(await screen.findByText('Nothing scheduled in the next 30 days')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my courses' }).getAttribute('href')).toBe('/learning/courses');
  });
});

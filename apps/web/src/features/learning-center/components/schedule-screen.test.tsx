import type { Schedule, ScheduleItem } from '@school/contract/schedule';
import type { CalendarFeedCreated, CalendarFeedState } from '@school/contract/calendar';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import ScheduleScreen from './schedule-screen';

// antd's dialog answers for the learner; our confirm-dialog module runs as it is.
const confirm = vi.hoisted(() => vi.fn<(props: object) => Promise<boolean>>());
vi.mock('antd-mobile/es/components/dialog', () => ({ default: { confirm } }));

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

/** The feed as a server would keep it: on or off, and a new address on each POST. */
function feedServer(feed: { state: CalendarFeedState | 'failing'; made: number }) {
  return (url: URL, init?: RequestInit) => {
    if (url.pathname !== '/api/learning/calendar-feed') return undefined;
    const method = init?.method ?? 'GET';
    if (method === 'GET') {
      return feed.state === 'failing'
        ? jsonResponse(500, { code: 'internalServerError' })
        : jsonResponse(200, feed.state);
    }
    if (method === 'DELETE') {
      feed.state = { on: false, createdAt: null };
      return new Response(null, { status: 204 });
    }
    feed.made += 1;
    const address = `https://school.example/api/calendar/token${feed.made}.ics`;
    const created: CalendarFeedCreated = {
      on: true,
      createdAt: '2026-11-20T08:00:00.000Z',
      url: address,
      webcalUrl: address.replace('https:', 'webcal:'),
    };
    feed.state = { on: true, createdAt: created.createdAt };
    return jsonResponse(200, created);
  };
}

function serve(
  list: ScheduleItem[],
  feed = { state: { on: false, createdAt: null } as CalendarFeedState | 'failing', made: 0 },
) {
  const body: Schedule = { from: at(-1, 0), until: at(30, 0), items: list };
  const fetchMock = routedFetch(
    (url) => (url.pathname === '/api/learning/schedule' ? jsonResponse(200, body) : undefined),
    feedServer(feed),
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

  it("offers each item as a calendar file in the app's language, named for the learner", async () => {
    serve(items);
    await renderWithProviders(<ScheduleScreen />, { path: '/learning/schedule' });
    const add = await screen.findByRole('link', { name: 'Add Live Q&A to your calendar' });
    expect(add.getAttribute('href')).toBe('/api/learning/schedule/lesson%3A1/event.ics?lang=en');
    expect(add.hasAttribute('download')).toBe(true);
    expect(screen.getAllByRole('link', { name: 'Add SQL test to your calendar' })).toHaveLength(2);
  });

  it('says when nothing is scheduled and where to go', async () => {
    serve([]);
    await renderWithProviders(<ScheduleScreen />, { path: '/learning/schedule' });
    expect(await screen.findByText('Nothing scheduled in the next 30 days')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my courses' }).getAttribute('href')).toBe('/learning/courses');
  });
});

describe('subscribe in your calendar', () => {
  beforeEach(() => {
    localStorage.clear();
    session.saveUser(learner);
    confirm.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  async function openPanel() {
    fireEvent.click(await screen.findByRole('button', { name: /Subscribe in your calendar/ }));
    return screen.findByRole('dialog', { name: 'Subscribe in your calendar' }, { timeout: 10_000 });
  }

  it('turns the feed on and shows its address once, with Copy, Open in calendar and a word on keeping it private', async () => {
    const feed = { state: { on: false, createdAt: null } as CalendarFeedState, made: 0 };
    const fetchMock = serve(items, feed);
    await renderWithProviders(<ScheduleScreen />, { path: '/learning/schedule' });
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Turn on' }));
    const address = await within(panel).findByRole('textbox', { name: 'Your calendar address' });
    expect((address as HTMLInputElement).value).toBe('https://school.example/api/calendar/token1.ics');
    expect(within(panel).getByRole('link', { name: 'Open in calendar' }).getAttribute('href')).toBe(
      'webcal://school.example/api/calendar/token1.ics',
    );
    expect(within(panel).getByText(/Keep this address private/)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(callsOf(fetchMock)).toContain('POST /api/learning/calendar-feed');

    // A new address only after a confirmation; declined, nothing changes.
    confirm.mockResolvedValueOnce(false);
    fireEvent.click(within(panel).getByRole('button', { name: 'New address' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(feed.made).toBe(1);
    confirm.mockResolvedValueOnce(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'New address' }));
    await waitFor(() =>
      expect((within(panel).getByRole('textbox') as HTMLInputElement).value).toBe(
        'https://school.example/api/calendar/token2.ics',
      ),
    );
    expect(confirm).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Get a new address?' }));

    // Off after a confirmation: the address goes and Turn on comes back.
    confirm.mockResolvedValueOnce(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Turn off' }));
    expect(await within(panel).findByRole('button', { name: 'Turn on' })).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(callsOf(fetchMock)).toContain('DELETE /api/learning/calendar-feed');
  });

  it('says a feed is on without its address, which only a new one shows', async () => {
    serve(items, { state: { on: true, createdAt: '2026-11-20T08:00:00.000Z' }, made: 0 });
    await renderWithProviders(<ScheduleScreen />, { path: '/learning/schedule' });
    const panel = await openPanel();
    expect((await within(panel).findByTestId('calendar-feed-state')).textContent).toMatch(/^On since 20 Nov 2026\./);
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Turn off' })).toBeTruthy();
  });

  it('offers a retry when the state cannot be read', async () => {
    serve(items, { state: 'failing', made: 0 });
    await renderWithProviders(<ScheduleScreen />, { path: '/learning/schedule' });
    const panel = await openPanel();
    expect(await within(panel).findByRole('alert')).toBeTruthy();
  });
});

import type { Notification, NotificationList } from '@school/contract/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import MeTabBadge from './me-tab-badge';
import NotificationsScreen from './notifications-screen';

const graded: Notification = {
  id: 7,
  params: { kind: 'EXAM_GRADED', title: 'SQL test', score: 40, passed: false },
  link: '/exam/sql/test/result?attempt=3',
  createdAt: '2026-11-28T10:00:00.000Z',
  readAt: null,
};
const refund: Notification = {
  id: 6,
  params: { kind: 'REFUND_DECIDED', title: 'React course', accepted: true },
  link: '/orders/T1',
  createdAt: '2026-11-27T10:00:00.000Z',
  readAt: '2026-11-27T11:00:00.000Z',
};

const listOf = (items: Notification[], unread: number): NotificationList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  unread,
});

/** The notification API with `items`, counting what is read as the server would. */
function serve(items: Notification[]) {
  let unread = items.filter((n) => n.readAt === null).length;
  const fetchMock = routedFetch((url, init) => {
    if (url.pathname === '/api/notifications') return jsonResponse(200, listOf(items, unread));
    if (url.pathname === '/api/notifications/unread-count') return jsonResponse(200, { unread });
    if (init?.method === 'POST' && url.pathname === '/api/notifications/read-all') {
      unread = 0;
      return jsonResponse(200, { unread });
    }
    if (init?.method === 'POST' && /^\/api\/notifications\/\d+\/read$/.test(url.pathname)) {
      unread = Math.max(0, unread - 1);
      return jsonResponse(200, { unread });
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function open() {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/me/notifications" element={<NotificationsScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { path: '/me/notifications' },
  );
}

beforeEach(() => {
  session.clear();
  session.saveUser(learner);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.clear();
});

describe('Notifications', () => {
  it('words each kind in the learner’s language and marks the unread ones', async () => {
    serve([graded, refund]);
    await open();
    const items = await screen.findAllByTestId('notification');
    expect(items.map((item) => item.dataset.unread)).toEqual(['true', 'false']);
    expect(items[0]!.textContent).toContain('Unread: Exam graded');
    expect(items[0]!.textContent).toContain('“SQL test” was graded: 40 points. Not passed this time.');
    expect(items[1]!.textContent).toContain('Your refund for “React course” was accepted.');
    expect(screen.getByTestId('unread-count').textContent).toContain('1 unread notification');
    // A page under Me, not a tab: it has a way back.
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('tapping one reads it and opens its link', async () => {
    const fetchMock = serve([graded, refund]);
    await open();
    fireEvent.click((await screen.findAllByTestId('notification'))[0]!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/exam/sql/test/result?attempt=3'));
    await waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/notifications/7/read'));
  });

  it('a read one opens without asking the server again', async () => {
    const fetchMock = serve([refund]);
    await open();
    fireEvent.click(await screen.findByTestId('notification'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders/T1'));
    expect(callsOf(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('marks all read, and the button goes', async () => {
    const fetchMock = serve([graded, { ...refund, id: 5, readAt: null }]);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/notifications/read-all'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull());
  });

  it('says so when there is none', async () => {
    serve([]);
    await open();
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });
});

describe('the Me tab’s badge', () => {
  it('shows the unread count, and nothing when all is read', async () => {
    serve([graded, { ...refund, readAt: null }]);
    const { unmount } = await renderWithProviders(<MeTabBadge />);
    const badge = await screen.findByTestId('unread-badge');
    expect(within(badge).getByText('2')).toBeTruthy();
    expect(badge.textContent).toContain('2 unread notifications');
    unmount();
    const fetchMock = serve([refund]);
    await renderWithProviders(<MeTabBadge />);
    await waitFor(() => expect(callsOf(fetchMock)).toContain('GET /api/notifications/unread-count'));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('asks nothing for a visitor', async () => {
    session.clear();
    const fetchMock = serve([graded]);
    await renderWithProviders(<MeTabBadge />);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(callsOf(fetchMock)).toEqual([]);
  });
});

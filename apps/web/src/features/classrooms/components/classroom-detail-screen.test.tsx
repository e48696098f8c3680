import type { ClassroomDetail } from '@school/contract/classrooms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import ClassroomDetailScreen from './classroom-detail-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const h = 3_600_000;
const d = 24 * h;
// The server's clock is two days ahead of the phone's: countdowns must follow the server.
const serverNow = Date.now() + 2 * d;
const iso = (ms: number) => new Date(ms).toISOString();

function classroom(over: Partial<ClassroomDetail> = {}): ClassroomDetail {
  return {
    uid: 'data-camp',
    title: 'Data camp',
    cover: '/seed/cover-01.svg',
    price: { amount: 0, original: null, currency: 'CNY' },
    status: 'PUBLISHED',
    studentCount: 12,
    courseCount: 2,
    enrolStartTime: iso(serverNow - d),
    enrolEndTime: iso(serverNow + d + 2 * h),
    startTime: null,
    durationDays: 30,
    intro: '<p>Intro text</p>',
    teachingPlan: '',
    courses: [
      { uid: 'sql', title: 'SQL basics', cover: '/seed/cover-02.svg', lessonCount: 4, completedLessonCount: null },
      { uid: 'py', title: 'Python', cover: '/seed/cover-03.svg', lessonCount: 6, completedLessonCount: null },
    ],
    teachers: [],
    maxStudents: null,
    enrolState: 'OPEN',
    ratingScore: 4.5,
    ratingCount: 2,
    announcementCount: 0,
    coupon: null,
    membership: null,
    now: iso(serverNow),
    ...over,
  };
}

function renderScreen() {
  return renderWithProviders(
    <Routes>
      <Route path="/classroom/:uid" element={<ClassroomDetailScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path: '/classroom/data-camp' },
  );
}

describe('classroom detail', () => {
  let detail: ClassroomDetail;
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    toastShow.mockReset();
    detail = classroom();
    fetchMock = routedFetch(
      (url, init) =>
        url.pathname === '/api/classrooms/data-camp' && (init?.method ?? 'GET') === 'GET'
          ? jsonResponse(200, detail)
          : undefined,
      (url, init) => {
        if (url.pathname !== '/api/classrooms/data-camp/join' || init?.method !== 'POST') return undefined;
        detail = classroom({ membership: { joinedAt: iso(serverNow), completedCourseCount: 0, progress: 0 } });
        return jsonResponse(201, detail.membership);
      },
      (url) =>
        url.pathname === '/api/classrooms/data-camp/announcements'
          ? jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 })
          : undefined,
      (url) =>
        url.pathname === '/api/classrooms/data-camp/comments'
          ? jsonResponse(200, {
              items: [
                {
                  id: 1,
                  user: { nickname: 'Ada', avatar: null },
                  score: 5,
                  content: 'Great',
                  createdAt: iso(Date.now() - h),
                },
              ],
              total: 1,
              page: 1,
              pageSize: 10,
            })
          : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts down to the enrolment end by the server clock, without announcing every second', async () => {
    await renderScreen();
    const timer = await screen.findByRole('timer');
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(timer.getAttribute('aria-label')).toMatch(/^Enrolment closes at \d{4}-\d\d-\d\d \d\d:\d\d$/);
    // 1 day 2 hours left on the server's clock (the phone's would say 3 days).
    expect(timer.textContent).toMatch(/^1d 0[12]:\d\d:\d\d$/);
    expect(screen.getByTestId('enrol-status').textContent).toContain('Enrolment closes in');
    expect(screen.getByTestId('fact-duration').textContent).toContain('30 days');
  });

  it('sends an anonymous learner to log in before enrolling', async () => {
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Enrol' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(callsOf(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('enrols a signed-in learner in a free classroom and then shows the progress', async () => {
    session.saveUser(learner);
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Enrol' }));
    expect(await screen.findByTestId('classroom-enrolled')).toBeTruthy();
    expect(callsOf(fetchMock)).toContain('POST /api/classrooms/data-camp/join');
    const bar = screen.getByRole('progressbar', { name: 'Learning progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByTestId('classroom-progress').textContent).toContain('0 of 2 courses completed');
    await waitFor(() => expect(toastShow).toHaveBeenCalled());
  });

  it('links a paid classroom to the order confirmation', async () => {
    detail = classroom({
      price: { amount: 9900, original: 19900, currency: 'CNY' },
      coupon: { title: 'Spring', discount: 8.5 },
    });
    await renderScreen();
    const buy = await screen.findByRole('link', { name: 'Buy now' });
    expect(buy.getAttribute('href')).toBe('/orders/confirm?type=CLASSROOM&uid=data-camp');
    expect(screen.getByTestId('classroom-coupon').textContent).toBe('Coupon: Spring (15% off)');
  });

  it('counts down to the opening and keeps the button disabled before it', async () => {
    detail = classroom({ enrolState: 'NOT_STARTED', enrolStartTime: iso(serverNow + 3 * h) });
    await renderScreen();
    expect((await screen.findByRole('timer')).getAttribute('aria-label')).toMatch(/^Enrolment opens at /);
    expect(screen.getByTestId('enrol-status').textContent).toContain('Enrolment opens in');
    expect((screen.getByRole('button', { name: 'Enrolment not open yet' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says coming soon for a draft and full for a full classroom', async () => {
    detail = classroom({ status: 'DRAFT' });
    const first = await renderScreen();
    expect(await screen.findByRole('button', { name: 'Coming soon' })).toBeTruthy();
    first.unmount();
    detail = classroom({ enrolState: 'FULL' });
    await renderScreen();
    expect(await screen.findByRole('button', { name: 'Classroom full' })).toBeTruthy();
  });

  it('shows member progress per course and loads the ratings only when their tab opens', async () => {
    detail = classroom({
      membership: { joinedAt: iso(serverNow - d), completedCourseCount: 1, progress: 50 },
      courses: [
        { uid: 'sql', title: 'SQL basics', cover: '/seed/cover-02.svg', lessonCount: 4, completedLessonCount: 4 },
      ],
    });
    await renderScreen();
    const course = await screen.findByRole('link', { name: /SQL basics/ });
    expect(course.getAttribute('href')).toBe('/courses/sql');
    expect(course.textContent).toContain('4/4 lessons done');
    expect(callsOf(fetchMock).some((call) => call.includes('/comments'))).toBe(false);

    const tabs = screen.getByRole('tablist', { name: 'Classroom sections' });
    const coursesTab = within(tabs).getByRole('tab', { name: 'Courses' });
    fireEvent.keyDown(coursesTab, { key: 'End' });
    expect(within(tabs).getByRole('tab', { name: 'Announcements' }).getAttribute('aria-selected')).toBe('true');
    // The selected tab loads its list.
    expect(await screen.findByText('No announcements yet')).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Evaluation' }));
    expect(await screen.findByText('Great')).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Evaluation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All ratings' }).getAttribute('href')).toBe(
      '/classroom/data-camp/comments',
    );
  });

  it('explains a classroom that is not published', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(403, { code: 'classroomNotPublished', message: 'x' }));
    await renderScreen();
    expect(await screen.findByText('This classroom is not published or has been closed.')).toBeTruthy();
  });
});

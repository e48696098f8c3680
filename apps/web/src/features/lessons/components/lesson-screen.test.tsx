import type { LessonDetail } from '@school/contract/lessons';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { lessonDetail } from '../testing/lesson-fixtures';
import LessonScreen from './lesson-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

function renderScreen(path = '/lessons/12') {
  return renderWithProviders(
    <Routes>
      <Route path="/lessons/:id" element={<LessonScreen />} />
      <Route path="/lessons/:id/try/play" element={<LessonScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path },
  );
}

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('lesson screen', () => {
  let lesson: LessonDetail;
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.saveUser(learner);
    toastShow.mockReset();
    lesson = lessonDetail();
    fetchMock = routedFetch((url, init) =>
      /^\/api\/lessons\/\d+$/.test(url.pathname) && (init?.method ?? 'GET') === 'GET'
        ? jsonResponse(200, lesson)
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the lesson, its number, the course and its progress around the player', async () => {
    await renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Components' })).toBeTruthy();
    expect(screen.getByTestId('lesson-number').textContent).toBe('Lesson 2');
    expect(hrefOf(screen.getByRole('link', { name: 'Course: Vue from scratch' }))).toBe('/courses/c-vue');
    expect(screen.getByRole('progressbar', { name: 'Course progress' }).getAttribute('aria-valuenow')).toBe('33');
    // The player comes in its own chunk (lesson-viewer.tsx).
    const video = await screen.findByTestId('lesson-video');
    // Inline on phones, WeChat's and QQ's browsers included; only the metadata up front.
    for (const [name, value] of [
      ['playsinline', ''],
      ['webkit-playsinline', 'true'],
      ['x5-playsinline', 'true'],
      ['x5-video-player-type', 'h5'],
      ['preload', 'metadata'],
      ['controls', ''],
      ['src', '/api/lessons/12/media/video.mp4'],
    ]) {
      expect(video.getAttribute(name!), name).toBe(value);
    }
  });

  it('links the previous and next lessons, and lists the outline with states and the current lesson', async () => {
    await renderScreen();
    expect(hrefOf(await screen.findByRole('link', { name: 'Previous lesson' }))).toBe('/lessons/11');
    expect(hrefOf(screen.getByRole('link', { name: 'Next lesson' }))).toBe('/lessons/13');

    fireEvent.click(screen.getByRole('button', { name: 'Contents' }));
    const outline = await screen.findByRole('dialog', { name: 'Chapters and lessons' });
    const links = within(outline).getAllByTestId('outline-lesson');
    expect(links.map(hrefOf)).toEqual(['/lessons/11', '/lessons/12', '/lessons/13']);
    expect(within(links[0]!).getByRole('img', { name: 'Completed' })).toBeTruthy();
    expect(within(links[1]!).getByRole('img', { name: 'In progress' })).toBeTruthy();
    expect(within(links[2]!).getByRole('img', { name: 'Locked' })).toBeTruthy();
    expect(links[1]!.getAttribute('aria-current')).toBe('page');
    expect(links[0]!.getAttribute('aria-current')).toBeNull();
    expect(within(outline).getByRole('heading', { name: 'Chapter 2 Going further' })).toBeTruthy();

    fireEvent.click(links[2]!);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Components'));
    expect(callsOf(fetchMock)).toContain('GET /api/lessons/13');
  });

  it('links the lesson’s homework with where the answers stand, and shows no section without any', async () => {
    lesson = lessonDetail({
      homework: [
        { id: 7, title: 'Chapter 1 exercises', status: null },
        { id: 8, title: 'Reading check', status: 'PENDING_REVIEW' },
      ],
    });
    const view = await renderScreen();
    const section = await screen.findByRole('region', { name: 'Homework' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/lessons/12/homework/7', 'Chapter 1 exercisesNot started'],
      ['/lessons/12/homework/8', 'Reading checkSubmitted · reviewing'],
    ]);
    view.unmount();
    lesson = lessonDetail();
    await renderScreen();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Homework' })).toBeNull();
  });

  it('says there is no previous lesson at the start of the course', async () => {
    lesson = lessonDetail({ previousLessonId: null });
    await renderScreen();
    const none = await screen.findByRole('link', { name: 'This is the first lesson' });
    expect(none.getAttribute('aria-disabled')).toBe('true');
    expect(none.getAttribute('href')).toBeNull();
  });

  it('explains a locked lesson and links the lesson to finish first', async () => {
    lesson = lessonDetail({
      refusal: { code: 'lessonLocked', blockingLesson: { id: 11, title: 'Why Vue' } },
      content: null,
      progress: null,
    });
    await renderScreen();
    expect(await screen.findByRole('heading', { name: 'This lesson is locked' })).toBeTruthy();
    expect(screen.getByText('This course is studied in order: finish “Why Vue” first.')).toBeTruthy();
    expect(hrefOf(screen.getByRole('link', { name: 'Go to “Why Vue”' }))).toBe('/lessons/11');
    expect(screen.queryByRole('button', { name: 'Write a note' })).toBeNull();
  });

  it('tells a video is being prepared and checks again on demand', async () => {
    lesson = lessonDetail({ refusal: { code: 'conversionNotCompleted', conversionStatus: 'RUNNING' }, content: null });
    await renderScreen();
    expect(await screen.findByRole('heading', { name: 'This video is being prepared' })).toBeTruthy();
    expect(screen.getByText('Processing is under way: check back in a few minutes.')).toBeTruthy();
    lesson = lessonDetail();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByTestId('lesson-video')).toBeTruthy();
  });

  it('tells a live room is not ready yet', async () => {
    lesson = lessonDetail({ refusal: { code: 'liveLoadFailed' }, content: null });
    await renderScreen();
    expect(await screen.findByRole('heading', { name: 'Failed to load the live room' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
  });

  it('tells when the membership ended, with the button to buy the course again', async () => {
    lesson = lessonDetail({
      refusal: { code: 'memberExpired', expiredAt: '2025-03-04T10:00:00Z' },
      content: null,
      course: { ...lessonDetail().course, price: { amount: 9900, original: null, currency: 'CNY' } },
      membership: { ...lessonDetail().membership!, expired: true, expiresAt: '2025-03-04T10:00:00Z' },
    });
    await renderScreen();
    expect(await screen.findByRole('heading', { name: 'Your access to this course has ended' })).toBeTruthy();
    expect(screen.getByText(/^It ended on 2025-03-0[45]\.$/)).toBeTruthy();
    expect(hrefOf(screen.getByRole('link', { name: 'Buy again · ¥99.00' }))).toBe('/courses/c-vue');
  });

  it('invites a non-member to join the course', async () => {
    lesson = lessonDetail({ refusal: { code: 'notCourseMember' }, content: null, membership: null, progress: null });
    await renderScreen();
    expect(await screen.findByRole('heading', { name: 'Join the course to study this lesson' })).toBeTruthy();
    expect(hrefOf(screen.getByRole('link', { name: 'Join the course' }))).toBe('/courses/c-vue');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('sends a logged-out learner to log in, remembering the lesson', async () => {
    lesson = lessonDetail({ refusal: { code: 'unauthorized' }, content: null, membership: null, progress: null });
    await renderScreen('/lessons/12?position=30');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(session.lastUrl()).toBe('/lessons/12?position=30');
  });

  it('shows a not-found state for a missing lesson or a malformed address', async () => {
    fetchMock = routedFetch((url) =>
      url.pathname === '/api/lessons/404' ? jsonResponse(404, { code: 'lessonNotFound', message: 'x' }) : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const first = await renderScreen('/lessons/404');
    expect(await screen.findByTestId('lesson-not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lesson not found' })).toBeTruthy();
    first.unmount();

    await renderScreen('/lessons/abc');
    expect(await screen.findByTestId('lesson-not-found')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual(['GET /api/lessons/404']);
  });

  it('shows a loading skeleton until the lesson arrives', async () => {
    await renderScreen();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByTestId('lesson-video')).toBeTruthy();
  });

  describe('free preview', () => {
    it('plays a preview with the join call to action, and a bigger one at the end of the video', async () => {
      session.clear();
      lesson = lessonDetail({
        id: 11,
        freeTrial: true,
        trial: true,
        membership: null,
        progress: null,
        course: { ...lessonDetail().course, price: { amount: 1990, original: null, currency: 'CNY' } },
      });
      await renderScreen('/lessons/11/try/play');
      expect(await screen.findByTestId('trial-notice')).toBeTruthy();
      expect(hrefOf(screen.getByRole('link', { name: 'Buy the course · ¥19.90' }))).toBe('/courses/c-vue');
      // Previewing, the other lessons open as previews too.
      expect(hrefOf(screen.getByRole('link', { name: 'Next lesson' }))).toBe('/lessons/13/try/play');
      expect(screen.queryByRole('button', { name: 'Write a note' })).toBeNull();

      fireEvent(await screen.findByTestId('lesson-video'), new Event('ended'));
      const ended = await screen.findByTestId('trial-ended');
      expect(within(ended).getByRole('heading', { name: 'That was the free preview' })).toBeTruthy();
      expect(hrefOf(within(ended).getByRole('link', { name: 'Buy the course · ¥19.90' }))).toBe('/courses/c-vue');
      // A preview keeps no progress.
      expect(callsOf(fetchMock)).toEqual(['GET /api/lessons/11']);
    });

    it('explains a lesson without a preview, with the join button and a way to log in', async () => {
      session.clear();
      lesson = lessonDetail({ refusal: { code: 'unauthorized' }, content: null, membership: null, progress: null });
      await renderScreen('/lessons/12/try/play');
      expect(await screen.findByRole('heading', { name: 'This lesson is not a free preview' })).toBeTruthy();
      expect(hrefOf(screen.getByRole('link', { name: 'Join the course' }))).toBe('/courses/c-vue');
      fireEvent.click(screen.getByRole('button', { name: 'Already a learner? Log in' }));
      expect((await screen.findByTestId('location')).textContent).toBe('/login');
      expect(session.lastUrl()).toBe('/lessons/12/try/play');
    });

    it('explains a signed-in non-member that the lesson has no preview', async () => {
      lesson = lessonDetail({ refusal: { code: 'notCourseMember' }, content: null, membership: null, progress: null });
      await renderScreen('/lessons/12/try/play');
      expect(await screen.findByRole('heading', { name: 'This lesson is not a free preview' })).toBeTruthy();
      expect(hrefOf(screen.getByRole('link', { name: 'Join the course' }))).toBe('/courses/c-vue');
    });
  });
});

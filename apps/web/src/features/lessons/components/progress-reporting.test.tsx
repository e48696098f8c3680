import type { LessonDetail, LessonProgressReport } from '@school/contract/lessons';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { lessonDetail } from '../testing/lesson-fixtures';
import LessonScreen from './lesson-screen';

// A document with its pages drawn as images (decision 029): pdf.js never loads.
vi.mock('../../../components/media/pdf-engine', () => {
  throw new Error('pdf.js loaded for a document with page images');
});

interface Put {
  position: number;
  at: string;
  keepalive: boolean;
}

/** The element's playing state, as jsdom has no media engine. */
function mediaState(element: HTMLElement, state: { currentTime: number; ended?: boolean; duration?: number }) {
  for (const [name, value] of Object.entries({ ended: false, duration: 120, ...state })) {
    Object.defineProperty(element, name, { value, writable: true, configurable: true });
  }
}
const fire = (element: HTMLElement, name: string) => act(() => void fireEvent(element, new Event(name)));

describe('progress reporting', () => {
  let lesson: LessonDetail;
  let puts: Put[];
  let offline: boolean;
  let status: 'LEARNING' | 'COMPLETED';
  let fetchMock: ReturnType<typeof routedFetch>;

  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.saveUser(learner);
    lesson = lessonDetail();
    puts = [];
    offline = false;
    status = 'LEARNING';
    fetchMock = routedFetch(
      (url, init) =>
        url.pathname === '/api/lessons/12' && (init?.method ?? 'GET') === 'GET' ? jsonResponse(200, lesson) : undefined,
      (url, init) => {
        if (url.pathname !== '/api/lessons/12/progress' || init?.method !== 'PUT') return undefined;
        if (offline) throw new TypeError('Failed to fetch');
        const report = JSON.parse(String(init.body)) as LessonProgressReport;
        puts.push({ ...report, keepalive: init.keepalive === true });
        return jsonResponse(200, { status, position: report.position, learnedLessonCount: 1, courseProgress: 66 });
      },
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function openVideo(path = '/lessons/12') {
    const view = await renderWithProviders(
      <Routes>
        <Route path="/lessons/:id" element={<LessonScreen />} />
      </Routes>,
      { path },
    );
    const video = (await screen.findByTestId('lesson-video')) as HTMLVideoElement;
    mediaState(video, { currentTime: 0 });
    return { ...view, video };
  }

  it('resumes where the learner left off and reports every 10 s while playing, on pause, seek and end', async () => {
    const { video } = await openVideo();
    fire(video, 'loadedmetadata');
    expect(video.currentTime).toBe(30);

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2025-05-01T08:00:00Z'));
    fire(video, 'play');
    video.currentTime = 39.6;
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(puts).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    video.currentTime = 49.2;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    video.currentTime = 52;
    fire(video, 'pause');
    // Paused: no more ticks.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    video.currentTime = 100;
    fire(video, 'seeked');
    Object.assign(video, { currentTime: 120, ended: true });
    fire(video, 'pause');
    fire(video, 'ended');
    // Whatever the reports scheduled on the fake clock (IndexedDB's own callbacks included) runs
    // before the real one returns: a timer left behind would be dropped, and its report lost.
    await act(() => vi.runAllTimersAsync());
    vi.useRealTimers();

    // Five reports through the IndexedDB journal, one after another: seconds on a loaded CI
    // machine. A report still in flight when the journal's retry comes round is sent again; the
    // server keeps the newest by `at`, so only the order of first sending matters.
    const sentOrder = () => [...new Set(puts.map((p) => p.position))];
    await waitFor(() => expect(sentOrder()).toEqual([39, 49, 52, 100, 120]), { timeout: 15_000 });
    expect(puts.at(-1)!.position).toBe(120);
    expect(puts[0]!.at).toBe('2025-05-01T08:00:10.000Z');
    // Each with a request that outlives the page: the learner may leave while one is under way.
    expect(puts.every((p) => p.keepalive)).toBe(true);
  }, 20_000);

  it('says where a video resumed, starts over on request, and lets the notice go after a few seconds of playing', async () => {
    lesson = lessonDetail({ progress: { status: 'LEARNING', position: 9 } });
    const { video } = await openVideo();
    expect(screen.queryByTestId('resume-notice')).toBeNull();
    fire(video, 'loadedmetadata');
    expect(video.currentTime).toBe(9);
    const notice = screen.getByTestId('resume-notice');
    expect(notice.textContent).toContain('Resumed at 0:09');
    expect(notice.closest('[role="status"]')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(video.currentTime).toBe(0);
    expect(screen.queryByTestId('resume-notice')).toBeNull();
  });

  it('hides the resume notice after a few seconds of playback, not while paused', async () => {
    lesson = lessonDetail({ progress: { status: 'LEARNING', position: 9 } });
    const { video } = await openVideo();
    fire(video, 'loadedmetadata');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    fire(video, 'play');
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    fire(video, 'pause');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByTestId('resume-notice')).toBeTruthy();
    fire(video, 'play');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(screen.queryByTestId('resume-notice')).toBeNull();
    vi.useRealTimers();
  });

  it('says nothing when the video starts from the beginning', async () => {
    lesson = lessonDetail({ progress: null });
    const { video } = await openVideo();
    fire(video, 'loadedmetadata');
    expect(screen.queryByTestId('resume-notice')).toBeNull();
  });

  it('opens at the position of the address (a note) and reports with keepalive when the page is hidden or left', async () => {
    const { video } = await openVideo('/lessons/12?position=75');
    fire(video, 'loadedmetadata');
    expect(video.currentTime).toBe(75);
    fire(video, 'timeupdate');
    video.currentTime = 81;
    fire(video, 'timeupdate');

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await waitFor(() => expect(puts).toMatchObject([{ position: 81, keepalive: true }]));

    video.currentTime = 90;
    fire(video, 'timeupdate');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(puts).toMatchObject([{ position: 81 }, { position: 90, keepalive: true }]));
    // Hidden again at the same place: nothing new to say.
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(puts.length).toBe(2);
  });

  it('refreshes the lesson when a report completes it, and shows the new course progress', async () => {
    const { video } = await openVideo();
    status = 'COMPLETED';
    lesson = lessonDetail({
      progress: { status: 'COMPLETED', position: 120 },
      membership: { ...lessonDetail().membership!, progress: 66 },
    });
    video.currentTime = 120;
    fire(video, 'ended');
    await waitFor(() => expect(callsOf(fetchMock).filter((call) => call === 'GET /api/lessons/12').length).toBe(2));
    expect(screen.getByTestId('course-progress').textContent).toBe('66%');
  });

  it('reports the page of a document once the learner stops turning', async () => {
    lesson = lessonDetail({
      mediaType: 'PDF',
      content: {
        kind: 'PDF',
        url: '/api/lessons/12/media/doc.pdf',
        pageCount: 3,
        pages: [1, 2, 3].map((n) => ({
          url: `/api/lessons/12/media/page-${n}.webp`,
          width: 1080,
          height: 1528,
          textUrl: null,
        })),
      },
      progress: { status: 'LEARNING', position: 2 },
    });
    await renderWithProviders(
      <Routes>
        <Route path="/lessons/:id" element={<LessonScreen />} />
      </Routes>,
      { path: '/lessons/12' },
    );
    expect(await screen.findByText('2 / 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    // Three turns, one report of where they ended, after a quiet moment.
    await waitFor(() => expect(puts.map((p) => p.position)).toEqual([1]), { timeout: 3000 });
  });

  it('keeps no progress of a preview', async () => {
    lesson = lessonDetail({ trial: true, freeTrial: true, membership: null, progress: null });
    const { video } = await openVideo();
    video.currentTime = 40;
    fire(video, 'pause');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(puts).toEqual([]);
  });

  // Last: it leaves the app's journal empty again for whatever runs next.
  it('journals reports made offline and replays them in order when the phone is back online', async () => {
    const { video } = await openVideo();
    offline = true;
    video.currentTime = 44;
    fire(video, 'pause');
    video.currentTime = 47;
    fire(video, 'seeked');
    await waitFor(() => expect(callsOf(fetchMock).filter((call) => call.startsWith('PUT')).length).toBe(2));
    expect(puts).toEqual([]);

    offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(puts.map((p) => p.position)).toEqual([44, 47]));
    // The replays carry when the learner was there, not when they were sent.
    expect(Date.parse(puts[0]!.at)).toBeLessThanOrEqual(Date.parse(puts[1]!.at));
  });
});

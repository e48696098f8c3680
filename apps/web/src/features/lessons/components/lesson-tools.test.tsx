import type { LessonDetail } from '@school/contract/lessons';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch, type Route as FetchRoute } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { lessonDetail } from '../testing/lesson-fixtures';
import LessonScreen from './lesson-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const hls = vi.hoisted(() => ({ instances: [] as Array<{ source: string; media: HTMLMediaElement | null }> }));
vi.mock('hls.js/light', () => ({
  default: class {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError' };
    record = { source: '', media: null as HTMLMediaElement | null };
    constructor() {
      hls.instances.push(this.record);
    }
    on() {}
    loadSource(source: string) {
      this.record.source = source;
    }
    attachMedia(media: HTMLMediaElement) {
      this.record.media = media;
    }
    destroy() {}
  },
}));

const fire = (element: HTMLElement, name: string) => act(() => void fireEvent(element, new Event(name)));

describe('lesson tools', () => {
  let lesson: LessonDetail;
  let bodies: Record<string, unknown[]>;
  let fetchMock: ReturnType<typeof routedFetch>;

  /**
   * Answers the lesson and its progress reports (leaving the screen reports where the learner
   * was), and records every write's body by `METHOD path`.
   */
  function serve(...writes: FetchRoute[]) {
    fetchMock = routedFetch(
      (url, init) =>
        url.pathname === '/api/lessons/12' && (init?.method ?? 'GET') === 'GET' ? jsonResponse(200, lesson) : undefined,
      (url, init) =>
        url.pathname === '/api/lessons/12/progress' && init?.method === 'PUT'
          ? jsonResponse(200, { status: 'LEARNING', position: 1, learnedLessonCount: 1, courseProgress: 33 })
          : undefined,
      (url, init) => {
        if ((init?.method ?? 'GET') !== 'GET') {
          const call = `${init!.method} ${url.pathname}`;
          (bodies[call] ??= []).push(init!.body ? JSON.parse(String(init!.body)) : null);
        }
        return undefined;
      },
      ...writes,
    );
    vi.stubGlobal('fetch', fetchMock);
  }

  async function open() {
    await renderWithProviders(
      <Routes>
        <Route path="/lessons/:id" element={<LessonScreen />} />
      </Routes>,
      { path: '/lessons/12' },
    );
  }

  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.saveUser(learner);
    toastShow.mockReset();
    lesson = lessonDetail();
    bodies = {};
  });
  afterEach(() => vi.unstubAllGlobals());

  describe('playback speed', () => {
    beforeEach(() =>
      serve((url, init) =>
        url.pathname === '/api/learning/preferences' && init?.method === 'PUT'
          ? jsonResponse(200, JSON.parse(String(init.body)))
          : undefined,
      ),
    );

    it("opens at the learner's speed and remembers a new one", async () => {
      lesson = lessonDetail({ playbackRate: 1.25 });
      await open();
      const speeds = await screen.findByRole('group', { name: 'Playback speed' });
      expect(within(speeds).getByRole('button', { name: '1.25×' }).getAttribute('aria-pressed')).toBe('true');
      const video = screen.getByTestId('lesson-video') as HTMLVideoElement;
      fire(video, 'loadedmetadata');
      expect(video.playbackRate).toBe(1.25);

      fireEvent.click(within(speeds).getByRole('button', { name: '1.5×' }));
      expect(video.playbackRate).toBe(1.5);
      expect(within(speeds).getByRole('button', { name: '1.5×' }).getAttribute('aria-pressed')).toBe('true');
      await waitFor(() => expect(bodies['PUT /api/learning/preferences']).toEqual([{ playbackRate: 1.5 }]));
    });

    it('changes the speed of a visitor without remembering it', async () => {
      session.clear();
      lesson = lessonDetail({ trial: true, membership: null, progress: null });
      await open();
      fireEvent.click(await screen.findByRole('button', { name: '2×' }));
      expect((screen.getByTestId('lesson-video') as HTMLVideoElement).playbackRate).toBe(2);
      expect(callsOf(fetchMock).filter((call) => !call.startsWith('GET'))).toEqual([]);
    });
  });

  describe('HLS', () => {
    beforeEach(() => {
      hls.instances.length = 0;
      serve();
    });

    it('plays an HLS playlist through hls.js where the browser has no HLS of its own', async () => {
      lesson = lessonDetail({
        content: {
          kind: 'VIDEO',
          format: 'HLS',
          url: '/api/lessons/12/media/index.m3u8',
          duration: 120,
          poster: null,
        },
      });
      await open();
      const video = await screen.findByTestId('lesson-video');
      // jsdom, like Chrome on a desktop, answers '' to canPlayType for HLS.
      await waitFor(() =>
        expect(hls.instances).toEqual([{ source: '/api/lessons/12/media/index.m3u8', media: video }]),
      );
      expect(video.getAttribute('src')).toBeNull();
    });

    it('leaves an mp4 to the browser and never loads hls.js for it', async () => {
      await open();
      expect((await screen.findByTestId('lesson-video')).getAttribute('src')).toBe('/api/lessons/12/media/video.mp4');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(hls.instances).toEqual([]);
    });
  });

  describe('media session', () => {
    const handlers = new Map<string, ((details: MediaSessionActionDetails) => void) | null>();
    const mediaSession = {
      metadata: null as unknown,
      setActionHandler: (action: string, handler: ((details: MediaSessionActionDetails) => void) | null) =>
        void handlers.set(action, handler),
      setPositionState: vi.fn(),
    };
    beforeEach(() => {
      handlers.clear();
      serve();
      Object.defineProperty(navigator, 'mediaSession', { value: mediaSession, configurable: true });
      vi.stubGlobal(
        'MediaMetadata',
        class {
          constructor(readonly init: MediaMetadataInit) {}
        },
      );
    });
    afterEach(() => {
      delete (navigator as { mediaSession?: unknown }).mediaSession;
    });

    it('shows the lesson and course on the lock screen and seeks from there', async () => {
      const view = await open().then(() => screen.findByTestId('lesson-video'));
      const video = view as HTMLVideoElement;
      // Nothing on the lock screen until the lesson plays (its code comes then).
      expect(mediaSession.metadata).toBeNull();
      fireEvent.play(video);
      await waitFor(() => expect(mediaSession.metadata).not.toBeNull());
      expect((mediaSession.metadata as { init: MediaMetadataInit }).init).toEqual({
        title: 'Components',
        artist: 'Vue from scratch',
        artwork: [{ src: 'http://localhost:3000/seed/cover-01.svg' }],
      });
      expect([...handlers.keys()].sort()).toEqual(['pause', 'play', 'seekbackward', 'seekforward', 'seekto']);
      Object.defineProperty(video, 'duration', { value: 120, configurable: true });
      video.currentTime = 50;
      handlers.get('seekbackward')!({ action: 'seekbackward' });
      expect(video.currentTime).toBe(40);
      handlers.get('seekforward')!({ action: 'seekforward', seekOffset: 30 });
      expect(video.currentTime).toBe(70);
      handlers.get('seekto')!({ action: 'seekto', seekTime: 500 });
      expect(video.currentTime).toBe(120);
    });
  });

  describe('notes', () => {
    beforeEach(() =>
      serve((url, init) =>
        url.pathname === '/api/lessons/12/notes' && init?.method === 'POST'
          ? jsonResponse(201, {
              id: 1,
              lesson: { id: 12, title: 'Components', mediaType: 'VIDEO' },
              position: 64,
              content: 'Props go down',
              createdAt: '2025-05-01T08:00:00Z',
            })
          : undefined,
      ),
    );

    it('stamps a note with the second of the video, checks it and saves it', async () => {
      await open();
      const video = (await screen.findByTestId('lesson-video')) as HTMLVideoElement;
      video.currentTime = 64.7;
      fire(video, 'timeupdate');
      fireEvent.click(screen.getByRole('button', { name: 'Write a note' }));
      const sheet = await screen.findByRole('dialog', { name: 'New note' });
      expect(within(sheet).getByTestId('note-anchor').textContent).toBe('At 1:04 of the lesson');

      fireEvent.click(within(sheet).getByRole('button', { name: 'Save note' }));
      const field = within(sheet).getByLabelText('Note');
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
      expect(bodies['POST /api/lessons/12/notes']).toBeUndefined();

      fireEvent.change(field, { target: { value: '  Props go down  ' } });
      fireEvent.click(within(sheet).getByRole('button', { name: 'Save note' }));
      await waitFor(() =>
        expect(bodies['POST /api/lessons/12/notes']).toEqual([{ content: 'Props go down', position: 64 }]),
      );
      await waitFor(() => expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Note saved' })));
    });

    it('stamps the slide the learner is on', async () => {
      lesson = lessonDetail({
        content: { kind: 'SLIDES', slides: ['/s/1.png', '/s/2.png', '/s/3.png'] },
        progress: { status: 'LEARNING', position: 3 },
      });
      await open();
      expect(await screen.findByText('Slide 3 of 3')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Write a note' }));
      const sheet = await screen.findByRole('dialog', { name: 'New note' });
      expect(within(sheet).getByTestId('note-anchor').textContent).toBe('On slide 3');
    });
  });

  describe('activity', () => {
    const activity = (over: object = {}) =>
      lessonDetail({
        mediaType: 'ACTIVITY',
        content: {
          kind: 'ACTIVITY',
          startTime: '2025-06-01T06:30:00Z',
          maxParticipants: 10,
          participantCount: 9,
          address: 'Room 301',
          registered: false,
          ...over,
        },
      });

    it('registers a member, who then sees the registered state', async () => {
      lesson = activity();
      serve((url, init) => {
        if (url.pathname !== '/api/lessons/12/activity/registration' || init?.method !== 'POST') return undefined;
        lesson = activity({ participantCount: 10, registered: true });
        return jsonResponse(201, { participantCount: 10, registered: true });
      });
      await open();
      expect((await screen.findByTestId('fact-seats')).textContent).toContain('9 / 10');
      expect(screen.getByTestId('fact-address').textContent).toContain('Room 301');
      fireEvent.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText('You are registered', { selector: 'p' })).toBeTruthy();
      expect(screen.getByTestId('fact-seats').textContent).toContain('10 / 10');
    });

    it('tells that the activity is full (409) with the catalogue text, and shows the seats taken', async () => {
      lesson = activity();
      serve((url, init) => {
        if (url.pathname !== '/api/lessons/12/activity/registration' || init?.method !== 'POST') return undefined;
        lesson = activity({ participantCount: 10 });
        return jsonResponse(409, { code: 'tooManyParticipants', message: 'full' });
      });
      await open();
      fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
      await waitFor(() =>
        expect(toastShow).toHaveBeenCalledWith(
          expect.objectContaining({ content: 'The number of participants exceeds the limit' }),
        ),
      );
      const full = await screen.findByRole('button', { name: 'Fully booked' });
      expect((full as HTMLButtonElement).disabled).toBe(true);
    });
  });
});

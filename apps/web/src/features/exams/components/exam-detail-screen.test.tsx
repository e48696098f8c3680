import type { ExamDetail } from '@school/contract/exams';
import { useQueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { examKeys } from '../api/exam-keys';
import { examDetailAt, membershipAt, type Membership } from '../testing/exam-fixtures';
import ExamDetailScreen from './exam-detail-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));
const confirm = vi.hoisted(() => vi.fn<() => Promise<boolean>>());
vi.mock('../../../lib/confirm-dialog', () => ({ confirmDialog: confirm }));

const m = 60_000;
const h = 60 * m;
const d = 24 * h;
// The phone's clock is a day behind the server's: the tips must follow the server.
const serverNow = Date.now() + d;
const iso = (ms: number) => new Date(ms).toISOString();

const member = (over: Partial<Membership> = {}) => membershipAt(serverNow, over);
const exam = (over: Partial<ExamDetail> = {}) => examDetailAt(serverNow, over);

function renderScreen(path = '/exam/final') {
  return renderWithProviders(
    <Routes>
      <Route path="/exam/:uid" element={<ExamDetailScreen />} />
      <Route path="/single/exams/:uid" element={<ExamDetailScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path },
  );
}

describe('exam detail', () => {
  let detail: ExamDetail;
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    toastShow.mockReset();
    confirm.mockReset();
    detail = exam();
    fetchMock = routedFetch(
      (url, init) =>
        url.pathname === '/api/exams/final' && (init?.method ?? 'GET') === 'GET'
          ? jsonResponse(200, detail)
          : undefined,
      (url, init) => {
        if (url.pathname !== '/api/attempts/41/submit' || init?.method !== 'POST') return undefined;
        detail = exam({ startTime: iso(serverNow - h), membership: member({ attemptsUsed: 1 }) });
        return jsonResponse(200, { id: 41, status: 'COMPLETED' });
      },
      (url, init) => {
        if (url.pathname !== '/api/exams/final/join' || init?.method !== 'POST') return undefined;
        detail = exam({ membership: member() });
        return jsonResponse(201, detail.membership);
      },
      // A signed-in learner's star in the top bar asks whether the exam is a favourite.
      (url) => (url.pathname === '/api/favourites/EXAM/final' ? jsonResponse(200, { favourite: false }) : undefined),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the facts, brief and reviewers with a days tip from the server clock', async () => {
    await renderScreen('/single/exams/final');
    expect((await screen.findByTestId('exam-tip')).textContent).toBe('The exam starts in 3 days');
    expect(screen.getByTestId('fact-duration').textContent).toContain('90 minutes');
    expect(screen.getByTestId('fact-score').textContent).toContain('100 / 60');
    expect(screen.getByTestId('fact-quizzes').textContent).toContain('25');
    expect(screen.getByTestId('fact-times').textContent).toContain('2 attempts');
    expect(screen.getByTestId('fact-students').textContent).toContain('7');
    expect(screen.queryByTestId('fact-used')).toBeNull();
    expect(screen.getByText('Bring a pencil')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Li Lei' })).toBeTruthy();
  });

  it('reads unlimited duration and attempts', async () => {
    detail = exam({ duration: null, examTimes: null, startTime: null, endTime: null });
    await renderScreen();
    expect((await screen.findByTestId('fact-duration')).textContent).toContain('Unlimited');
    expect(screen.getByTestId('fact-times').textContent).toContain('Unlimited');
    expect(screen.getByTestId('fact-start').textContent).toContain('Any time');
    expect(screen.queryByTestId('exam-tip')).toBeNull();
  });

  it('sends an anonymous learner to log in, then enrolls a signed-in one', async () => {
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Enroll' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');

    session.saveUser(learner);
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Enroll' }));
    // A member before the start: the button waits, and the attempts are counted.
    expect(await screen.findByRole('button', { name: 'Not started' })).toBeTruthy();
    expect(callsOf(fetchMock)).toContain('POST /api/exams/final/join');
    expect(screen.getByTestId('fact-used').textContent).toContain('0 used, 2 left');
  });

  it('links a paid exam to the order confirmation', async () => {
    detail = exam({ price: { amount: 1990, original: null, currency: 'CNY' } });
    await renderScreen();
    expect((await screen.findByRole('link', { name: 'Buy' })).getAttribute('href')).toBe(
      '/orders/confirm?type=EXAM&uid=final',
    );
  });

  it('lets a member start inside the window and tells an hours-and-minutes tip before it', async () => {
    detail = exam({
      startTime: iso(serverNow + 2 * h + 30 * m),
      membership: member(),
    });
    const first = await renderScreen();
    expect((await screen.findByTestId('exam-tip')).textContent).toBe('The exam starts in 2 h 30 min');
    first.unmount();

    detail = exam({ startTime: iso(serverNow - m), membership: member({ attemptsUsed: 1 }) });
    await renderScreen();
    expect((await screen.findByRole('link', { name: 'Test again' })).getAttribute('href')).toBe('/exam/final/test');
  });

  it('tells a late learner of a closed exam that they cannot enter', async () => {
    detail = exam({
      startTime: iso(serverNow - 20 * m),
      closedExam: true,
      lateLimit: 15,
      membership: member({ joinedAt: iso(serverNow - d) }),
    });
    await renderScreen();
    const tip = await screen.findByTestId('exam-tip');
    expect(tip.textContent).toContain('You are late and cannot enter');
    expect(tip.dataset.kind).toBe('late');
    expect((screen.getByRole('button', { name: 'Entry closed' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the exam has ended after its end time', async () => {
    detail = exam({ startTime: iso(serverNow - 2 * d), endTime: iso(serverNow - d) });
    await renderScreen();
    expect((await screen.findByTestId('exam-tip')).textContent).toBe('This exam has ended.');
    expect(screen.getByRole('button', { name: 'Exam ended' })).toBeTruthy();
  });

  describe('through the flow', () => {
    const running = { startTime: iso(serverNow - h), examTimes: 3 };

    it('offers Start exam to a member with no attempt inside the window', async () => {
      detail = exam({ ...running, membership: member() });
      await renderScreen();
      expect((await screen.findByRole('link', { name: 'Start exam' })).getAttribute('href')).toBe('/exam/final/test');
      expect(screen.queryByTestId('exam-view-result')).toBeNull();
      expect(screen.queryByTestId('fact-best')).toBeNull();
    });

    it('tells the course to study first with the numbers, Start disabled until it is met', async () => {
      const requirement = {
        course: { uid: 'react-performance', title: 'React Performance' },
        progress: 60,
        yourProgress: 14,
      };
      detail = exam({ ...running, requirement, membership: member() });
      const { unmount } = await renderScreen();
      const note = await screen.findByTestId('exam-requirement');
      expect(note.textContent).toContain('Study 60% of “React Performance” before you start');
      expect(note.textContent).toContain('You have studied 14%');
      expect(within(note).getByRole('link', { name: 'Continue the course' }).getAttribute('href')).toBe(
        '/courses/react-performance',
      );
      const start = screen.getByRole('button', { name: 'Start exam' });
      expect((start as HTMLButtonElement).disabled).toBe(true);
      expect(start.getAttribute('aria-describedby')).toBe(note.id);
      expect(screen.queryByRole('link', { name: 'Start exam' })).toBeNull();
      unmount();

      detail = exam({ ...running, requirement: { ...requirement, yourProgress: 75 }, membership: member() });
      await renderScreen();
      expect((await screen.findByRole('link', { name: 'Start exam' })).getAttribute('href')).toBe('/exam/final/test');
      expect(screen.getByTestId('exam-requirement').dataset.met).toBe('true');
      expect(screen.queryByRole('link', { name: 'Continue the course' })).toBeNull();
    });

    it('offers Continue exam and Give up while an attempt is open, even once late', async () => {
      detail = exam({ ...running, closedExam: true, lateLimit: 15, membership: member({ openAttemptId: 41 }) });
      await renderScreen();
      expect((await screen.findByRole('link', { name: 'Continue exam' })).getAttribute('href')).toBe(
        '/exam/final/test',
      );
      expect(screen.getByTestId('exam-tip').dataset.kind).toBe('late');
      expect(screen.getByRole('button', { name: 'Give up' })).toBeTruthy();
    });

    it('gives up after the confirmation and shows the result', async () => {
      confirm.mockResolvedValue(true);
      session.saveUser(learner);
      detail = exam({ ...running, membership: member({ openAttemptId: 41 }) });
      await renderScreen();
      fireEvent.click(await screen.findByRole('button', { name: 'Give up' }));
      expect((await screen.findByTestId('location')).textContent).toBe('/exam/final/test/result?attempt=41');
      expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Give up this attempt?' }));
      const submit = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/attempts/41/submit'));
      expect(JSON.parse(String(submit?.[1]?.body))).toEqual({ giveUp: true });
    });

    it('keeps the attempt open when the learner says no', async () => {
      confirm.mockResolvedValue(false);
      detail = exam({ ...running, membership: member({ openAttemptId: 41 }) });
      await renderScreen();
      fireEvent.click(await screen.findByRole('button', { name: 'Give up' }));
      await vi.waitFor(() => expect(confirm).toHaveBeenCalled());
      expect(callsOf(fetchMock)).not.toContain('POST /api/attempts/41/submit');
      expect(screen.getByRole('link', { name: 'Continue exam' })).toBeTruthy();
    });

    it('tells a refused give-up and shows the detail as the server now has it', async () => {
      confirm.mockResolvedValue(true);
      session.saveUser(learner);
      detail = exam({ ...running, membership: member({ openAttemptId: 42 }) });
      const answer = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input, init) => {
        if (!String(input).endsWith('/api/attempts/42/submit')) return answer(input, init);
        // Meanwhile the attempt was submitted elsewhere and the exam closed its doors.
        detail = exam({ ...running, examTimes: 1, membership: member({ attemptsUsed: 1 }) });
        return jsonResponse(404, { code: 'examAnswerNotFound', message: 'Answer sheet not found' });
      });
      await renderScreen();
      fireEvent.click(await screen.findByRole('button', { name: 'Give up' }));
      expect(await screen.findByRole('button', { name: 'No attempts left' })).toBeTruthy();
      expect(toastShow).toHaveBeenCalled();
      // Apart from the top bar's star, which asks about itself.
      expect(callsOf(fetchMock).filter((call) => !call.includes('/api/favourites/'))).toEqual([
        'GET /api/exams/final',
        'POST /api/attempts/42/submit',
        'GET /api/exams/final',
      ]);
    });

    it('offers Test again and View grades after a scored attempt, with the latest and best scores', async () => {
      detail = exam({
        ...running,
        membership: member({
          attemptsUsed: 2,
          latestAttempt: { id: 7, status: 'COMPLETED', score: 72 },
          bestScore: 85,
        }),
      });
      await renderScreen();
      expect((await screen.findByRole('link', { name: 'Test again' })).getAttribute('href')).toBe('/exam/final/test');
      expect(screen.getByRole('link', { name: 'View grades' }).getAttribute('href')).toBe(
        '/exam/final/test/result?attempt=7',
      );
      expect(screen.getByTestId('fact-latest').textContent).toContain('72 points');
      expect(screen.getByTestId('fact-best').textContent).toContain('85 points');
      expect(screen.queryByTestId('exam-reviewing')).toBeNull();
    });

    it('says Reviewing while the latest attempt waits for a teacher', async () => {
      detail = exam({
        ...running,
        membership: member({ attemptsUsed: 1, latestAttempt: { id: 8, status: 'PENDING_REVIEW', score: null } }),
      });
      await renderScreen();
      expect((await screen.findByTestId('exam-reviewing')).textContent).toContain('a teacher is scoring');
      expect(screen.getByRole('link', { name: 'Reviewing · View result' }).getAttribute('href')).toBe(
        '/exam/final/test/result?attempt=8',
      );
      expect(screen.getByTestId('fact-latest').textContent).toContain('Reviewing');
    });

    it('says why there is no next attempt, the grades still in reach', async () => {
      detail = exam({
        ...running,
        membership: member({
          attemptsUsed: 3,
          latestAttempt: { id: 9, status: 'COMPLETED', score: 50 },
          bestScore: 50,
        }),
      });
      await renderScreen();
      expect(((await screen.findByRole('button', { name: 'No attempts left' })) as HTMLButtonElement).disabled).toBe(
        true,
      );
      expect(screen.getByRole('link', { name: 'View grades' })).toBeTruthy();
    });
  });

  it('shows the answer the page brought without asking again, and asks again on coming back', async () => {
    // The page's first screen: its answer is in the cache already (server render or prefetch).
    function PageStart() {
      const client = useQueryClient();
      useState(() => {
        client.setQueryDefaults(examKeys.all, { staleTime: 30_000 }); // as app/query-client.ts
        client.setQueryData(examKeys.detail('final'), detail);
      });
      return null;
    }
    await renderWithProviders(
      <>
        <PageStart />
        <Link to="/exam/final">Open the exam</Link>
        <Link to="/elsewhere">Leave</Link>
        <Routes>
          <Route path="/exam/:uid" element={<ExamDetailScreen />} />
          <Route path="*" element={null} />
        </Routes>
      </>,
      { path: '/start' },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Open the exam' }));
    expect(await screen.findByTestId('exam-tip')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual([]);

    // Attempts change on other screens: back on the detail, the server is asked.
    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    expect(screen.queryByTestId('exam-tip')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Open the exam' }));
    await vi.waitFor(() => expect(callsOf(fetchMock)).toEqual(['GET /api/exams/final']));
  });

  it('explains a missing exam', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(404, { code: 'examNotFound', message: 'x' }));
    await renderScreen();
    expect(await screen.findByText('This exam does not exist.')).toBeTruthy();
  });
});

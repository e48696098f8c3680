import type { RecentLearning } from '@school/contract/learning';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { MicroPageView } from './micro-page-view';

const page = { id: 3, title: 'Home', components: [{ kind: 'richText', html: '<p>Welcome</p>' }] };

const recent: RecentLearning = {
  resume: {
    course: { uid: 'react-19', title: 'React 19', cover: '/seed/cover-01.svg' },
    lesson: { id: 218, title: 'Hooks in depth', mediaType: 'VIDEO' },
    position: 64,
    learnedAt: '2026-11-27T08:00:00.000Z',
  },
  recent: [
    {
      uid: 'sql',
      title: 'SQL Essentials',
      cover: '/seed/cover-02.svg',
      progress: 40,
      lastLearnedAt: '2026-11-26T08:00:00.000Z',
    },
  ],
};

describe('the home of a signed-in learner', () => {
  let answer: RecentLearning;
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    answer = recent;
    fetchMock = routedFetch(
      (url) => (url.pathname === '/api/decorations/pages/3' ? jsonResponse(200, page) : undefined),
      (url) => (url.pathname === '/api/learning/recent' ? jsonResponse(200, answer) : undefined),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('continues the lesson studied last where the learner was, and lists the other recent courses', async () => {
    session.saveUser(learner);
    await renderWithProviders(<MicroPageView id={3} home />);
    const card = await screen.findByTestId('continue-learning');
    expect(within(card).getByRole('heading', { name: 'Continue learning' })).toBeTruthy();
    const lesson = within(card).getByTestId('continue-lesson');
    expect(lesson.getAttribute('href')).toBe('/lessons/218');
    expect(lesson.textContent).toContain('Hooks in depth');
    expect(lesson.textContent).toContain('React 19');
    expect(within(card).getByTestId('continue-place').textContent).toBe('Continue at 1:04');
    const other = within(card).getByRole('link', { name: /SQL Essentials/ });
    expect(other.getAttribute('href')).toBe('/courses/sql');
    expect(other.textContent).toContain('40% done');
    expect(await screen.findByText('Welcome')).toBeTruthy();
  });

  it('shows nothing of it to a newcomer, and never asks for it for a visitor', async () => {
    session.saveUser(learner);
    answer = { resume: null, recent: [] };
    const first = await renderWithProviders(<MicroPageView id={3} home />);
    expect(await screen.findByText('Welcome')).toBeTruthy();
    await vi.waitFor(() => expect(callsOf(fetchMock)).toContain('GET /api/learning/recent'));
    expect(screen.queryByTestId('continue-learning')).toBeNull();
    first.unmount();

    session.clear();
    fetchMock.mockClear();
    await renderWithProviders(<MicroPageView id={3} home />);
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(callsOf(fetchMock)).not.toContain('GET /api/learning/recent');
  });
});

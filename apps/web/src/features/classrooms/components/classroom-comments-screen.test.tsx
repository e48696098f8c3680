import type { CommentSummary } from '@school/contract/catalogue';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import ClassroomCommentsScreen from './classroom-comments-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const comment = (id: number, content: string) => ({
  id,
  user: { nickname: `user ${id}`, avatar: null },
  score: 4,
  content,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
});

function renderScreen() {
  return renderWithProviders(
    <Routes>
      <Route path="/classroom/:uid/comments" element={<ClassroomCommentsScreen />} />
    </Routes>,
    { path: '/classroom/data-camp/comments' },
  );
}

describe('classroom comments', () => {
  let summary: CommentSummary;
  let items: ReturnType<typeof comment>[];
  let postAnswer: () => Response;
  let fetchMock: ReturnType<typeof routedFetch>;

  beforeEach(() => {
    localStorage.clear();
    session.saveUser(learner);
    toastShow.mockReset();
    summary = { ratingScore: 4, ratingCount: 1, canComment: true, reason: null, yours: null };
    items = [comment(1, 'Solid classroom')];
    postAnswer = () => {
      const created = comment(2, 'Loved it');
      items = [created, ...items];
      summary = {
        ratingScore: 4.5,
        ratingCount: 2,
        canComment: false,
        reason: 'alreadyCommented',
        yours: { id: 2, score: 5, content: 'Loved it' },
      };
      return jsonResponse(201, created);
    };
    fetchMock = routedFetch(
      (url) => (url.pathname === '/api/classrooms/data-camp/comments/summary' ? jsonResponse(200, summary) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/classrooms/data-camp/comments') return undefined;
        if (init?.method === 'POST') return postAnswer();
        return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 10 });
      },
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an empty rating with the contract rules, without calling the server', async () => {
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please choose a rating from 1 to 5 stars')).toBeTruthy();
    expect(screen.getByText('Please enter a comment')).toBeTruthy();
    expect(callsOf(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('posts a member’s rating once, then lists it and explains why the form is gone', async () => {
    await renderScreen();
    expect(await screen.findByText('Solid classroom')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '5 out of 5' }));
    fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: 'Loved it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    // Listed with everyone's, and above them as the learner's own, theirs to change.
    expect((await screen.findByTestId('classroom-your-comment')).textContent).toContain('Loved it');
    expect(await screen.findAllByText('Loved it')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ score: 5, content: 'Loved it' });
  });

  it('shows the server’s refusal of a second rating as a notice', async () => {
    postAnswer = () => jsonResponse(409, { code: 'courseCommentExisted', message: 'x' });
    await renderScreen();
    fireEvent.click(await screen.findByRole('radio', { name: '3 out of 5' }));
    fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'You have already commented on this course' }),
      ),
    );
  });

  it('invites an anonymous visitor to log in instead of showing the form', async () => {
    session.clear();
    summary = { ratingScore: 0, ratingCount: 0, canComment: false, reason: 'anonymous', yours: null };
    items = [];
    await renderScreen();
    expect(await screen.findByText('Log in to rate this classroom.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(await screen.findByText('No ratings yet. Members can be the first.')).toBeTruthy();
  });
});

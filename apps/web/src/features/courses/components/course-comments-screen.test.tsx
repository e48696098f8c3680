import type { CommentSummary } from '@school/contract/catalogue';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import CourseCommentsScreen from './course-comments-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));
// antd's dialog answers for the learner; our confirm-dialog module runs as it is.
const confirm = vi.hoisted(() => vi.fn<(props: object) => Promise<boolean>>());
vi.mock('antd-mobile/es/components/dialog', () => ({ default: { confirm } }));

const existing = {
  id: 1,
  user: { nickname: 'Grace', avatar: null },
  score: 5,
  content: 'Loved it',
  createdAt: '2025-01-01T00:00:00Z',
};

function serve(summary: CommentSummary, answerPost: (body: unknown) => Response) {
  let current = summary;
  const comments = [existing];
  const fetchMock = routedFetch(
    (url) => (url.pathname === '/api/courses/c1/comments/summary' ? jsonResponse(200, current) : undefined),
    (url, init) => {
      if (url.pathname !== '/api/courses/c1/comments') return undefined;
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { score: number; content: string };
        const response = answerPost(body);
        current = { ...current, canComment: false, reason: 'alreadyCommented', yours: { id: 2, ...body } };
        return response;
      }
      return jsonResponse(200, { items: comments, total: comments.length, page: 1, pageSize: 10 });
    },
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const open = () =>
  renderWithProviders(
    <Routes>
      <Route path="/courses/:uid/comments" element={<CourseCommentsScreen />} />
    </Routes>,
    { path: '/courses/c1/comments' },
  );

const member: CommentSummary = { ratingScore: 5, ratingCount: 1, canComment: true, reason: null, yours: null };

describe('course ratings', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    toastShow.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the average, the ratings, and why a visitor cannot rate', async () => {
    serve({ ratingScore: 4.5, ratingCount: 2, canComment: false, reason: 'anonymous', yours: null }, () =>
      jsonResponse(500, {}),
    );
    await open();
    expect((await screen.findByTestId('rating-summary')).textContent).toContain('Average 4.5 from 2 ratings');
    expect((await screen.findByTestId('comment-item')).textContent).toContain('Loved it');
    expect(screen.getByTestId('course-comment-reason').textContent).toContain('Log in and join the course to rate it.');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByTestId('course-comment-form')).toBeNull();
  });

  it('says once that there are no ratings yet', async () => {
    vi.stubGlobal(
      'fetch',
      routedFetch(
        (url) =>
          url.pathname === '/api/courses/c1/comments/summary'
            ? jsonResponse(200, { ratingScore: 0, ratingCount: 0, canComment: false, reason: 'anonymous', yours: null })
            : undefined,
        (url) =>
          url.pathname === '/api/courses/c1/comments'
            ? jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 10 })
            : undefined,
      ),
    );
    await open();
    expect(await screen.findByText('No ratings yet. Members can rate this course.')).toBeTruthy();
    expect(screen.getAllByText(/No ratings yet/)).toHaveLength(1);
  });

  it('refuses a rating without stars or text, as the server would', async () => {
    session.saveUser(learner);
    const fetchMock = serve(member, () => jsonResponse(500, {}));
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please choose a rating from 1 to 5 stars')).toBeTruthy();
    expect(screen.getByText('Please enter a comment')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('Please enter a comment')).toBeTruthy());
    expect(callsOf(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('sends stars and text, thanks the learner and hides the form', async () => {
    session.saveUser(learner);
    const posted: unknown[] = [];
    serve(member, (body) => {
      posted.push(body);
      return jsonResponse(201, { ...existing, id: 2, score: 4, content: 'Clear' });
    });
    await open();
    fireEvent.click(await screen.findByRole('radio', { name: '4 out of 5' }));
    fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: ' Clear ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted).toEqual([{ score: 4, content: 'Clear' }]));
    // In its place, the learner's own rating, theirs to change.
    expect((await screen.findByTestId('course-your-comment')).textContent).toContain('Clear');
    expect(screen.queryByTestId('course-comment-form')).toBeNull();
    expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Thank you for your rating' }));
  });

  it('shows the catalogue text for a duplicate and hides the form', async () => {
    session.saveUser(learner);
    serve(member, () => jsonResponse(409, { code: 'courseCommentExisted', message: 'dup' }));
    await open();
    fireEvent.click(await screen.findByRole('radio', { name: '5 out of 5' }));
    fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'You have already commented on this course' }),
      ),
    );
    expect(await screen.findByTestId('course-your-comment')).toBeTruthy();
  });

  it('lets the learner change their rating, and delete it after a confirmation', async () => {
    session.saveUser(learner);
    let current: CommentSummary = {
      ...member,
      canComment: false,
      reason: 'alreadyCommented',
      yours: { id: 7, score: 2, content: 'Too fast' },
    };
    const writes: string[] = [];
    vi.stubGlobal(
      'fetch',
      routedFetch(
        (url) => (url.pathname === '/api/courses/c1/comments/summary' ? jsonResponse(200, current) : undefined),
        (url, init) => {
          if (url.pathname !== '/api/courses/c1/comments/7') return undefined;
          writes.push(`${init?.method} ${String(init?.body ?? '')}`);
          if (init?.method === 'DELETE') {
            current = { ...member, yours: null };
            return new Response(null, { status: 204 });
          }
          const body = JSON.parse(String(init?.body)) as { score: number; content: string };
          current = { ...current, yours: { id: 7, ...body } };
          return jsonResponse(200, { ...existing, id: 7, ...body });
        },
        (url) =>
          url.pathname === '/api/courses/c1/comments'
            ? jsonResponse(200, { items: [existing], total: 1, page: 1, pageSize: 10 })
            : undefined,
      ),
    );
    await open();
    const yours = await screen.findByTestId('course-your-comment');
    expect(yours.textContent).toContain('Too fast');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    // The form starts from the rating as it is.
    const text = await screen.findByLabelText<HTMLTextAreaElement>('Your comment');
    expect(text.value).toBe('Too fast');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '2 out of 5' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '4 out of 5' }));
    fireEvent.change(text, { target: { value: 'Fine on a second look' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByTestId('course-your-comment')?.textContent ?? '').toContain('Fine on a second look'),
    );
    expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Your rating is updated' }));

    confirm.mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // Rated again from scratch: the empty form comes back.
    expect(await screen.findByTestId('course-comment-form')).toBeTruthy();
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Delete your rating?' }));
    expect(writes).toEqual(['PUT {"score":4,"content":"Fine on a second look"}', 'DELETE ']);
  });
});

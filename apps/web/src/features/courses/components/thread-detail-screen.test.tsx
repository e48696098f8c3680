import type { ThreadDetail } from '@school/contract/courses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import ThreadDetailScreen from './thread-detail-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));
// antd's dialog answers for the learner; our confirm-dialog module runs as it is.
const confirm = vi.hoisted(() => vi.fn<(props: object) => Promise<boolean>>());
vi.mock('antd-mobile/es/components/dialog', () => ({ default: { confirm } }));

const post = (id: number, nickname: string, content: string, mine = false) => ({
  id,
  user: { nickname, avatar: null },
  content,
  createdAt: `2025-01-0${id}T00:00:00Z`,
  mine,
});

const thread: ThreadDetail = {
  id: 4,
  user: { nickname: 'Eva', avatar: null },
  title: 'Which editor does the teacher use?',
  content: 'The editor in the videos looks nice.\nWhat is it?',
  replyCount: 2,
  createdAt: '2025-01-01T00:00:00Z',
  mine: false,
  posts: [post(1, 'Bob', 'VS Code'), post(2, 'Ann', 'With a light theme')],
};

type Answer = (body: unknown) => Response | Promise<Response>;

/** The thread's API; an accepted answer joins the thread, as the server stores it. */
function serve(detail: ThreadDetail | { status: number; code: string }, answer: Answer = () => jsonResponse(500, {})) {
  const posted: unknown[] = [];
  let current = detail;
  const fetchMock = routedFetch(
    (url, init) => {
      if (url.pathname !== '/api/courses/c1/threads/4/posts' || init?.method !== 'POST') return undefined;
      posted.push(JSON.parse(String(init.body)));
      return (async () => {
        const response = await answer(posted.at(-1));
        if (response.status === 201 && !('code' in current)) {
          const created = (await response.clone().json()) as ThreadDetail['posts'][number];
          current = { ...current, replyCount: current.replyCount + 1, posts: [...current.posts, created] };
        }
        return response;
      })();
    },
    (url) => {
      if (url.pathname === '/api/courses/c1/threads/4') {
        return 'code' in current
          ? jsonResponse(current.status, { code: current.code, message: 'x' })
          : jsonResponse(200, current);
      }
      return undefined;
    },
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, posted };
}

const open = (path = '/courses/c1/threads/4') =>
  renderWithProviders(
    <Routes>
      <Route path="/courses/:uid/threads/:id" element={<ThreadDetailScreen />} />
    </Routes>,
    { path },
  );

describe('question detail', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.saveUser(learner);
    toastShow.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the question, then its answers oldest first, by name', async () => {
    serve(thread);
    await open();
    const question = await screen.findByTestId('thread-question');
    expect(within(question).getByRole('heading', { name: thread.title })).toBeTruthy();
    expect(question.textContent).toContain('Eva');
    expect(question.textContent).toContain('What is it?');
    expect(screen.getByRole('heading', { name: '2 answers' })).toBeTruthy();
    const answers = within(screen.getByTestId('thread-answers')).getAllByRole('listitem');
    expect(answers.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Bob.*VS Code$/),
      expect.stringMatching(/Ann.*With a light theme$/),
    ]);
  });

  it('invites the first answer to a question nobody has answered', async () => {
    serve({ ...thread, replyCount: 0, posts: [] });
    await open();
    expect(await screen.findByText('No answers yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '0 answers' })).toBeTruthy();
  });

  it('sends an answer once, disabled while it goes, and adds it under the others', async () => {
    let release: (response: Response) => void = () => undefined;
    const { posted } = serve(thread, () => new Promise<Response>((resolve) => (release = resolve)));
    await open();
    const box = await screen.findByLabelText('Your answer');
    fireEvent.change(box, { target: { value: '  Me too ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post answer' }));
    const sending = await screen.findByRole('button', { name: 'Posting…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(sending);
    release(jsonResponse(201, { ...post(3, '学员小明', 'Me too') }));
    await waitFor(() => expect(within(screen.getByTestId('thread-answers')).getAllByRole('listitem')).toHaveLength(3));
    expect(posted).toEqual([{ content: 'Me too' }]);
    expect(screen.getByRole('heading', { name: '3 answers' })).toBeTruthy();
    expect((screen.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('');
    expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Your answer is posted' }));
  });

  it('refuses an empty answer without sending it', async () => {
    const { fetchMock } = serve(thread);
    await open();
    fireEvent.change(await screen.findByLabelText('Your answer'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post answer' }));
    expect(await screen.findByText('Please write your answer')).toBeTruthy();
    expect(callsOf(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('keeps a refused answer in the box and says why', async () => {
    serve(thread, () => jsonResponse(403, { code: 'notCourseMember', message: 'x' }));
    await open();
    fireEvent.change(await screen.findByLabelText('Your answer'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post answer' }));
    await waitFor(() => expect(toastShow).toHaveBeenCalled());
    expect(toastShow.mock.calls[0]![0]).toMatchObject({ content: expect.stringMatching(/member/i) });
    expect((screen.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('Hello');
    expect(within(screen.getByTestId('thread-answers')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows a question of another course as not found', async () => {
    serve({ status: 404, code: 'threadNotFound' });
    await open();
    expect((await screen.findByTestId('thread-not-found')).textContent).toContain('Q&A thread not found');
  });

  it('sends a learner whose access ended back to the course', async () => {
    serve({ status: 403, code: 'memberExpired' });
    await open();
    const refused = await screen.findByTestId('member-content-refused');
    expect(refused.textContent).toContain('Your learning validity has expired');
    expect(within(refused).getByRole('link', { name: 'Go to the course' }).getAttribute('href')).toBe('/courses/c1');
  });

  it('does not ask the server about an address that names no question', async () => {
    const { fetchMock } = serve(thread);
    await open('/courses/c1/threads/abc');
    expect(await screen.findByTestId('thread-not-found')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual([]);
  });

  it('offers Edit and Delete only on what the learner wrote: their answer is changed, then deleted', async () => {
    let current: ThreadDetail = { ...thread, posts: [post(1, 'Bob', 'VS Code'), post(2, 'Me', 'Any will do', true)] };
    const writes: string[] = [];
    vi.stubGlobal(
      'fetch',
      routedFetch((url, init) => {
        if (url.pathname === '/api/courses/c1/threads/4') return jsonResponse(200, current);
        if (url.pathname !== '/api/courses/c1/threads/4/posts/2') return undefined;
        writes.push(`${init?.method} ${String(init?.body ?? '')}`);
        if (init?.method === 'DELETE') {
          current = { ...current, replyCount: 1, posts: current.posts.slice(0, 1) };
          return new Response(null, { status: 204 });
        }
        const changed = { ...current.posts[1]!, ...(JSON.parse(String(init?.body)) as { content: string }) };
        current = { ...current, posts: [current.posts[0]!, changed] };
        return jsonResponse(200, changed);
      }),
    );
    await open();
    const [theirs, mine] = await screen.findAllByTestId('thread-answer');
    expect(within(theirs!).queryByRole('button', { name: 'Edit' })).toBeNull();
    // The question is someone else's too.
    expect(within(screen.getByTestId('thread-question')).queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.click(within(mine!).getByRole('button', { name: 'Edit' }));
    const box = within(mine!).getByLabelText<HTMLTextAreaElement>('Your answer');
    expect(box.value).toBe('Any will do');
    fireEvent.change(box, { target: { value: 'Any, really' } });
    fireEvent.click(within(mine!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByTestId('thread-answer')[1]!.textContent).toContain('Any, really'));

    confirm.mockResolvedValueOnce(true);
    fireEvent.click(within(screen.getAllByTestId('thread-answer')[1]!).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('thread-answer')).toHaveLength(1));
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Delete your answer?' }));
    expect(writes).toEqual(['PUT {"content":"Any, really"}', 'DELETE ']);
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import ThreadCreateScreen from './thread-create-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const asked = {
  id: 9,
  user: { nickname: '学员小明', avatar: null },
  title: 'Where are the answers?',
  content: 'Chapter 2 exercises',
  replyCount: 0,
  createdAt: '2025-01-01T00:00:00Z',
  mine: true,
};

function serve(answer: (body: unknown) => Response) {
  const posted: unknown[] = [];
  const fetchMock = routedFetch((url, init) => {
    if (url.pathname === '/api/courses/c1/threads' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return answer(posted.at(-1));
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, posted };
}

const open = () =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/courses/:uid/threads/new" element={<ThreadCreateScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { path: '/courses/c1/threads/new' },
  );

const fill = (title: string, details: string) => {
  fireEvent.change(screen.getByLabelText('Your question'), { target: { value: title } });
  fireEvent.change(screen.getByLabelText('Details'), { target: { value: details } });
};

describe('ask a question', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.saveUser(learner);
    toastShow.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an empty or too long question as the server would, without sending it', async () => {
    const { fetchMock } = serve(() => jsonResponse(500, {}));
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Post question' }));
    expect(await screen.findByText('Please give your question a title (up to 100 characters)')).toBeTruthy();
    expect(screen.getByText('Please describe your question')).toBeTruthy();
    expect(screen.getByLabelText('Your question').getAttribute('aria-invalid')).toBe('true');
    fill('   ', ' \n ');
    fireEvent.click(screen.getByRole('button', { name: 'Post question' }));
    await waitFor(() => expect(screen.getByText('Please describe your question')).toBeTruthy());
    expect(callsOf(fetchMock)).toEqual([]);
  });

  it('posts the trimmed question and opens it in place of the form', async () => {
    const { posted } = serve(() => jsonResponse(201, asked));
    await open();
    fill('  Where are the answers? ', ' Chapter 2 exercises ');
    fireEvent.click(screen.getByRole('button', { name: 'Post question' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/courses/c1/threads/9'));
    expect(posted).toEqual([{ title: 'Where are the answers?', content: 'Chapter 2 exercises' }]);
    expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Your question is posted' }));
  });

  it('keeps the question and says why when the server refuses it', async () => {
    serve(() => jsonResponse(403, { code: 'memberExpired', message: 'x' }));
    await open();
    fill('Still there?', 'Details');
    fireEvent.click(screen.getByRole('button', { name: 'Post question' }));
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'Your learning validity has expired' }),
      ),
    );
    expect(screen.getByTestId('location').textContent).toBe('/courses/c1/threads/new');
    expect((screen.getByLabelText('Your question') as HTMLInputElement).value).toBe('Still there?');
    expect((screen.getByRole('button', { name: 'Post question' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('puts a rule the server names on its field', async () => {
    serve(() =>
      jsonResponse(400, {
        code: 'validationFailed',
        message: 'x',
        field: 'content',
        rule: 'rule.thread.contentRequired',
      }),
    );
    await open();
    fill('Title', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Post question' }));
    expect(await screen.findByText('Please describe your question')).toBeTruthy();
  });
});

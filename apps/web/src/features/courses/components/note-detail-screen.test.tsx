import type { NoteDetail } from '@school/contract/courses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import NoteDetailScreen from './note-detail-screen';

vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn() } }));
// antd's dialog answers for the learner; our confirm-dialog module runs as it is.
const confirm = vi.hoisted(() => vi.fn<(props: object) => Promise<boolean>>());
vi.mock('antd-mobile/es/components/dialog', () => ({ default: { confirm } }));

const note: NoteDetail = {
  id: 5,
  lesson: { id: 11, title: 'Why Vue', mediaType: 'VIDEO' },
  position: 7,
  content: 'Reactivity:\nthe view follows the data',
  createdAt: '2025-01-02T03:04:00Z',
  course: { uid: 'c-free', title: 'Vue from scratch' },
};

function serve(answer: NoteDetail | { status: number; code: string }) {
  const fetchMock = routedFetch((url) => {
    if (url.pathname !== '/api/notes/5') return undefined;
    return 'code' in answer
      ? jsonResponse(answer.status, { code: answer.code, message: 'x' })
      : jsonResponse(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const open = (path = '/notes/5') =>
  renderWithProviders(
    <Routes>
      <Route path="/notes/:id" element={<NoteDetailScreen />} />
    </Routes>,
    { path },
  );

describe('note detail', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.saveUser(learner);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the note with its course, lesson and position, and leads back to that moment', async () => {
    serve(note);
    await open();
    const detail = await screen.findByTestId('note-detail');
    expect(within(detail).getByRole('heading', { name: 'On Why Vue' })).toBeTruthy();
    expect(detail.textContent).toContain('At 0:07');
    expect(detail.textContent).toContain('Reactivity:\nthe view follows the data');
    expect(detail.querySelector('time')?.getAttribute('datetime')).toBe(note.createdAt);
    expect(within(detail).getByRole('link', { name: 'Course: Vue from scratch' }).getAttribute('href')).toBe(
      '/courses/c-free?tab=notes',
    );
    expect(within(detail).getByRole('link', { name: 'Go back to this point in the lesson' }).getAttribute('href')).toBe(
      '/lessons/11?position=7',
    );
  });

  it('opens a PDF note at its page, and a note without a position at the lesson', async () => {
    serve({ ...note, lesson: { ...note.lesson, mediaType: 'PDF' }, position: 2 });
    const first = await open();
    expect((await screen.findByTestId('note-detail')).textContent).toContain('Page 2');
    expect(screen.getByRole('link', { name: 'Go back to this point in the lesson' }).getAttribute('href')).toBe(
      '/lessons/11?position=2',
    );
    first.unmount();
    vi.unstubAllGlobals();
    serve({ ...note, position: null });
    await open();
    expect((await screen.findByRole('link', { name: 'Open the lesson' })).getAttribute('href')).toBe('/lessons/11');
  });

  it("shows someone else's note, or a deleted one, as not found", async () => {
    serve({ status: 404, code: 'notFound' });
    await open();
    expect((await screen.findByTestId('note-not-found')).textContent).toContain('This note does not exist');
  });

  it('offers a retry when the note could not be loaded', async () => {
    serve({ status: 500, code: 'internalServerError' });
    await open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('does not ask the server about an address that names no note', async () => {
    const fetchMock = serve(note);
    await open('/notes/0');
    expect(await screen.findByTestId('note-not-found')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual([]);
  });

  it('rewrites the note, then deletes it after a confirmation and goes back to the course notes', async () => {
    let current = note;
    const writes: string[] = [];
    vi.stubGlobal(
      'fetch',
      routedFetch((url, init) => {
        if (url.pathname !== '/api/notes/5') return undefined;
        if (init?.method === 'PUT') {
          writes.push(`PUT ${String(init.body)}`);
          current = { ...current, ...(JSON.parse(String(init.body)) as { content: string }) };
        }
        if (init?.method === 'DELETE') {
          writes.push('DELETE');
          return new Response(null, { status: 204 });
        }
        return jsonResponse(200, current);
      }),
    );
    await renderWithProviders(
      <Routes>
        <Route path="/notes/:id" element={<NoteDetailScreen />} />
        <Route path="/courses/:uid" element={<p>course notes</p>} />
      </Routes>,
      { path: '/notes/5' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText<HTMLTextAreaElement>('Your note');
    expect(box.value).toBe(note.content);
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The rules of a new note: an empty one is refused before any call.
    expect(await screen.findByText('Please write your note')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Reactivity: data first' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('note-detail').textContent).toContain('Reactivity: data first'));

    confirm.mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('course notes')).toBeTruthy();
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Delete this note?' }));
    expect(writes).toEqual(['PUT {"content":"Reactivity: data first"}', 'DELETE']);
  });
});

import type { MyThread, MyThreadList } from '@school/contract/courses';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import MyThreadsScreen from './my-threads-screen';

const question: MyThread = {
  id: 31,
  user: { nickname: 'Ming', avatar: null },
  title: 'Where is the homework of chapter 3?',
  content: 'I cannot find it',
  replyCount: 2,
  createdAt: '2025-02-01T08:00:00Z',
  mine: true,
  course: { uid: 'sql-essentials', title: 'SQL Essentials' },
  answer: null,
};
const answered: MyThread = {
  ...question,
  id: 40,
  user: { nickname: 'Hong', avatar: null },
  title: 'Why does LEFT JOIN keep rows?',
  mine: false,
  course: { uid: 'c-free', title: 'Vue from scratch' },
  answer: { content: 'Because the left table comes first', createdAt: '2025-02-02T08:00:00Z' },
};
const page = (items: MyThread[]): MyThreadList => ({ items, total: items.length, page: 1, pageSize: 10 });

function serve(lists: Record<'asked' | 'answered', MyThread[]>) {
  const fetchMock = routedFetch((url) =>
    url.pathname === '/api/me/threads'
      ? jsonResponse(200, page(lists[url.searchParams.get('role') as 'asked' | 'answered']))
      : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('my Q&A', () => {
  beforeEach(() => {
    localStorage.clear();
    session.saveUser(learner);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the questions asked, each with its course and opening it on the course’s board', async () => {
    serve({ asked: [question], answered: [] });
    await renderWithProviders(<MyThreadsScreen />, { path: '/me/questions' });
    const card = await screen.findByTestId('course-thread');
    expect(within(card).getByTestId('thread-course').textContent).toBe('SQL Essentials');
    expect(card.getAttribute('href')).toBe('/courses/sql-essentials/threads/31');
    expect(card.textContent).toContain('2 answers');
    expect(within(card).queryByTestId('thread-your-answer')).toBeNull();
    expect(screen.getByRole('tab', { name: 'My questions' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the answered ones with the learner’s latest answer, and says so when a tab is empty', async () => {
    const fetchMock = serve({ asked: [], answered: [answered] });
    await renderWithProviders(<MyThreadsScreen />, { path: '/me/questions' });
    expect(await screen.findByText('You have not asked a question yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my courses' }).getAttribute('href')).toBe('/learning');

    fireEvent.click(screen.getByRole('tab', { name: 'My answers' }));
    const card = await screen.findByTestId('course-thread');
    expect(card.getAttribute('href')).toBe('/courses/c-free/threads/40');
    expect(within(card).getByTestId('thread-your-answer').textContent).toBe(
      'Your answer: Because the left table comes first',
    );
    expect(callsOf(fetchMock)).toContain('GET /api/me/threads?role=answered&page=1&pageSize=10');
  });
});

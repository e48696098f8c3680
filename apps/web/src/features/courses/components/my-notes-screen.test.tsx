import type { MyNoteList } from '@school/contract/courses';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import MyNotesScreen from './my-notes-screen';

const notes: MyNoteList = {
  items: [
    {
      id: 8,
      lesson: { id: 21, title: 'Joins', mediaType: 'PDF' },
      position: 3,
      content: 'LEFT JOIN keeps every row of the left table',
      createdAt: '2025-02-01T08:00:00Z',
      course: { uid: 'sql-essentials', title: 'SQL Essentials' },
    },
    {
      id: 5,
      lesson: { id: 11, title: 'Why Vue', mediaType: 'VIDEO' },
      position: 7,
      content: 'The view follows the data',
      createdAt: '2025-01-02T03:04:00Z',
      course: { uid: 'c-free', title: 'Vue from scratch' },
    },
  ],
  total: 2,
  page: 1,
  pageSize: 10,
};

describe('my notes', () => {
  beforeEach(() => {
    localStorage.clear();
    session.saveUser(learner);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists every note across courses with its course, each leading back into its lesson', async () => {
    vi.stubGlobal(
      'fetch',
      routedFetch((url) => (url.pathname === '/api/me/notes' ? jsonResponse(200, notes) : undefined)),
    );
    await renderWithProviders(<MyNotesScreen />);
    const [first, second] = await screen.findAllByTestId('course-note');
    expect(within(first!).getByTestId('note-course').textContent).toBe('SQL Essentials');
    expect(
      within(first!)
        .getByRole('link', { name: /LEFT JOIN/ })
        .getAttribute('href'),
    ).toBe('/lessons/21?position=3');
    expect(within(first!).getByRole('link', { name: 'View note' }).getAttribute('href')).toBe('/notes/8');
    expect(within(second!).getByTestId('note-course').textContent).toBe('Vue from scratch');
  });

  it('says so when there are none yet', async () => {
    vi.stubGlobal(
      'fetch',
      routedFetch((url) =>
        url.pathname === '/api/me/notes'
          ? jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 10 })
          : undefined,
      ),
    );
    await renderWithProviders(<MyNotesScreen />);
    expect(await screen.findByText('No notes yet.')).toBeTruthy();
  });
});

import type { WrongAnswer, WrongAnswerBook } from '@school/contract/wrong-answers';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import WrongAnswerBookScreen from './wrong-answer-book-screen';

vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const wrongChoice: WrongAnswer = {
  id: 101,
  type: 'SINGLE_SELECT',
  stem: '<p>Which status means not found?</p>',
  options: [
    { key: 'A', text: '200' },
    { key: 'B', text: '404' },
  ],
  blankCount: 0,
  score: 2,
  given: { kind: 'CHOICE', keys: ['A'] },
  rightAnswer: { kind: 'CHOICE', keys: ['B'] },
  verdict: 'WRONG',
  earned: 0,
  explanation: '<p>404 is Not Found.</p>',
  reviewComment: null,
  exam: { uid: 'final', title: 'Final exam' },
  attemptId: 7,
  answeredAt: '2026-03-02T09:45:00.000Z',
};

const partlyRight: WrongAnswer = {
  ...wrongChoice,
  id: 102,
  type: 'MULTI_SELECT',
  stem: '<p>Which are success codes?</p>',
  options: [
    { key: 'A', text: '200' },
    { key: 'B', text: '201' },
    { key: 'C', text: '500' },
  ],
  given: { kind: 'CHOICE', keys: ['A'] },
  rightAnswer: { kind: 'CHOICE', keys: ['A', 'B'] },
  verdict: 'PARTIAL',
  earned: 1,
  score: 2,
  explanation: '',
  exam: { uid: 'quiz', title: 'Weekly quiz' },
  attemptId: 9,
};

function bookOf(items: WrongAnswer[], over: Partial<WrongAnswerBook> = {}): WrongAnswerBook {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 10,
    exams: [
      { uid: 'final', title: 'Final exam', count: 1, hiddenUntil: null },
      { uid: 'quiz', title: 'Weekly quiz', count: 1, hiddenUntil: null },
      { uid: 'mock', title: 'Mock exam', count: 3, hiddenUntil: 'LAST_ATTEMPT' },
    ],
    ...over,
  };
}

function renderScreen(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/me/wrong-answers" element={<WrongAnswerBookScreen />} />
    </Routes>,
    { path },
  );
}

describe('wrong-answer book', () => {
  let book: WrongAnswerBook;
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.saveUser(learner);
    book = bookOf([wrongChoice, partlyRight]);
    fetchMock = routedFetch((url) => (url.pathname === '/api/me/wrong-answers' ? jsonResponse(200, book) : undefined));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each mistake with my answer, the right answer, the explanation and the way to its result', async () => {
    await renderScreen('/me/wrong-answers');
    const items = await screen.findAllByTestId('book-item');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Single choice' })).toBeTruthy();
    expect(first.getByTestId('analysis-verdict').textContent).toBe('Wrong');
    expect(first.getByTestId('analysis-given').textContent).toBe('A. 200');
    expect(first.getByTestId('analysis-right').textContent).toBe('B. 404');
    expect(first.getByText('404 is Not Found.')).toBeTruthy();
    expect(first.getByTestId('book-item-exam').textContent).toMatch(/^Final exam · 2026-03-02 \d\d:45$/);
    expect(first.getByRole('link', { name: 'View result' }).getAttribute('href')).toBe(
      '/exam/final/test/result?attempt=7',
    );
    expect(within(items[1]!).getByTestId('analysis-verdict').textContent).toBe('Partly right');
    expect(screen.getByTestId('book-total').textContent).toBe('2 questions to review');
    expect(screen.getByTestId('book-practise').getAttribute('href')).toBe('/me/wrong-answers?practice=1');
    expect(callsOf(fetchMock)).toEqual(['GET /api/me/wrong-answers?page=1&pageSize=10']);
  });

  it('filters by exam through the address, and practises that exam only', async () => {
    book = bookOf([wrongChoice], { total: 1 });
    await renderScreen('/me/wrong-answers?exam=final');
    await screen.findAllByTestId('book-item');
    expect(callsOf(fetchMock)).toEqual(['GET /api/me/wrong-answers?exam=final&page=1&pageSize=10']);
    const filter = screen.getByRole('navigation', { name: 'Filter by exam' });
    expect(within(filter).getByRole('link', { name: 'Final exam (1)' }).getAttribute('aria-current')).toBe('page');
    expect(within(filter).getByRole('link', { name: 'All exams' }).getAttribute('href')).toBe('/me/wrong-answers');
    // An exam whose mistakes are held back is no filter: there is nothing of it to list.
    expect(within(filter).queryByRole('link', { name: /Mock exam/ })).toBeNull();
    expect(screen.getByTestId('book-practise').getAttribute('href')).toBe('/me/wrong-answers?practice=1&exam=final');
  });

  it('counts the mistakes of an exam whose answers are not shown yet, without listing them', async () => {
    await renderScreen('/me/wrong-answers');
    const held = await screen.findByTestId('book-held-back');
    expect(held.textContent).toContain('Mock exam: 3 questions, shown after your last attempt.');
  });

  it('says what the book is for when it is empty, with nothing to practise', async () => {
    book = bookOf([], { exams: [] });
    await renderScreen('/me/wrong-answers');
    expect(await screen.findByText('No mistakes to review')).toBeTruthy();
    expect(screen.queryByTestId('book-practise')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Filter by exam' })).toBeNull();
  });
});

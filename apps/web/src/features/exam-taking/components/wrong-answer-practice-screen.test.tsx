import type { PracticeCheckResult, PracticeRound } from '@school/contract/wrong-answers';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import WrongAnswerPracticeScreen from './wrong-answer-practice-screen';

vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const round: PracticeRound = {
  questions: [
    {
      id: 101,
      number: 1,
      type: 'SINGLE_SELECT',
      stem: '<p>Which status means not found?</p>',
      options: [
        { key: 'A', text: '200' },
        { key: 'B', text: '404' },
      ],
      blankCount: 0,
      score: 2,
      exam: { uid: 'final', title: 'Final exam' },
    },
    {
      id: 102,
      number: 2,
      type: 'FILL_BLANK',
      stem: '<p>OK is {{blank}}.</p>',
      options: [],
      blankCount: 1,
      score: 2,
      exam: { uid: 'final', title: 'Final exam' },
    },
  ],
};

const checks: Record<number, PracticeCheckResult> = {
  101: {
    verdict: 'RIGHT',
    earned: 2,
    score: 2,
    given: { kind: 'CHOICE', keys: ['B'] },
    rightAnswer: { kind: 'CHOICE', keys: ['B'] },
    explanation: '<p>404 is Not Found.</p>',
  },
  102: {
    verdict: 'WRONG',
    earned: 0,
    score: 2,
    given: { kind: 'BLANKS', texts: ['201'] },
    rightAnswer: { kind: 'BLANKS', texts: ['200'] },
    explanation: '',
  },
};

function renderScreen(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/me/wrong-answers" element={<WrongAnswerPracticeScreen />} />
    </Routes>,
    { path },
  );
}

describe('practise my mistakes', () => {
  let current: PracticeRound;
  let fetchMock: ReturnType<typeof routedFetch>;
  const sent: unknown[] = [];
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.saveUser(learner);
    sent.length = 0;
    current = round;
    fetchMock = routedFetch(
      (url) => (url.pathname === '/api/me/wrong-answers/practice' ? jsonResponse(200, current) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/me/wrong-answers/practice/check') return undefined;
        const body = JSON.parse(String(init?.body)) as { questionId: number };
        sent.push(body);
        return jsonResponse(200, checks[body.questionId]);
      },
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks each answer on the server and tells the verdict, the right answer and the explanation, then the round', async () => {
    await renderScreen('/me/wrong-answers?practice=1&exam=final');
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual(['GET /api/me/wrong-answers/practice?exam=final']);
    const checkButton = screen.getByTestId('practice-check') as HTMLButtonElement;
    // Nothing to check before an answer is given.
    expect(checkButton.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /404/ }));
    fireEvent.click(checkButton);
    const feedback = await screen.findByTestId('practice-feedback');
    expect(within(feedback).getByTestId('practice-verdict').textContent).toBe('Right');
    expect(within(feedback).getByTestId('practice-right-answer').textContent).toBe('B. 404');
    expect(within(feedback).getByText('404 is Not Found.')).toBeTruthy();
    expect(sent).toEqual([{ questionId: 101, answer: { kind: 'CHOICE', keys: ['B'] } }]);
    // The answer checked stays as it was.
    expect(screen.getByRole('radio', { name: /404/ }).matches(':disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('practice-next'));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 2' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Blank 1'), { target: { value: '201' } });
    fireEvent.click(screen.getByTestId('practice-check'));
    expect((await screen.findByTestId('practice-verdict')).textContent).toBe('Wrong');
    expect(screen.getByTestId('practice-right-answer').textContent).toBe('(1) 200');
    fireEvent.click(screen.getByTestId('practice-next'));

    const summary = await screen.findByTestId('practice-summary');
    expect(summary.textContent).toContain('You got 1 of 2 questions right.');
    expect(within(summary).getByRole('link', { name: 'Back to the wrong-answer book' }).getAttribute('href')).toBe(
      '/me/wrong-answers',
    );
    fireEvent.click(within(summary).getByRole('button', { name: 'Practise again' }));
    expect(await screen.findByRole('heading', { name: 'Question 1 of 2' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /404/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('says there is nothing to practise when the book lists nothing', async () => {
    current = { questions: [] };
    await renderScreen('/me/wrong-answers?practice=1');
    expect(await screen.findByText('Nothing to practise')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the wrong-answer book' })).toBeTruthy();
  });
});

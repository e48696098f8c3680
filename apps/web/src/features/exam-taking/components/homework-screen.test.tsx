import 'fake-indexeddb/auto';
import type { Attempt, AttemptResult } from '@school/contract/exam-taking';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { answerable } from '../../../testing/answerable';
import { renderWithProviders } from '../../../testing/render-with-providers';
import HomeworkScreen from './homework-screen';

vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: vi.fn() } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));
const confirm = vi.hoisted(() => vi.fn<() => Promise<boolean>>());
vi.mock('../../../lib/confirm-dialog', () => ({ confirmDialog: confirm }));

const now = new Date().toISOString();
let attemptId = 500;

function homework(over: Partial<Attempt> = {}): Attempt {
  return {
    id: attemptId,
    status: 'NOT_SUBMITTED',
    exam: null,
    homework: { id: 9, lessonId: 4, title: 'Chapter 1 homework' },
    startedAt: now,
    deadline: null,
    submittedAt: null,
    now,
    totalScore: 5,
    questions: [
      { id: 31, number: 1, type: 'ASK_AND_ANSWER', stem: '<p>Why?</p>', options: [], blankCount: 0, score: 5 },
    ],
    answers: [],
    ...over,
  };
}

/** The result of the handed-in homework: waiting for the teacher (null), or scored with a comment. */
function resultOf(earned: number | null, comment: string | null, reference = '', explanation = ''): AttemptResult {
  const question = homework().questions[0]!;
  return {
    id: attemptId,
    status: earned === null ? 'PENDING_REVIEW' : 'COMPLETED',
    score: earned,
    totalScore: 5,
    passScore: null,
    passed: null,
    correctPercent: 0,
    usedSeconds: 60,
    submittedAt: now,
    submittedBy: 'LEARNER',
    report: [],
    analysis: [
      {
        ...question,
        given: { kind: 'TEXT', text: 'Because', images: [] },
        rightAnswer: { kind: 'REFERENCE', text: reference },
        verdict: earned === null ? 'PENDING_REVIEW' : 'PARTIAL',
        earned,
        explanation,
        reviewComment: comment,
      },
    ],
    analysisHiddenUntil: null,
  };
}

describe('homework screen', () => {
  let current: Attempt;
  let fetchMock: ReturnType<typeof routedFetch>;
  let result: AttemptResult;
  beforeEach(() => {
    result = resultOf(null, null);
    attemptId += 1;
    localStorage.clear();
    session.clear();
    confirm.mockReset();
    current = homework();
    fetchMock = routedFetch(
      (url) => (url.pathname === '/api/lessons/4/homework/9' ? jsonResponse(200, current) : undefined),
      (url, init) => {
        if (url.pathname !== `/api/attempts/${attemptId}/answers` || init?.method !== 'POST') return undefined;
        const { saves } = JSON.parse(String(init.body)) as { saves: Array<{ questionId: number; seq: number }> };
        return jsonResponse(200, { saved: saves.map(({ questionId, seq }) => ({ questionId, seq })) });
      },
      (url, init) => {
        if (url.pathname !== `/api/attempts/${attemptId}/submit` || init?.method !== 'POST') return undefined;
        current = homework({
          status: 'PENDING_REVIEW',
          submittedAt: now,
          answers: [{ questionId: 31, answer: { kind: 'TEXT', text: 'Because', images: [] }, seq: 1, flagged: false }],
        });
        return jsonResponse(200, {});
      },
      (url) => (url.pathname === `/api/attempts/${attemptId}/result` ? jsonResponse(200, result) : undefined),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has no timer, saves the draft, and is read-only once submitted', async () => {
    confirm.mockResolvedValue(true);
    await renderWithProviders(
      <Routes>
        <Route path="/lessons/:lessonId/homework/:id" element={<HomeworkScreen />} />
      </Routes>,
      { path: '/lessons/4/homework/9' },
    );
    fireEvent.change(await answerable(screen.findByRole('textbox', { name: 'Your answer' })), {
      target: { value: 'Because' },
    });
    expect(screen.queryByTestId('exam-timer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await screen.findByText('Submitted: the answers can no longer be changed.');
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your answer' });
    expect(box.readOnly).toBe(true);
    expect(box.value).toBe('Because');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    // Not scored yet: the learner is told the teacher has it.
    expect((await screen.findByTestId('homework-score')).textContent).toBe(
      'Your teacher has not scored the written answers yet.',
    );
    expect(screen.getByTestId('question-feedback').textContent).toBe('Waiting for your teacher');
    await waitFor(() =>
      expect(callsOf(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([
        `POST /api/attempts/${attemptId}/answers`,
        `POST /api/attempts/${attemptId}/submit`,
      ]),
    );
  });

  it('shows the score and the teacher’s comment once the homework is scored', async () => {
    current = homework({
      status: 'COMPLETED',
      submittedAt: now,
      answers: [{ questionId: 31, answer: { kind: 'TEXT', text: 'Because', images: [] }, seq: 1, flagged: false }],
    });
    result = resultOf(4, 'Say why, too.', 'Because the rule says so.', '<p>The rule is in chapter 1.</p>');
    await renderWithProviders(
      <Routes>
        <Route path="/lessons/:lessonId/homework/:id" element={<HomeworkScreen />} />
      </Routes>,
      { path: '/lessons/4/homework/9' },
    );
    expect((await screen.findByTestId('homework-score')).textContent).toBe('Your score: 4 of 5');
    const feedback = screen.getByTestId('question-feedback');
    expect(feedback.textContent).toContain('4 of 5 points');
    expect(feedback.textContent).toContain('Teacher’s comment: Say why, too.');
    // What the answer should have been and why, not the points alone.
    expect(screen.getByTestId('feedback-verdict').textContent).toBe('Partly right');
    expect(screen.getByTestId('feedback-right').textContent).toBe('Right answerBecause the rule says so.');
    expect(screen.getByTestId('feedback-explanation').textContent).toBe('ExplanationThe rule is in chapter 1.');
  });
});

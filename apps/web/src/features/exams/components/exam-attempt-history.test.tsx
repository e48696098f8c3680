import type { AttemptHistoryEntry } from '@school/contract/exams';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ExamAttemptHistory } from './exam-attempt-history';

const attempts: AttemptHistoryEntry[] = [
  {
    id: 9,
    status: 'PENDING_REVIEW',
    submittedAt: '2026-03-03T10:00:00.000Z',
    score: null,
    passed: null,
    usedSeconds: 600,
    submittedBy: 'TIME_UP',
  },
  {
    id: 8,
    status: 'COMPLETED',
    submittedAt: '2026-03-02T10:00:00.000Z',
    score: 72,
    passed: true,
    usedSeconds: 25 * 60 + 5,
    submittedBy: 'LEARNER',
  },
  {
    id: 7,
    status: 'COMPLETED',
    submittedAt: '2026-03-01T10:00:00.000Z',
    score: 0,
    passed: false,
    usedSeconds: 30,
    submittedBy: 'GIVE_UP',
  },
];

describe('attempt history', () => {
  it('lists each attempt newest first with its number, score, outcome and time taken, each opening its result', async () => {
    await renderWithProviders(<ExamAttemptHistory uid="final" attempts={attempts} attemptsUsed={3} />);
    const rows = screen.getAllByTestId('exam-history-attempt');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/exam/final/test/result?attempt=9',
      '/exam/final/test/result?attempt=8',
      '/exam/final/test/result?attempt=7',
    ]);
    expect(rows[0]!.textContent).toContain('Attempt 3');
    expect(rows[0]!.textContent).toContain('Score pending');
    expect(rows[0]!.textContent).toContain('Reviewing');
    expect(rows[0]!.textContent).toContain('Time ran out');
    expect(rows[1]!.textContent).toContain('72 points');
    expect(rows[1]!.textContent).toContain('Passed');
    expect(rows[1]!.textContent).toContain('Time taken: 25m 5s');
    expect(rows[2]!.textContent).toContain('Attempt 1');
    expect(rows[2]!.textContent).toContain('Not passed');
    expect(rows[2]!.textContent).toContain('Given up');
  });

  it('numbers the latest attempts from the count of all when the list holds only the latest', async () => {
    await renderWithProviders(<ExamAttemptHistory uid="final" attempts={attempts.slice(0, 1)} attemptsUsed={60} />);
    expect(screen.getByTestId('exam-history-attempt').textContent).toContain('Attempt 60');
  });

  it('shows nothing before the first submitted attempt', async () => {
    await renderWithProviders(<ExamAttemptHistory uid="final" attempts={[]} attemptsUsed={0} />);
    expect(screen.queryByTestId('exam-history')).toBeNull();
  });
});

import type { AttemptResult } from '@school/contract/exam-taking';
import type { ExamDetail } from '@school/contract/exams';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { examDetailAt, membershipAt, type Membership } from '../testing/exam-fixtures';
import ExamResultScreen from './exam-result-screen';

vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const submittedAt = '2026-03-02T09:45:00.000Z';

function scored(over: Partial<AttemptResult> = {}): AttemptResult {
  return {
    id: 7,
    status: 'COMPLETED',
    score: 14,
    totalScore: 20,
    passScore: 12,
    passed: true,
    correctPercent: 60,
    usedSeconds: 25 * 60 + 5,
    submittedAt,
    submittedBy: 'LEARNER',
    report: [
      {
        type: 'SINGLE_SELECT',
        questions: 1,
        right: 1,
        partlyRight: 0,
        wrong: 0,
        unanswered: 0,
        score: 2,
        totalScore: 2,
      },
      { type: 'FILL_BLANK', questions: 1, right: 0, partlyRight: 1, wrong: 0, unanswered: 0, score: 2, totalScore: 4 },
      {
        type: 'ASK_AND_ANSWER',
        questions: 1,
        right: 0,
        partlyRight: 1,
        wrong: 0,
        unanswered: 0,
        score: 10,
        totalScore: 14,
      },
    ],
    analysis: [
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
        given: { kind: 'CHOICE', keys: ['B'] },
        rightAnswer: { kind: 'CHOICE', keys: ['B'] },
        verdict: 'RIGHT',
        score: 2,
        earned: 2,
        explanation: '<p>404 is Not Found.</p>',
        reviewComment: null,
      },
      {
        id: 102,
        number: 2,
        type: 'FILL_BLANK',
        stem: '<p>Not found is {{blank}}; OK is {{blank}}.</p>',
        options: [],
        blankCount: 2,
        given: { kind: 'BLANKS', texts: ['404', '201'] },
        rightAnswer: { kind: 'BLANKS', texts: ['404', '200'] },
        verdict: 'PARTIAL',
        score: 4,
        earned: 2,
        explanation: '',
        reviewComment: null,
      },
      {
        id: 103,
        number: 3,
        type: 'ASK_AND_ANSWER',
        stem: '<p>Explain caching.</p>',
        options: [],
        blankCount: 0,
        given: { kind: 'TEXT', text: 'Keep copies close.', images: ['/api/files/a.png'] },
        rightAnswer: { kind: 'REFERENCE', text: 'Store responses for reuse.' },
        verdict: 'RIGHT',
        score: 14,
        earned: 10,
        explanation: '',
        reviewComment: 'Good, but name the headers.',
      },
    ],
    analysisHiddenUntil: null,
    ...over,
  };
}

const reviewing = (): AttemptResult =>
  scored({
    status: 'PENDING_REVIEW',
    score: null,
    passed: null,
    report: [
      {
        type: 'SINGLE_SELECT',
        questions: 1,
        right: 1,
        partlyRight: 0,
        wrong: 0,
        unanswered: 0,
        score: 2,
        totalScore: 2,
      },
      {
        type: 'ASK_AND_ANSWER',
        questions: 1,
        right: 0,
        partlyRight: 0,
        wrong: 0,
        unanswered: 0,
        score: null,
        totalScore: 14,
      },
    ],
    analysis: null,
    analysisHiddenUntil: 'NEVER',
  });

/** An exam open any time whose member's latest submitted attempt is `latestAttempt`. */
function detail(latestAttempt: Membership['latestAttempt']): ExamDetail {
  const at = Date.parse(submittedAt);
  return examDetailAt(at, {
    startTime: null,
    endTime: null,
    membership: membershipAt(at, { attemptsUsed: latestAttempt ? 1 : 0, latestAttempt }),
  });
}

function renderScreen(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/exam/:uid/test/result" element={<ExamResultScreen />} />
    </Routes>,
    { path },
  );
}

describe('exam result', () => {
  let results: Record<string, AttemptResult>;
  let exam: ExamDetail;
  let fetchMock: ReturnType<typeof routedFetch>;
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.saveUser(learner);
    results = { '7': scored() };
    exam = detail({ id: 7, status: 'COMPLETED', score: 14 });
    fetchMock = routedFetch(
      (url) => (url.pathname === '/api/exams/final' ? jsonResponse(200, exam) : undefined),
      (url) => {
        const id = /^\/api\/attempts\/(\d+)\/result$/.exec(url.pathname)?.[1];
        if (id === undefined) return undefined;
        const result = results[id];
        return result
          ? jsonResponse(200, result)
          : jsonResponse(404, { code: 'examAnswerNotFound', message: 'Answer sheet not found' });
      },
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the score, pass, correct percentage, used and submit time, and the report', async () => {
    await renderScreen('/exam/final/test/result?attempt=7');
    expect((await screen.findByTestId('result-score')).textContent).toBe('14 / 20');
    expect(screen.getByTestId('result-verdict').textContent).toBe('Passed');
    expect(screen.getByTestId('result-correct').textContent).toContain('60%');
    expect(screen.getByTestId('result-pass').textContent).toContain('12');
    expect(screen.getByTestId('result-used').textContent).toContain('25m 5s');
    expect(screen.getByTestId('result-submitted').textContent).toMatch(/2026-03-02 \d\d:45/);
    expect(screen.queryByTestId('result-submitted-by')).toBeNull();

    // One block per quiz type; an essay scored in part reads partly right, as its analysis does.
    const report = screen.getByTestId('result-report');
    expect(
      within(report)
        .getAllByTestId('report-type')
        .map((type) => type.textContent),
    ).toEqual(['Single choice', 'Fill in the blanks', 'Short answer']);
    const counts = (type: string) =>
      within(within(report).getByTestId(`report-${type}`))
        .getAllByRole('definition')
        .map((dd) => dd.textContent);
    const labels = within(within(report).getByTestId('report-FILL_BLANK'))
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(labels).toEqual(['Right', 'Partly right', 'Wrong', 'Unanswered']);
    expect(counts('FILL_BLANK')).toEqual(['0', '1', '0', '0']);
    expect(counts('ASK_AND_ANSWER')).toEqual(['0', '1', '0', '0']);
    const fill = within(report).getByTestId('report-FILL_BLANK');
    expect(within(fill).getByTestId('report-questions').textContent).toBe('1 question');
    expect(within(fill).getByTestId('report-score').textContent).toBe('Score: 2 / 4');
    // The address named the attempt: the exam detail is not asked.
    expect(callsOf(fetchMock)).toEqual(['GET /api/attempts/7/result']);
  });

  it('shows each question with both answers, verdict, points, explanation and comment', async () => {
    await renderScreen('/exam/final/test/result?attempt=7');
    const first = await screen.findByTestId('analysis-1');
    expect(within(first).getByRole('heading', { name: 'Question 1 · Single choice' })).toBeTruthy();
    expect(within(first).getByTestId('analysis-given').textContent).toBe('B. 404');
    expect(within(first).getByTestId('analysis-right').textContent).toBe('B. 404');
    expect(within(first).getByTestId('analysis-verdict').textContent).toBe('Right');
    expect(within(first).getByTestId('analysis-points').textContent).toBe('2 of 2 points');
    expect(within(first).getByText('404 is Not Found.')).toBeTruthy();

    const blanks = screen.getByTestId('analysis-2');
    expect(blanks.textContent).toContain('Not found is  (1) ____ ; OK is  (2) ____ .');
    expect(within(blanks).getByTestId('analysis-given').textContent).toBe('(1) 404(2) 201');
    expect(within(blanks).getByTestId('analysis-verdict').textContent).toBe('Partly right');

    const essay = screen.getByTestId('analysis-3');
    expect(within(essay).getByTestId('analysis-right').textContent).toBe('Store responses for reuse.');
    expect(within(essay).getByRole('img', { name: 'Your attached image 1' }).getAttribute('src')).toBe(
      '/api/files/a.png',
    );
    expect(within(essay).getByTestId('analysis-comment').textContent).toBe('Good, but name the headers.');
  });

  it('says a failed attempt was given up', async () => {
    results['7'] = scored({ score: 6, passed: false, submittedBy: 'GIVE_UP' });
    await renderScreen('/exam/final/test/result?attempt=7');
    expect((await screen.findByTestId('result-verdict')).textContent).toBe('Not passed');
    expect(screen.getByTestId('result-submitted-by').textContent).toContain('You gave up');
  });

  it('reads reviewing with the score pending, and says when answers are not shown', async () => {
    results['8'] = reviewing();
    await renderScreen('/exam/final/test/result?attempt=8');
    expect((await screen.findByTestId('result-score')).textContent).toBe('Score pending');
    expect(screen.getByTestId('result-verdict').textContent).toBe('Reviewing');
    const essay = screen.getByTestId('report-ASK_AND_ANSWER');
    expect(within(essay).getByTestId('report-score').textContent).toBe('Score: Pending / 14');
    expect(screen.getByTestId('analysis-hidden').textContent).toBe('Answers are not shown for this exam.');
    expect(screen.queryByTestId('analysis-1')).toBeNull();
  });

  it('says the answers come after the last attempt, or after the exam ends, while the server keeps them', async () => {
    results['8'] = { ...reviewing(), analysisHiddenUntil: 'LAST_ATTEMPT' };
    results['9'] = { ...reviewing(), id: 9, analysisHiddenUntil: 'EXAM_END' };
    const first = await renderScreen('/exam/final/test/result?attempt=8');
    expect((await screen.findByTestId('analysis-hidden')).textContent).toBe(
      'Answers are shown after your last attempt.',
    );
    expect(screen.queryByTestId('analysis-1')).toBeNull();
    first.unmount();
    await renderScreen('/exam/final/test/result?attempt=9');
    expect((await screen.findByTestId('analysis-hidden')).textContent).toBe('Answers are shown after the exam ends.');
  });

  it("shows the exam's latest submitted attempt when the address names none", async () => {
    results['8'] = reviewing();
    exam = detail({ id: 8, status: 'PENDING_REVIEW', score: null });
    await renderScreen('/exam/final/test/result');
    expect((await screen.findByTestId('result-verdict')).textContent).toBe('Reviewing');
    expect(callsOf(fetchMock)).toEqual(['GET /api/exams/final', 'GET /api/attempts/8/result']);
    expect(screen.getByRole('link', { name: 'Back to the exam' }).getAttribute('href')).toBe('/exam/final');
  });

  it('says there is no result before a first submission', async () => {
    exam = detail(null);
    await renderScreen('/exam/final/test/result');
    expect(await screen.findByText('You have not submitted this exam yet.')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual(['GET /api/exams/final']);
  });

  it('explains an attempt that is not there, and a malformed one without asking', async () => {
    const first = await renderScreen('/exam/final/test/result?attempt=99');
    expect(await screen.findByText('No such result')).toBeTruthy();
    first.unmount();
    fetchMock.mockClear();
    await renderScreen('/exam/final/test/result?attempt=abc');
    expect(await screen.findByText('No such result')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual([]);
  });
});

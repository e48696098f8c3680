import 'fake-indexeddb/auto';
import type { Attempt, SavedAnswer } from '@school/contract/exam-taking';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { LocationProbe } from '../../../testing/location-probe';
import { answerable } from '../../../testing/answerable';
import { renderWithProviders } from '../../../testing/render-with-providers';
import ExamTestScreen from './exam-test-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));
const confirm = vi.hoisted(() => vi.fn<(texts: { content: string }) => Promise<boolean>>());
vi.mock('../../../lib/confirm-dialog', () => ({ confirmDialog: confirm }));

const iso = (ms: number) => new Date(ms).toISOString();
// Each test its own attempt: the journal (IndexedDB) outlives a test.
let attemptId = 100;

function attempt(over: Partial<Attempt> = {}): Attempt {
  const now = Date.now();
  return {
    id: attemptId,
    status: 'NOT_SUBMITTED',
    exam: { uid: 'final', title: 'Final exam' },
    homework: null,
    startedAt: iso(now - 60_000),
    deadline: iso(now + 60 * 60_000),
    submittedAt: null,
    now: iso(now),
    totalScore: 20,
    questions: [
      {
        id: 11,
        number: 1,
        type: 'SINGLE_SELECT',
        stem: '<p>Pick one</p>',
        options: [
          { key: 'A', text: 'Red' },
          { key: 'B', text: 'Blue' },
        ],
        blankCount: 0,
        score: 4,
      },
      {
        id: 12,
        number: 2,
        type: 'MULTI_SELECT',
        stem: '<p>Pick some</p>',
        options: [
          { key: 'A', text: 'One' },
          { key: 'B', text: 'Two' },
          { key: 'C', text: 'Three' },
        ],
        blankCount: 0,
        score: 4,
      },
      {
        id: 13,
        number: 3,
        type: 'TRUE_OR_FALSE',
        stem: '<p>The sky is blue</p>',
        options: [
          { key: 'true', text: '' },
          { key: 'false', text: '' },
        ],
        blankCount: 0,
        score: 4,
      },
      {
        id: 14,
        number: 4,
        type: 'FILL_BLANK',
        stem: '<p>{{blank}} plus {{blank}}</p>',
        options: [],
        blankCount: 2,
        score: 4,
      },
      { id: 15, number: 5, type: 'ASK_AND_ANSWER', stem: '<p>Explain</p>', options: [], blankCount: 0, score: 4 },
    ],
    answers: [],
    ...over,
  };
}

function renderScreen() {
  return renderWithProviders(
    <Routes>
      <Route path="/exam/:uid/test" element={<ExamTestScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path: '/exam/final/test' },
  );
}

function hidePage() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('exam test screen', () => {
  let current: Attempt;
  let saves: Array<{ saves: SavedAnswer[]; keepalive: boolean }>;
  let saveAnswer: (() => Response) | null;
  let fetchMock: ReturnType<typeof routedFetch>;

  beforeEach(() => {
    attemptId += 1;
    localStorage.clear();
    session.clear();
    confirm.mockReset();
    toastShow.mockReset();
    current = attempt();
    saves = [];
    saveAnswer = null;
    fetchMock = routedFetch(
      (url) => (url.pathname === '/api/exams/final/attempts/current' ? jsonResponse(200, current) : undefined),
      (url, init) => {
        // A screen of an earlier test may still be sending as it goes: taken, not recorded.
        if (!/^\/api\/attempts\/\d+\/answers$/.test(url.pathname) || init?.method !== 'POST') return undefined;
        if (url.pathname !== `/api/attempts/${attemptId}/answers`) return jsonResponse(200, { saved: [] });
        if (saveAnswer) return saveAnswer();
        const body = JSON.parse(String(init.body)) as { saves: SavedAnswer[] };
        saves.push({ saves: body.saves, keepalive: init.keepalive === true });
        return jsonResponse(200, { saved: body.saves.map(({ questionId, seq }) => ({ questionId, seq })) });
      },
      (url, init) =>
        url.pathname === '/api/files' && init?.method === 'POST'
          ? jsonResponse(201, { url: '/api/files/ab12.png', contentType: 'image/png', size: 3 })
          : undefined,
      (url, init) =>
        url.pathname === `/api/attempts/${attemptId}/submit` && init?.method === 'POST'
          ? jsonResponse(200, {})
          : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  it('saves each quiz type as its answer, sent at once when the page is hidden', async () => {
    await renderScreen();
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    fireEvent.click(await answerable(screen.findByRole('radio', { name: /Blue/ })));
    next();
    const group = await screen.findByRole('group', { name: 'Your answer to question 2' });
    fireEvent.click(within(group).getByRole('checkbox', { name: /Three/ }));
    fireEvent.click(within(group).getByRole('checkbox', { name: /One/ }));
    next();
    fireEvent.click(await answerable(screen.findByRole('radio', { name: 'False' })));
    next();
    fireEvent.change(await answerable(screen.findByRole('textbox', { name: 'Blank 2' })), { target: { value: 'two' } });
    next();
    fireEvent.change(await answerable(screen.findByRole('textbox', { name: 'Your answer' })), {
      target: { value: 'Because' },
    });
    expect(screen.getByTestId('answer-stats').textContent).toContain('Answered 5 of 5');
    expect(saves).toEqual([]);

    hidePage();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.keepalive).toBe(true);
    expect(saves[0]!.saves.map(({ questionId, answer, seq }) => [questionId, answer, seq])).toEqual([
      [11, { kind: 'CHOICE', keys: ['B'] }, 1],
      [12, { kind: 'CHOICE', keys: ['A', 'C'] }, 3],
      [13, { kind: 'CHOICE', keys: ['false'] }, 4],
      [14, { kind: 'BLANKS', texts: ['', 'two'] }, 5],
      [15, { kind: 'TEXT', text: 'Because', images: [] }, 6],
    ]);
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('Saved'));
  });

  it('attaches an uploaded image to a written answer', async () => {
    current = attempt({ questions: attempt().questions.slice(4) });
    await renderScreen();
    const picker = await screen.findByLabelText('Add an image');
    fireEvent.change(picker, { target: { files: [new File(['png'], 'work.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('img', { name: 'Image 1 of your answer' })).getAttribute('src')).toBe(
      '/api/files/ab12.png',
    );
    hidePage();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.saves[0]!.answer).toEqual({ kind: 'TEXT', text: '', images: ['/api/files/ab12.png'] });
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('sends a change within 2 s without the page being hidden', async () => {
    await renderScreen();
    fireEvent.click(await answerable(screen.findByRole('radio', { name: /Red/ })));
    expect(screen.getByTestId('save-status').textContent).toContain('Saving…');
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 3000 });
    expect(saves[0]).toEqual({ saves: [expect.objectContaining({ questionId: 11, seq: 1 })], keepalive: false });
  });

  it('keeps answers on the phone offline and sends them in order when back online', async () => {
    saveAnswer = () => {
      throw new TypeError('offline');
    };
    await renderScreen();
    fireEvent.click(await answerable(screen.findByRole('radio', { name: /Red/ })));
    fireEvent.click(screen.getByRole('radio', { name: /Blue/ }));
    hidePage();
    await waitFor(() =>
      expect(screen.getByTestId('save-status').textContent).toContain('Offline — saved on this phone'),
    );

    saveAnswer = null;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.saves).toEqual([
      expect.objectContaining({ questionId: 11, seq: 2, answer: { kind: 'CHOICE', keys: ['B'] } }),
    ]);
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('Saved'));
  });

  it('marks a question for review and shows it on the answer card', async () => {
    await renderScreen();
    fireEvent.click(await answerable(screen.findByRole('radio', { name: /Red/ })));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark for review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Answer card' }));
    const card = await screen.findByTestId('answer-card');
    expect(within(card).getByRole('button', { name: 'Question 1, answered' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Question 2, unanswered, marked for review' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Question 5, unanswered' }));
    expect(await screen.findByRole('heading', { name: /Question 5 of 5/ })).toBeTruthy();
  });

  it('turns questions with a swipe, not with a scroll', async () => {
    await renderScreen();
    const question = await screen.findByTestId('question');
    const swipe = (fromX: number, toX: number, toY = 100) => {
      fireEvent.touchStart(screen.getByTestId('question'), { touches: [{ clientX: fromX, clientY: 100 }] });
      fireEvent.touchEnd(screen.getByTestId('question'), { changedTouches: [{ clientX: toX, clientY: toY }] });
    };
    expect(question.getAttribute('data-question')).toBe('11');
    swipe(300, 100);
    expect(screen.getByTestId('question').getAttribute('data-question')).toBe('12');
    swipe(300, 220, 400); // mostly down: a scroll
    expect(screen.getByTestId('question').getAttribute('data-question')).toBe('12');
    swipe(100, 300);
    expect(screen.getByTestId('question').getAttribute('data-question')).toBe('11');
  });

  it('lists the unanswered questions before submitting, then opens the result', async () => {
    confirm.mockResolvedValue(true);
    await renderScreen();
    fireEvent.click(await answerable(screen.findByRole('radio', { name: /Red/ })));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(confirm.mock.calls[0]![0].content).toBe(
      'Not answered yet: questions 2, 3, 4, 5. Answers cannot be changed after submitting.',
    );
    expect((await screen.findByTestId('location')).textContent).toContain(
      `/exam/final/test/result?attempt=${attemptId}`,
    );
    // The pending save went out before the submission.
    const calls = callsOf(fetchMock).filter((call) => call.startsWith('POST'));
    expect(calls).toEqual([`POST /api/attempts/${attemptId}/answers`, `POST /api/attempts/${attemptId}/submit`]);
  });

  it('hands nothing in while the server refuses saves as too many, says so, and submits once the answer is saved', async () => {
    confirm.mockResolvedValue(true);
    saveAnswer = () => jsonResponse(429, { code: 'tooManyRequests', message: 'Too many requests' });
    await renderScreen();
    fireEvent.click(await answerable(screen.findByRole('radio', { name: /Red/ })));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(
        expect.objectContaining({ content: 'Too many requests, please try again later' }),
      ),
    );
    // Not handed in without the answer; the phone is online, so the status says saving.
    expect(callsOf(fetchMock)).not.toContain(`POST /api/attempts/${attemptId}/submit`);
    expect(screen.getByTestId('save-status').textContent).toContain('Saving');
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false);

    saveAnswer = null;
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('location')).textContent).toContain(
      `/exam/final/test/result?attempt=${attemptId}`,
    );
    expect(saves[0]!.saves).toEqual([
      expect.objectContaining({ questionId: 11, answer: { kind: 'CHOICE', keys: ['A'] } }),
    ]);
  });

  it('restores the journal over the server after a reload, re-sending what the server lacks', async () => {
    saveAnswer = () => {
      throw new TypeError('offline');
    };
    const first = await renderScreen();
    fireEvent.click(await answerable(screen.findByRole('radio', { name: /Blue/ })));
    hidePage();
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('Offline'));
    first.unmount();

    saveAnswer = null;
    current = attempt({
      answers: [{ questionId: 12, answer: { kind: 'CHOICE', keys: ['C'] }, seq: 4, flagged: false }],
    });
    await renderScreen();
    // The server's answers first, the journal's once it is read.
    expect((await answerable(screen.findByRole<HTMLInputElement>('radio', { name: /Blue/ }))).checked).toBe(true);
    await waitFor(() => expect(saves.length).toBeGreaterThan(0));
    expect(saves.flatMap((s) => s.saves).map((s) => [s.questionId, s.seq])).toContainEqual([11, 1]);
    expect(screen.getByTestId('answer-stats').textContent).toContain('Answered 2 of 5');
  });

  it('stops and goes to the result when the server says the exam has ended', async () => {
    saveAnswer = () => jsonResponse(403, { code: 'examHasEnded', message: 'This exam has ended' });
    await renderScreen();
    fireEvent.click(await answerable(screen.findByRole('radio', { name: /Red/ })));
    hidePage();
    expect((await screen.findByTestId('exam-notice')).textContent).toContain('The exam has ended');
    expect(screen.getByRole('radio', { name: /Blue/ }).matches(':disabled')).toBe(true);
    expect((await screen.findByTestId('location')).textContent).toContain(
      `/exam/final/test/result?attempt=${attemptId}`,
    );
  });

  it('warns in the last 5 minutes and submits when time is up', async () => {
    current = attempt({ deadline: iso(Date.now() + 4 * 60_000) });
    const view = await renderScreen();
    expect((await screen.findByTestId('timer-announcement')).textContent).toContain('Less than 5 minutes left');
    view.unmount();

    current = attempt({ deadline: iso(Date.now() - 1000) });
    await renderScreen();
    expect((await screen.findByTestId('timer-announcement')).textContent).toContain('Time is up');
    expect((await screen.findByTestId('location')).textContent).toContain(
      `/exam/final/test/result?attempt=${attemptId}`,
    );
    // Handed in by the screen itself, without asking: the result is there when it opens.
    expect(confirm).not.toHaveBeenCalled();
    expect(callsOf(fetchMock)).toContain(`POST /api/attempts/${attemptId}/submit`);
  });

  it('starts an attempt when none is open, and explains a refusal with a way back', async () => {
    fetchMock = routedFetch(
      (url) =>
        url.pathname === '/api/exams/final/attempts/current'
          ? jsonResponse(404, { code: 'examAnswerNotFound', message: 'none' })
          : undefined,
      (url, init) =>
        url.pathname === '/api/exams/final/attempts' && init?.method === 'POST'
          ? jsonResponse(409, { code: 'examAnsweringRepeatOver', message: 'No attempts left' })
          : undefined,
      // An earlier test's screen may still be sending its last answers (a slow machine): taken.
      (url, init) =>
        /^\/api\/attempts\/\d+\/answers$/.test(url.pathname) && init?.method === 'POST'
          ? jsonResponse(200, { saved: [] })
          : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderScreen();
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot take this exam now');
    expect(screen.getByRole('link', { name: 'Back to the exam' }).getAttribute('href')).toBe('/exam/final');
    // The header says what the screen is: not an exam in progress.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Exam not available');
  });
});

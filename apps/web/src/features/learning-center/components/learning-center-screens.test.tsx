import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { bringObservedIntoView } from '../../../testing/intersection-observer';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import {
  expiredCourse,
  learningClassroom,
  learningCourse,
  learningExam,
  newCourse,
  pageOf,
  studyStatistics,
} from '../testing/learning-fixtures';
import LearningRedirectScreen from './learning-redirect-screen';
import MyClassroomListScreen from './my-classroom-list-screen';
import MyCourseListScreen from './my-course-list-screen';
import MyExamListScreen from './my-exam-list-screen';

type Lists = Partial<Record<'courses' | 'classrooms' | 'exams', (page: number) => unknown>>;

/** Answers GET /api/learning/{list}?page=n from `lists`; anything else is unmocked. */
function serve(lists: Lists) {
  const fetchMock = routedFetch((url) => {
    // The statistics above every tab (study-and-leave.test.tsx tests them).
    if (url.pathname === '/api/learning/statistics') return jsonResponse(200, studyStatistics);
    const match = /^\/api\/learning\/(courses|classrooms|exams)$/.exec(url.pathname);
    const answer = match ? lists[match[1] as keyof Lists] : undefined;
    return answer ? jsonResponse(200, answer(Number(url.searchParams.get('page')))) : undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const empty = () => pageOf([]);
/** The calls for the lists, leaving out the statistics every tab asks for. */
const listCalls = (fetchMock: ReturnType<typeof serve>) =>
  callsOf(fetchMock).filter((call) => !call.includes('/api/learning/statistics'));
const location = () => screen.getByTestId('location').textContent;

/** The three tabs and the redirect, as the router mounts them, with a probe of where we are. */
async function open(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/learning" element={<LearningRedirectScreen />} />
        <Route path="/learning/courses" element={<MyCourseListScreen />} />
        <Route path="/learning/classrooms" element={<MyClassroomListScreen />} />
        <Route path="/learning/exams" element={<MyExamListScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('learning centre', () => {
  it('opens My courses from /learning, keeping the tab bar’s query', async () => {
    serve({ courses: () => pageOf([learningCourse]) });
    await open('/learning?pathFrom=tab');
    await screen.findByTestId('my-course-card');
    expect(location()).toBe('/learning/courses?pathFrom=tab');
    // The first page of a tab: no back button.
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('marks the current tab and switches tabs in place, the query going along', async () => {
    serve({ courses: () => pageOf([learningCourse]), classrooms: () => pageOf([learningClassroom]) });
    await open('/learning/courses?pathFrom=tab');
    const nav = screen.getByRole('navigation', { name: 'Learning centre sections' });
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('My courses');
    expect(within(nav).getByRole('link', { name: 'My exams' }).getAttribute('href')).toBe(
      '/learning/exams?pathFrom=tab',
    );
    fireEvent.click(within(nav).getByRole('link', { name: 'My classrooms' }));
    await screen.findByTestId('my-classroom-card');
    expect(location()).toBe('/learning/classrooms?pathFrom=tab');
    const tabs = screen.getByRole('navigation', { name: 'Learning centre sections' });
    expect(within(tabs).getByRole('link', { current: 'page' }).textContent).toBe('My classrooms');
  });

  it('has no back button, from the tab bar or elsewhere (the Me page): it is a tab page', async () => {
    serve({ courses: empty });
    await open('/learning/courses');
    expect(await screen.findByRole('heading', { name: 'You have not joined a course yet' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});

describe('My courses', () => {
  it('shows each course with progress, validity and last study, the card leading to the course', async () => {
    const fetchMock = serve({
      courses: () => pageOf([learningCourse, { ...newCourse, refundPending: true }, expiredCourse]),
    });
    await open('/learning/courses');
    const cards = await screen.findAllByTestId('my-course-card');
    expect(cards).toHaveLength(3);
    expect(listCalls(fetchMock)).toEqual(['GET /api/learning/courses?page=1&pageSize=10']);

    const [studying, fresh, expired] = cards as [HTMLElement, HTMLElement, HTMLElement];
    const link = within(studying).getByRole('link', { name: 'Vue from scratch' });
    expect(link.getAttribute('href')).toBe('/courses/vue-basics');
    const bar = within(studying).getByRole('progressbar', { name: 'Progress of Vue from scratch' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(bar.getAttribute('aria-valuetext')).toBe('30% · 3 of 10 lessons');
    expect(studying.textContent).toContain('Long-term access');
    expect(within(studying).getByTestId('last-studied').textContent).toMatch(/^Last studied /);
    expect(within(studying).getByTestId('last-studied').querySelector('time')?.getAttribute('datetime')).toBe(
      learningCourse.lastLearnedAt,
    );

    expect(within(fresh).getByTestId('my-course-validity').textContent).toBe('Valid until 2099-03-01');
    expect(within(fresh).getByTestId('last-studied').textContent).toBe('Not started yet');
    expect(within(expired).getByTestId('my-course-validity').textContent).toBe('Expired on 2025-06-01');
    // A refund asked for and not decided yet: said on that course only.
    expect(within(fresh).getByTestId('refund-pending').textContent).toBe('Refund under review');
    expect(within(studying).queryByTestId('refund-pending')).toBeNull();
  });

  it('continues at the last lesson, starts at the first, and offers nothing to open once expired', async () => {
    serve({ courses: () => pageOf([learningCourse, newCourse, expiredCourse]) });
    await open('/learning/courses');
    const [studying, fresh, expired] = (await screen.findAllByTestId('my-course-card')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const resume = within(studying).getByRole('link', { name: 'Continue learning' });
    expect(resume.getAttribute('href')).toBe('/lessons/42');
    // Its description says which course it continues.
    expect(document.getElementById(resume.getAttribute('aria-describedby')!)?.textContent).toBe('Vue from scratch');
    expect(within(fresh).getByRole('link', { name: 'Start learning' }).getAttribute('href')).toBe('/lessons/70');
    expect(within(expired).queryByTestId('my-course-continue')).toBeNull();

    fireEvent.click(resume);
    expect(location()).toBe('/lessons/42');
  });

  it('offers a review of a completed course', async () => {
    serve({
      courses: () =>
        pageOf([{ ...learningCourse, learnedLessonCount: 10, progress: 100, learningStatus: 'COMPLETED' as const }]),
    });
    await open('/learning/courses');
    const card = await screen.findByTestId('my-course-card');
    expect(within(card).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/lessons/42');
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('loads the next page at the end of the list', async () => {
    const courses = Array.from({ length: 12 }, (_, index) => ({ ...learningCourse, uid: `course-${index}` }));
    const fetchMock = serve({
      courses: (page) => pageOf(courses.slice((page - 1) * 10, page * 10), { page, total: courses.length }),
    });
    await open('/learning/courses');
    expect(await screen.findAllByTestId('my-course-card')).toHaveLength(10);
    act(() => bringObservedIntoView());
    await waitFor(() => expect(screen.getAllByTestId('my-course-card')).toHaveLength(12));
    expect(listCalls(fetchMock)).toEqual([
      'GET /api/learning/courses?page=1&pageSize=10',
      'GET /api/learning/courses?page=2&pageSize=10',
    ]);
    expect(await screen.findByText('No more')).toBeTruthy();
  });

  it('loads the first covers at once and the rest when scrolled to', async () => {
    serve({ courses: () => pageOf([learningCourse, newCourse, expiredCourse]) });
    const { container } = await open('/learning/courses');
    await screen.findAllByTestId('my-course-card');
    const covers = [...container.querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(covers).toEqual(['eager', 'eager', 'lazy']);
  });

  it('tells a newcomer how to find a course', async () => {
    serve({ courses: empty });
    await open('/learning/courses');
    expect(await screen.findByRole('heading', { name: 'You have not joined a course yet' })).toBeTruthy();
    const discover = screen.getByRole('link', { name: 'Discover courses' });
    expect(discover.getAttribute('href')).toBe('/courses');
  });
});

describe('My classrooms', () => {
  it('shows each classroom with its completed courses, leading to the classroom', async () => {
    const fetchMock = serve({ classrooms: () => pageOf([learningClassroom]) });
    await open('/learning/classrooms');
    const card = await screen.findByTestId('my-classroom-card');
    // The whole card is the title's link (it covers the card), beside the card's menu.
    expect(within(card).getByRole('link', { name: 'Frontend bootcamp' }).getAttribute('href')).toBe(
      '/classroom/frontend-bootcamp',
    );
    const bar = within(card).getByRole('progressbar', { name: 'Progress of Frontend bootcamp' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(card.textContent).toContain('1 of 4 courses completed');
    expect(card.textContent).toContain('Not started yet');
    expect(listCalls(fetchMock)).toEqual(['GET /api/learning/classrooms?page=1&pageSize=10']);
  });

  it('tells a newcomer how to find a classroom', async () => {
    serve({ classrooms: empty });
    await open('/learning/classrooms');
    expect(await screen.findByRole('heading', { name: 'You have not joined a classroom yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover classrooms' }).getAttribute('href')).toBe('/classrooms');
  });
});

describe('My exams', () => {
  it('shows each exam with its window, attempts, best score and the learner’s own standing, leading to the exam', async () => {
    serve({
      exams: () =>
        pageOf([
          learningExam,
          {
            ...learningExam,
            uid: 'any-time',
            startTime: null,
            endTime: null,
            examTimes: null,
            attemptCount: 0,
            status: 'NOT_STARTED' as const,
            bestScore: null,
          },
          { ...learningExam, uid: 'reviewing', status: 'REVIEWING' as const, bestScore: null },
          { ...learningExam, uid: 'answering', status: 'IN_PROGRESS' as const },
          { ...learningExam, uid: 'failed', status: 'FAILED' as const, bestScore: 40 },
          {
            ...learningExam,
            uid: 'late-entry',
            status: 'OPEN' as const,
            bestScore: null,
            entryClosesAt: '2026-02-01T01:15:00.000Z',
          },
          { ...learningExam, uid: 'used-up', status: 'ATTEMPTS_USED' as const, bestScore: null, attemptCount: 3 },
          { ...learningExam, uid: 'closed', status: 'CLOSED' as const, bestScore: null },
        ]),
    });
    await open('/learning/exams');
    const cards = await screen.findAllByTestId('my-exam-card');
    const [windowed, anyTime, reviewing, answering, failed, lateEntry, usedUp, closed] = cards as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const state = (card: HTMLElement) => within(card).getByTestId('my-exam-state').textContent;
    expect(windowed.getAttribute('href')).toBe('/exam/english-test');
    expect(within(windowed).getByTestId('my-exam-window').textContent).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d$/,
    );
    expect(within(windowed).getByTestId('my-exam-attempts').textContent).toBe('Attempts: 1 of 3');
    expect(within(anyTime).getByTestId('my-exam-window').textContent).toBe('Take it any time');
    expect(within(anyTime).getByTestId('my-exam-attempts').textContent).toBe('Attempts: 0 (no limit)');
    expect(within(windowed).getByTestId('my-exam-best-score').textContent).toBe('Best score: 84 of 100');
    expect(within(anyTime).queryByTestId('my-exam-best-score')).toBeNull();
    expect(cards.map(state)).toEqual([
      'Passed',
      'Not started',
      'Reviewing',
      'In progress',
      'Not passed',
      'Open to take',
      'No attempts left',
      'Closed',
    ]);
    expect(within(answering).getByTestId('my-exam-best-score').textContent).toBe('Best score: 84 of 100');
    expect(within(failed).getByTestId('my-exam-best-score').textContent).toBe('Best score: 40 of 100');
    // A closed exam's late entry, while it is still ahead.
    expect(within(lateEntry).getByTestId('my-exam-late-entry').textContent).toMatch(
      /^Late entry until \d{4}-\d\d-\d\d \d\d:\d\d$/,
    );
    for (const card of [windowed, reviewing, usedUp, closed])
      expect(within(card).queryByTestId('my-exam-late-entry')).toBeNull();
  });

  it('tells a newcomer how to find an exam', async () => {
    serve({ exams: empty });
    await open('/learning/exams');
    expect(await screen.findByRole('heading', { name: 'You have not entered an exam yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Discover exams' }).getAttribute('href')).toBe('/single/exams');
  });
});

import type { CourseDetail } from '@school/contract/courses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { LocationProbe } from '../../../testing/location-probe';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { courseDetail, membership } from '../testing/course-fixtures';
import CourseDetailScreen from './course-detail-screen';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

function serve(course: CourseDetail | { status: number; code: string }, extra: Parameters<typeof routedFetch> = []) {
  let current = course;
  const fetchMock = routedFetch(
    (url, init) => {
      if (url.pathname === `/api/courses/c-free/join` && init?.method === 'POST') {
        current = { ...(current as CourseDetail), membership };
        return jsonResponse(201, membership);
      }
      return undefined;
    },
    (url) => {
      if (url.pathname !== '/api/courses/c-free') return undefined;
      return 'code' in current
        ? jsonResponse(current.status, { code: current.code, message: 'x' })
        : jsonResponse(200, current);
    },
    // A signed-in learner's star in the top bar asks whether the course is a favourite.
    (url) => (url.pathname === '/api/favourites/COURSE/c-free' ? jsonResponse(200, { favourite: false }) : undefined),
    ...extra,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function open(path = '/courses/c-free') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/courses/:uid" element={<CourseDetailScreen />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { path },
  );
}

const location = () => screen.getByTestId('location').textContent;
const action = () => screen.getByTestId('course-action');

describe('course detail', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    toastShow.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the course: price, numbers, validity, tags, teachers and the introduction', async () => {
    serve(courseDetail);
    await open();
    expect(await screen.findByRole('heading', { name: 'Vue from scratch' })).toBeTruthy();
    expect(screen.getAllByTestId('price-tag')[0]!.textContent).toBe('Free');
    const facts = screen.getByTestId('course-facts');
    expect(facts.textContent).toContain('3 lessons');
    expect(facts.textContent).toContain('120 learners');
    expect(within(facts).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(screen.getByTestId('course-validity').textContent).toBe('Valid for 365 days after joining');
    expect(screen.getByTestId('course-tags').textContent).toContain('Frontend');
    expect(screen.getByTestId('teacher-card').textContent).toContain('Ada Lovelace');
    expect(screen.getByRole('tab', { name: 'About', selected: true })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'About' }).innerHTML).toContain('<strong>Vue</strong>');
  });

  it('numbers chapters and lessons with media, length, free trial and lock', async () => {
    serve(courseDetail);
    await open('/courses/c-free?tab=syllabus');
    const syllabus = await screen.findByTestId('course-syllabus');
    expect(within(syllabus).getByRole('heading', { name: 'Chapter 1 Getting started' })).toBeTruthy();
    expect(within(syllabus).getByRole('heading', { name: 'Chapter 2 Components' })).toBeTruthy();
    const lessons = screen.getAllByTestId('syllabus-lesson');
    expect(lessons.map((lesson) => lesson.textContent)).toEqual([
      '1Lesson 1 Why VueVideo5m 30sFree trial',
      '2Lesson 2 Slides of the setupSlides',
      '3Lesson 3 Live Q&ALive replay1h',
    ]);
    // A visitor tries the free lesson; locked lessons lead nowhere and say so.
    expect(within(lessons[0]!).getByRole('link').getAttribute('href')).toBe('/lessons/11/try/play');
    expect(within(lessons[1]!).queryByRole('link')).toBeNull();
    expect(within(lessons[1]!).getByRole('img', { name: 'Locked' })).toBeTruthy();
  });

  it('switches tabs with the arrow keys and keeps the tab in the URL', async () => {
    serve(courseDetail);
    await open();
    const about = await screen.findByRole('tab', { name: 'About' });
    fireEvent.keyDown(about, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Syllabus', selected: true })).toBe(document.activeElement);
    expect(location()).toBe('/courses/c-free?tab=syllabus');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Lecture', selected: true })).toBeTruthy();
  });

  it('previews the newest ratings under the average, linking to all of them', async () => {
    // The server answers newest first: comment 4 is the newest, comment 1 the oldest.
    const comment = (id: number) => ({
      id,
      user: { nickname: `Learner ${id}`, avatar: null },
      score: 4,
      content: `Comment ${id}`,
      createdAt: `2025-01-0${id}T00:00:00Z`,
    });
    serve(courseDetail, [
      (url) =>
        url.pathname === '/api/courses/c-free/comments/summary'
          ? jsonResponse(200, { ratingScore: 4.5, ratingCount: 4, canComment: false, reason: 'anonymous' })
          : undefined,
      (url) =>
        url.pathname === '/api/courses/c-free/comments'
          ? jsonResponse(200, { items: [4, 3, 2, 1].map(comment), total: 4, page: 1, pageSize: 10 })
          : undefined,
    ]);
    await open('/courses/c-free?tab=ratings');
    expect((await screen.findByTestId('rating-summary')).textContent).toContain('Average 4.5 from 4 ratings');
    const shown = within(screen.getByRole('list', { name: 'Ratings' })).getAllByTestId('comment-item');
    expect(
      shown.map((item) => [
        within(item).getByText(/^Learner \d$/).textContent,
        within(item).getByText(/^Comment \d$/).textContent,
      ]),
    ).toEqual([
      ['Learner 4', 'Comment 4'],
      ['Learner 3', 'Comment 3'],
      ['Learner 2', 'Comment 2'],
    ]);
    expect(screen.getByRole('link', { name: 'All ratings' }).getAttribute('href')).toBe('/courses/c-free/comments');
  });

  it('says once that a course has no ratings yet', async () => {
    serve({ ...courseDetail, ratingScore: 0, ratingCount: 0 }, [
      (url) =>
        url.pathname === '/api/courses/c-free/comments/summary'
          ? jsonResponse(200, { ratingScore: 0, ratingCount: 0, canComment: false, reason: 'anonymous' })
          : undefined,
      (url) =>
        url.pathname === '/api/courses/c-free/comments'
          ? jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 10 })
          : undefined,
    ]);
    await open('/courses/c-free?tab=ratings');
    expect(await screen.findByText('No ratings yet. Members can rate this course.')).toBeTruthy();
    expect(screen.getAllByText(/No ratings yet/)).toHaveLength(1);
    expect(screen.getByTestId('course-facts').textContent).not.toContain('rating');
  });

  it('tells a visitor to log in for member tabs, without asking the server', async () => {
    const fetchMock = serve(courseDetail);
    await open('/courses/c-free?tab=notes');
    const gate = await screen.findByTestId('member-gate');
    expect(gate.textContent).toContain('Log in to see this');
    fireEvent.click(screen.getByRole('tab', { name: 'Q&A' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Lecture' }));
    expect(screen.getByTestId('member-gate')).toBeTruthy();
    expect(callsOf(fetchMock)).toEqual(['GET /api/courses/c-free']);
  });

  it('tells a signed-in non-member to join first, without asking the server', async () => {
    session.saveUser(learner);
    const fetchMock = serve(courseDetail);
    await open('/courses/c-free?tab=lectures');
    expect((await screen.findByTestId('member-gate')).textContent).toContain('Join this course');
    // The top bar's star may ask about itself; the tabs ask nothing.
    expect(callsOf(fetchMock).filter((call) => !call.includes('/api/favourites/'))).toEqual([
      'GET /api/courses/c-free',
    ]);
  });

  it('gives a signed-in learner the favourite star, loaded apart, and a visitor none', async () => {
    serve(courseDetail);
    const visitor = await open();
    await screen.findByTestId('course-detail');
    expect(screen.queryByTestId('favourite-star')).toBeNull();
    visitor.unmount();

    session.saveUser(learner);
    await open();
    const star = await screen.findByRole('button', { name: 'Add to favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  it("lists a member's own notes, each opening the lesson at its position", async () => {
    session.saveUser(learner);
    const note = (id: number, mediaType: 'VIDEO' | 'PDF' | 'HTML', position: number | null, content: string) => ({
      id,
      lesson: { id: 10 + id, title: `Lesson ${id}`, mediaType },
      position,
      content,
      createdAt: '2025-01-02T03:04:00Z',
    });
    serve({ ...courseDetail, membership }, [
      (url) =>
        url.pathname === '/api/courses/c-free/notes'
          ? jsonResponse(200, {
              items: [
                note(1, 'VIDEO', 75, 'Props flow down'),
                note(2, 'PDF', 3, 'See the diagram'),
                note(3, 'HTML', null, 'Whole lesson'),
              ],
              total: 3,
              page: 1,
              pageSize: 10,
            })
          : undefined,
    ]);
    await open('/courses/c-free?tab=notes');
    const notes = await screen.findAllByTestId('course-note');
    expect(
      notes.map((item) =>
        within(item)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ),
    ).toEqual([
      ['/lessons/11?position=75', '/notes/1'],
      ['/lessons/12?position=3', '/notes/2'],
      ['/lessons/13', '/notes/3'],
    ]);
    expect(within(notes[0]!).getByRole('link', { name: /On Lesson 1\s*At 1:15\s*Props flow down/ })).toBeTruthy();
    expect(notes[1]!.textContent).toContain('Page 3');
    expect(notes[2]!.textContent).not.toMatch(/At |Page /);
    expect(notes[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2025-01-02T03:04:00Z');
  });

  it('tells a member without notes where they come from', async () => {
    session.saveUser(learner);
    serve({ ...courseDetail, membership }, [
      (url) =>
        url.pathname === '/api/courses/c-free/notes'
          ? jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 10 })
          : undefined,
    ]);
    await open('/courses/c-free?tab=notes');
    expect(await screen.findByText('Notes you write while studying a lesson appear here.')).toBeTruthy();
  });

  it('lists questions leading to their pages, with a button to ask one', async () => {
    session.saveUser(learner);
    serve({ ...courseDetail, membership }, [
      (url) =>
        url.pathname === '/api/courses/c-free/threads'
          ? jsonResponse(200, {
              items: [
                {
                  id: 4,
                  user: { nickname: 'Eva', avatar: null },
                  title: 'Which editor?',
                  content: 'The one in the videos',
                  replyCount: 2,
                  createdAt: '2025-01-01T00:00:00Z',
                  mine: false,
                },
              ],
              total: 1,
              page: 1,
              pageSize: 10,
            })
          : undefined,
    ]);
    await open('/courses/c-free?tab=threads');
    const thread = await screen.findByTestId('course-thread');
    expect(thread.getAttribute('href')).toBe('/courses/c-free/threads/4');
    expect(thread.textContent).toContain('2 answers');
    expect(screen.getByRole('link', { name: 'Ask a question' }).getAttribute('href')).toBe(
      '/courses/c-free/threads/new',
    );
  });

  it('shows a member whose access ended why the board is closed, without an ask button', async () => {
    session.saveUser(learner);
    serve({ ...courseDetail, membership: { ...membership, expired: true } }, [
      (url) =>
        url.pathname === '/api/courses/c-free/threads'
          ? jsonResponse(403, { code: 'memberExpired', message: 'x' })
          : undefined,
    ]);
    await open('/courses/c-free?tab=threads');
    expect((await screen.findByRole('alert')).textContent).toContain('Your learning validity has expired');
    expect(screen.queryByRole('link', { name: 'Ask a question' })).toBeNull();
  });

  it('lists lecture materials for members, each opening its own page', async () => {
    session.saveUser(learner);
    serve({ ...courseDetail, membership }, [
      (url) =>
        url.pathname === '/api/courses/c-free/lectures'
          ? jsonResponse(200, {
              items: [
                {
                  id: 1,
                  title: 'Slides',
                  fileName: 'slides.pdf',
                  size: 2_621_440,
                  url: '/api/courses/c-free/lectures/1/file',
                  viewer: 'PDF',
                },
                {
                  id: 2,
                  title: 'Exercises',
                  fileName: 'exercises.zip',
                  size: 900,
                  url: '/api/courses/c-free/lectures/2/file',
                  viewer: 'FILE',
                },
              ],
            })
          : undefined,
    ]);
    await open('/courses/c-free?tab=lectures');
    const list = await screen.findByRole('list', { name: 'Lecture materials' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/courses/c-free/lectures/1', 'Slidesslides.pdf · 2.5 MB · PDF'],
      ['/courses/c-free/lectures/2', 'Exercisesexercises.zip · 900 B · Download'],
    ]);
  });

  it('sends a visitor who joins to log in first, remembering the course', async () => {
    const fetchMock = serve(courseDetail);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Join course' }));
    expect(location()).toBe('/login');
    expect(session.lastUrl()).toBe('/courses/c-free');
    expect(callsOf(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('joins a free course and then offers to start learning at the first lesson', async () => {
    session.saveUser(learner);
    const fetchMock = serve(courseDetail);
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Join course' }));
    const start = await screen.findByRole('link', { name: 'Start learning' });
    expect(start.getAttribute('href')).toBe('/lessons/11');
    // Apart from the top bar's star, which asks about itself.
    expect(callsOf(fetchMock).filter((call) => !call.includes('/api/favourites/'))).toEqual([
      'GET /api/courses/c-free',
      'POST /api/courses/c-free/join',
      'GET /api/courses/c-free',
    ]);
    expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'You have joined this course' }));
  });

  it('continues a member at the last lesson and opens lessons from the syllabus', async () => {
    session.saveUser(learner);
    const unlocked = courseDetail.chapters.map((chapter) => ({
      ...chapter,
      lessons: chapter.lessons.map((lesson) => ({ ...lesson, locked: false, learningStatus: 'COMPLETED' as const })),
    }));
    serve({ ...courseDetail, chapters: unlocked, membership: { ...membership, lastLessonId: 13 } });
    await open();
    expect((await screen.findByRole('link', { name: 'Continue learning' })).getAttribute('href')).toBe('/lessons/13');
    // Members land on the syllabus.
    expect(screen.getByRole('tab', { name: 'Syllabus', selected: true })).toBeTruthy();
    const first = screen.getAllByTestId('syllabus-lesson')[0]!;
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/lessons/11');
    expect(first.textContent).toContain('Completed');
    // Lesson 1 is a free trial, but a member has no use for the badge.
    expect(first.textContent).not.toContain('Free trial');
    expect(screen.getByTestId('course-membership').textContent).toBe('Progress 33%');
  });

  it('sends a paid course to the order confirmation and shows the coupon', async () => {
    serve({
      ...courseDetail,
      price: { amount: 9900, original: 19900, currency: 'USD' },
      coupon: { title: 'Spring', discount: 8.5 },
    });
    await open();
    const buy = await screen.findByRole('link', { name: 'Buy now' });
    expect(buy.getAttribute('href')).toBe('/orders/confirm?type=COURSE&uid=c-free');
    expect(screen.getByTestId('course-coupon').textContent).toBe('Coupon: Spring, 15% off');
    expect(screen.getAllByTestId('price-tag')[0]!.textContent).toBe('$99.00Original price$199.00');
  });

  it('shows a disabled "coming soon" for a draft', async () => {
    serve({ ...courseDetail, status: 'DRAFT' });
    await open();
    await waitFor(() => expect(action().textContent).toBe('Coming soon'));
    expect((action() as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an unpublished course as its own page, without a passing notice', async () => {
    serve({ status: 403, code: 'courseNotPublished' });
    await open();
    expect((await screen.findByTestId('course-unavailable')).textContent).toContain(
      'This course is not published or has been closed.',
    );
    expect(screen.getByRole('link', { name: 'Browse courses' }).getAttribute('href')).toBe('/courses');
    expect(toastShow).not.toHaveBeenCalled();
  });

  it('shows a missing course as not found', async () => {
    serve({ status: 404, code: 'courseNotFound' });
    await open();
    expect((await screen.findByTestId('course-unavailable')).textContent).toContain('This course does not exist.');
  });
});

import type { LectureDetail } from '@school/contract/courses';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { jsonResponse, routedFetch } from '../../../testing/fetch-mock';
import { learner } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import LectureDetailScreen from './lecture-detail-screen';

vi.mock('../../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));
// The shared viewer has its own tests (and pdf.js); here: that the lecture hands it its file.
vi.mock('../../../components/media/pdf-viewer', () => ({
  PdfViewer: ({ url }: { url: string }) => <div data-testid="pdf-viewer" data-url={url} />,
}));

const pdf: LectureDetail = {
  id: 3,
  title: 'Course handout',
  fileName: 'handout.pdf',
  size: 2_621_440,
  url: '/api/courses/c1/lectures/3/file',
  viewer: 'PDF',
  course: { uid: 'c1', title: 'Vue from scratch' },
  pageCount: 4,
};

function serve(answer: LectureDetail | { status: number; code: string }) {
  const fetchMock = routedFetch((url) => {
    if (url.pathname !== '/api/courses/c1/lectures/3') return undefined;
    return 'code' in answer
      ? jsonResponse(answer.status, { code: answer.code, message: 'x' })
      : jsonResponse(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const open = () =>
  renderWithProviders(
    <Routes>
      <Route path="/courses/:uid/lectures/:id" element={<LectureDetailScreen />} />
    </Routes>,
    { path: '/courses/c1/lectures/3' },
  );

describe('lecture detail', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
    session.saveUser(learner);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens a PDF in the PDF viewer, with a download beside it', async () => {
    serve(pdf);
    await open();
    expect((await screen.findByTestId('pdf-viewer')).getAttribute('data-url')).toBe(pdf.url);
    expect(screen.getByRole('heading', { name: 'Course handout' })).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download Course handout (2.5 MB)' });
    expect([download.getAttribute('href'), download.getAttribute('download')]).toEqual([pdf.url, 'handout.pdf']);
  });

  it('shows a picture as the picture, described by its title', async () => {
    serve({ ...pdf, viewer: 'IMAGE', fileName: 'map.png', pageCount: null });
    await open();
    const image = await screen.findByRole('img', { name: 'Course handout' });
    expect(image.getAttribute('src')).toBe(pdf.url);
    expect(screen.queryByTestId('pdf-viewer')).toBeNull();
  });

  it('offers any other file as a download with its name and size', async () => {
    serve({ ...pdf, viewer: 'FILE', fileName: 'exercises.zip', size: 900, pageCount: null });
    await open();
    const file = await screen.findByTestId('lecture-file');
    expect(file.textContent).toContain('exercises.zip');
    expect(file.textContent).toContain('900 B');
    expect(screen.getByText('This file opens in another app once downloaded.')).toBeTruthy();
    expect(within(file).getByRole('link').getAttribute('download')).toBe('exercises.zip');
    expect(screen.queryByTestId('pdf-viewer')).toBeNull();
  });

  it('sends a learner who is not a member back to the course', async () => {
    serve({ status: 403, code: 'notCourseMember' });
    await open();
    const refused = await screen.findByTestId('member-content-refused');
    expect(refused.textContent).toContain('You are not a member of this course');
    expect(within(refused).getByRole('link', { name: 'Go to the course' }).getAttribute('href')).toBe('/courses/c1');
  });

  it('shows a removed lecture as not found', async () => {
    serve({ status: 404, code: 'notFound' });
    await open();
    expect((await screen.findByTestId('lecture-not-found')).textContent).toContain('This lecture does not exist');
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allMessages } from '../../app/messages/registry/all-messages';
import { startI18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { callsOf, jsonResponse, routedFetch } from '../../testing/fetch-mock';
import { learner } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render-with-providers';
import { FavouriteStarSlot } from './favourite-star-slot';

const toastShow = vi.hoisted(() => vi.fn());
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show: toastShow } }));
vi.mock('../../lib/antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

const path = '/api/favourites/COURSE/sql-essentials';

/**
 * A server whose star for the course is `starred`, and whose writes answer `writeStatus` once
 * `writesHeld` (if given) resolves.
 */
function server(starred: boolean, writeStatus = 204, writesHeld?: Promise<void>) {
  let current = starred;
  const write = async (method: string) => {
    await writesHeld;
    if (writeStatus !== 204) return jsonResponse(writeStatus, { code: 'courseNotPublished', message: 'x' });
    current = method === 'PUT';
    return new Response(null, { status: 204 });
  };
  return routedFetch((url, init) => {
    if (url.pathname !== path) return undefined;
    const method = init?.method ?? 'GET';
    return method === 'GET' ? jsonResponse(200, { favourite: current }) : write(method);
  });
}

describe('the favourite star', () => {
  beforeEach(() => {
    localStorage.clear();
    toastShow.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a visitor nothing and asks nothing', async () => {
    const fetchMock = server(false);
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderWithProviders(<FavouriteStarSlot type="COURSE" uid="sql-essentials" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.innerHTML).toBe('');
    expect(callsOf(fetchMock)).toEqual([]);
  });

  it('stars and unstars at once, saying so each time', async () => {
    session.saveUser(learner);
    let release = () => {};
    const fetchMock = server(false, 204, new Promise<void>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithProviders(<FavouriteStarSlot type="COURSE" uid="sql-essentials" />);

    const star = await screen.findByRole('button', { name: 'Add to favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    // Pressed while the server has not answered yet.
    expect((await screen.findByRole('button', { name: 'Remove from favourites' })).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(toastShow).not.toHaveBeenCalled();
    release();
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Added to favourites' })),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove from favourites' }));
    expect((await screen.findByRole('button', { name: 'Add to favourites' })).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: 'Removed from favourites' })),
    );
    expect(callsOf(fetchMock).filter((call) => !call.startsWith('GET'))).toEqual([`PUT ${path}`, `DELETE ${path}`]);
  });

  it('turns back when the server refuses', async () => {
    session.saveUser(learner);
    vi.stubGlobal('fetch', server(false, 403));
    await renderWithProviders(<FavouriteStarSlot type="COURSE" uid="sql-essentials" />);

    fireEvent.click(await screen.findByRole('button', { name: 'Add to favourites' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add to favourites' }).getAttribute('aria-pressed')).toBe('false'),
    );
    expect(toastShow).not.toHaveBeenCalledWith(expect.objectContaining({ content: 'Added to favourites' }));
  });

  it('speaks Chinese', async () => {
    session.saveUser(learner);
    vi.stubGlobal('fetch', server(true));
    await renderWithProviders(<FavouriteStarSlot type="COURSE" uid="sql-essentials" />);
    await screen.findByRole('button', { name: 'Remove from favourites' });
    await act(() => startI18n('cn', async () => allMessages.cn));
    expect(screen.getByRole('button', { name: '取消收藏' }).getAttribute('aria-pressed')).toBe('true');
  });
});

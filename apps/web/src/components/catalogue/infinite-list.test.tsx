import type { Page } from '@school/contract/common';
import { useInfiniteQuery } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { bringObservedIntoView } from '../../testing/intersection-observer';
import { renderWithProviders } from '../../testing/render-with-providers';
import { InfiniteList } from './infinite-list';
import { nextPageParam } from './page-param';

type Fetcher = (page: number) => Promise<Page<string>>;

function Fruits({ fetchPage }: { fetchPage: Fetcher }) {
  const query = useInfiniteQuery({
    queryKey: ['fruits'],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
  return (
    <InfiniteList
      query={query}
      label="Fruits"
      itemKey={(item) => item}
      renderItem={(item) => <span>{item}</span>}
      skeleton={<div data-testid="skeleton" />}
    />
  );
}

describe('InfiniteList', () => {
  it('shows the skeleton, then the items and the end of the list', async () => {
    let resolve: (page: Page<string>) => void = () => {};
    const fetchPage = vi.fn<Fetcher>(() => new Promise((r) => (resolve = r)));
    await renderWithProviders(<Fruits fetchPage={fetchPage} />);
    expect(screen.getByTestId('skeleton')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    resolve({ items: ['apple', 'pear'], total: 2, page: 1, pageSize: 20 });
    const list = await screen.findByRole('list', { name: 'Fruits' });
    expect(list.textContent).toBe('applepear');
    expect(screen.getByText('No more')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('says when there is more to load', async () => {
    await renderWithProviders(
      <Fruits fetchPage={async (page) => ({ items: [`fruit ${page}`], total: 3, page, pageSize: 1 })} />,
    );
    await screen.findByText('fruit 1');
    expect(screen.getByText('Loading more…')).toBeTruthy();
  });

  it('shows the empty state when there is nothing', async () => {
    await renderWithProviders(<Fruits fetchPage={async () => ({ items: [], total: 0, page: 1, pageSize: 20 })} />);
    expect(await screen.findByText('Nothing here yet')).toBeTruthy();
  });

  it('shows the error with its catalogue text and tries again', async () => {
    const fetchPage = vi
      .fn<Fetcher>()
      .mockRejectedValueOnce(new ApiError('courseNotFound', 404))
      .mockResolvedValue({ items: ['kiwi'], total: 1, page: 1, pageSize: 20 });
    await renderWithProviders(<Fruits fetchPage={fetchPage} />);
    expect(await screen.findByText('Course not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('kiwi')).toBeTruthy();
  });

  it(
    'wraps the list in antd-mobile PullToRefresh once the page is idle, keeping its texts ours',
    { timeout: 20_000 },
    async () => {
      const { container } = await renderWithProviders(
        <Fruits fetchPage={async () => ({ items: ['fig'], total: 1, page: 1, pageSize: 20 })} />,
      );
      await screen.findByText('fig');
      // The list paints and scrolls before the gesture code arrives.
      expect(container.querySelector('.adm-pull-to-refresh')).toBeNull();
      // The gesture code is a chunk of its own: its first import may take seconds on a busy machine.
      await vi.waitFor(() => expect(container.querySelector('.adm-pull-to-refresh')).not.toBeNull(), {
        timeout: 10_000,
      });
      expect(container.querySelector('.adm-pull-to-refresh-content')?.textContent).toContain('fig');
      expect(container.querySelector('.adm-pull-to-refresh-head')?.textContent).toBe('Pull down to refresh');
    },
  );

  it('asks for the next page when the end comes near, and again while it stays near', async () => {
    const fetchPage = vi.fn<Fetcher>(async (page) => ({ items: [`fruit ${page}`], total: 3, page, pageSize: 1 }));
    await renderWithProviders(<Fruits fetchPage={fetchPage} />);
    await screen.findByText('fruit 1');
    // Nothing more is asked for until the end is near.
    expect(fetchPage).toHaveBeenCalledTimes(1);
    act(() => bringObservedIntoView());
    expect(await screen.findByText('fruit 3')).toBeTruthy();
    expect(screen.getByText('No more')).toBeTruthy();
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  it('offers a retry when the next page fails, without asking again by itself', async () => {
    const fetchPage = vi
      .fn<Fetcher>()
      .mockResolvedValueOnce({ items: ['fig'], total: 2, page: 1, pageSize: 1 })
      .mockRejectedValueOnce(new ApiError('internalServerError', 500))
      .mockResolvedValue({ items: ['plum'], total: 2, page: 2, pageSize: 1 });
    await renderWithProviders(<Fruits fetchPage={fetchPage} />);
    await screen.findByText('fig');
    act(() => bringObservedIntoView());
    fireEvent.click(await screen.findByRole('button', { name: 'Loading failed, tap to try again' }));
    expect(await screen.findByText('plum')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });
});

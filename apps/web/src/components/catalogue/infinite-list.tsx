import type { Page } from '@school/contract/common';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { isApiError } from '../../lib/api-error';
import { translateIfKnown, useTranslation } from '../../lib/i18n';
import { useNearViewport } from '../../lib/use-near-viewport';
import { LoadingRegion } from '../ui/skeleton';
import { EmptyState, ErrorState } from '../ui/state-message';
import { itemsOfPages } from './page-param';
import { PullToRefreshWhenIdle } from './pull-to-refresh-when-idle';

/**
 * An item is laid out and painted only once it comes near the viewport (a long list, often
 * server-rendered whole, costs a slow phone no work below the fold); until then it counts as a
 * card's height, and once seen as its own. The clip margin keeps the card's shadow, which
 * paint containment would cut at the item's edge.
 */
const offscreenUntilNear =
  '[content-visibility:auto] [contain-intrinsic-size:auto_7rem] [overflow-clip-margin:0.25rem]';

/** How close to the viewport the list's end is when the next page is asked for. */
const loadAhead = '250px';

type ListQuery<T> = UseInfiniteQueryResult<InfiniteData<Page<T>>>;

/**
 * The list's end: asks for the next page when it comes near the viewport (again after each page,
 * while it is still near), and says whether more is loading, the list is complete, or loading
 * failed (with a retry). antd-mobile's InfiniteScroll did this for 5 KB gzip of every list's
 * first screen (its config provider, Chinese texts and lodash's throttle); an observer is enough.
 */
function ListEnd<T>({ query }: { query: ListQuery<T> }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const near = useNearViewport(end, loadAhead);
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  // The page count is a dependency too: React may never render the fetch in between, and the
  // end still near after a page arrived must ask for the next one.
  const pageCount = query.data?.pages.length ?? 0;
  useEffect(() => {
    // Not while any fetch runs: a next page asked for during a refresh would cancel the refresh.
    if (near && hasNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage();
  }, [near, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage, pageCount]);

  return (
    <div ref={end} role="status" className="py-3 text-center text-xs text-ink-muted">
      {isFetchNextPageError ? (
        <button type="button" onClick={() => void fetchNextPage()} className="text-brand-strong underline">
          {t('catalogue.list.loadFailed')}
        </button>
      ) : hasNextPage ? (
        t('catalogue.list.loading')
      ) : (
        t('catalogue.list.noMore')
      )}
    </div>
  );
}

interface InfiniteListProps<T> {
  query: ListQuery<T>;
  renderItem(item: T, index: number): ReactNode;
  itemKey(item: T): string | number;
  /** Names the list for screen readers. */
  label: string;
  /** Placeholders shown while the first page loads (sized like the real items). */
  skeleton: ReactNode;
  /** Shown when the list has no items at all. */
  empty?: ReactNode;
  /** Pull-to-refresh; off where the list sits inside another scrolling page section. */
  refreshable?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A paginated list: skeleton first, then items with more loaded as the end scrolls into view,
 * pull-to-refresh on top (its code arrives once the page is idle), the empty state when there
 * is nothing, the error state with a retry when the first page fails. The texts come from our
 * catalogues: antd-mobile's defaults are Chinese only.
 */
export function InfiniteList<T>({
  query,
  renderItem,
  itemKey,
  label,
  skeleton,
  empty,
  refreshable = true,
  className = '',
  testId = 'infinite-list',
}: InfiniteListProps<T>) {
  const { t } = useTranslation();

  if (query.isPending) return <LoadingRegion>{skeleton}</LoadingRegion>;
  if (query.isError && !query.data) {
    const error = query.error;
    const description = isApiError(error) && error.code ? translateIfKnown(`error.${error.code}`) : undefined;
    return <ErrorState description={description} onRetry={() => void query.refetch()} />;
  }

  const items = itemsOfPages(query.data?.pages);
  if (items.length === 0) return <>{empty ?? <EmptyState />}</>;

  const list = (
    <>
      <ul aria-label={label} className={className} data-testid={testId}>
        {items.map((item, index) => (
          <li key={itemKey(item)} className={offscreenUntilNear}>
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
      <ListEnd query={query} />
    </>
  );

  if (!refreshable) return list;
  return (
    <PullToRefreshWhenIdle
      onRefresh={() => query.refetch()}
      pullingText={t('catalogue.pull.pulling')}
      canReleaseText={t('catalogue.pull.canRelease')}
      refreshingText={t('catalogue.pull.refreshing')}
      completeText={t('catalogue.pull.complete')}
    >
      {list}
    </PullToRefreshWhenIdle>
  );
}

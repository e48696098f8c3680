import type { Page } from '@school/contract/common';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import type { ReactNode } from 'react';
import { translateIfKnown, useTranslation } from '../../lib/i18n';
import { isApiError } from '../../lib/api-error';
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

interface InfiniteListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
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
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          // Throwing lets InfiniteScroll show its failed state with a retry.
          await query.fetchNextPage({ throwOnError: true });
        }}
      >
        {(hasMore, failed, retry) => (
          <div role="status" className="py-3 text-center text-xs text-ink-muted">
            {failed ? (
              <button type="button" onClick={retry} className="text-brand-strong underline">
                {t('catalogue.list.loadFailed')}
              </button>
            ) : hasMore ? (
              t('catalogue.list.loading')
            ) : (
              t('catalogue.list.noMore')
            )}
          </div>
        )}
      </InfiniteScroll>
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

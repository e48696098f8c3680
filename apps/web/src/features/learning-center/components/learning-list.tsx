import type { Page } from '@school/contract/common';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '../../../components/ui/router-link';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { BookIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';

/** The first covers a phone shows above the fold load at once; the rest when scrolled to. */
const eagerCards = 2;

interface LearningListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** Names the list (a heading for the outline, the list's label for screen readers). */
  label: string;
  itemKey(item: T): string;
  renderItem(item: T, eager: boolean): ReactNode;
  /** The empty state: what is missing, and a way to the catalogue to find some. */
  empty: { title: string; hint: string; discover: string; to: string };
  testId: string;
}

/** One tab's list: skeleton cards, endless pages with pull-to-refresh, or the empty state. */
export function LearningList<T>({ query, label, itemKey, renderItem, empty, testId }: LearningListProps<T>) {
  return (
    <>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3. */}
      <h2 className="sr-only">{label}</h2>
      <InfiniteList
        query={query}
        label={label}
        itemKey={itemKey}
        renderItem={(item, index) => renderItem(item, index < eagerCards)}
        className="space-y-3 p-3"
        testId={testId}
        skeleton={
          <div className="space-y-3 p-3">
            {Array.from({ length: 3 }, (_, index) => (
              <LearningCardSkeleton key={index} />
            ))}
          </div>
        }
        empty={
          <StateMessage
            icon={<BookIcon />}
            title={empty.title}
            description={empty.hint}
            action={
              <Link
                to={empty.to}
                className="inline-block rounded-full bg-brand-strong px-6 py-2 text-sm font-medium text-on-brand active:opacity-80"
                data-testid="learning-discover"
              >
                {empty.discover}
              </Link>
            }
          />
        }
      />
    </>
  );
}

/** A card's placeholder while the first page loads: the same boxes, so nothing jumps. */
function LearningCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-card bg-surface p-3 shadow-card">
      <div className="flex gap-3">
        <div className="aspect-video w-[min(8.5rem,42%)] shrink-0 animate-pulse rounded-lg bg-line" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="h-4 w-4/5 animate-pulse rounded bg-line" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-line" />
          <div className="h-3 w-2/5 animate-pulse rounded bg-line" />
        </div>
      </div>
      <div className="mt-3 h-1.5 animate-pulse rounded-full bg-line" />
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from '../ui/router-link';

interface ArticleCardProps {
  /** In-app path of the article. */
  to: string;
  title: string;
  summary?: string | undefined;
  /** Articles may have no picture: the text then takes the whole width. */
  cover: string | null;
  /** The byline (author, time, views) in the caller's words. */
  meta?: ReactNode;
  /** Above the fold: load the cover at once. */
  eager?: boolean;
  testId?: string;
}

/**
 * A news article linking to its page. Every card has the same height, with or without a cover,
 * so skeletons match and nothing shifts as pictures arrive; the cover's alt is empty because
 * the title is the link's name.
 */
export function ArticleCard({
  to,
  title,
  summary,
  cover,
  meta,
  eager = false,
  testId = 'article-card',
}: ArticleCardProps) {
  return (
    <Link
      to={to}
      data-testid={testId}
      className="flex h-[6.75rem] gap-3 rounded-card bg-surface p-3 shadow-card active:bg-canvas"
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-ink">{title}</h3>
        {summary ? <p className="mt-0.5 truncate text-xs text-ink-muted">{summary}</p> : null}
        {meta ? <div className="mt-auto truncate text-xs text-ink-subtle">{meta}</div> : null}
      </div>
      {cover ? (
        <div className="relative aspect-[4/3] h-full shrink-0 overflow-hidden rounded-lg bg-line">
          <img
            src={cover}
            alt=""
            width={280}
            height={210}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        </div>
      ) : null}
    </Link>
  );
}

/** The placeholder of an ArticleCard: same height, so the list does not jump when it loads. */
export function ArticleCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-[6.75rem] gap-3 rounded-card bg-surface p-3 shadow-card">
      <div className="flex flex-1 flex-col gap-2">
        <div className="h-4 w-4/5 animate-pulse rounded bg-line" />
        <div className="h-3 w-3/5 animate-pulse rounded bg-line" />
        <div className="mt-auto h-3 w-2/5 animate-pulse rounded bg-line" />
      </div>
      <div className="aspect-[4/3] h-full shrink-0 animate-pulse rounded-lg bg-line" />
    </div>
  );
}

import type { Price } from '@school/contract/catalogue';
import type { ProductType } from '@school/contract/orders';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useOwns } from '../../lib/use-owned-products';
import { Link } from '../ui/router-link';
import { PriceTag } from './price-tag';

interface ProductCardProps {
  /** In-app path of the product's detail page. */
  to: string;
  /** Null for a product without a picture (some search hits): the box stays, empty. */
  cover: string | null;
  title: string;
  subtitle?: string | undefined;
  /** A line under the title: lesson count, students, start time… (the caller's words). */
  meta?: ReactNode;
  /** Omit for products without a price line. */
  price?: Price | undefined;
  /** The product, so a learner who holds it reads Joined in place of the price. */
  product?: { type: ProductType; uid: string } | undefined;
  /** Something shown at the end of the price line (a "coming soon" badge…). */
  badge?: ReactNode;
  /** Above the fold: load the cover at once (the first cards of a list are the page's LCP). */
  eager?: boolean;
  layout?: 'row' | 'column';
  testId?: string;
}

/**
 * A catalogue item linking to its detail page. The cover keeps a fixed 16:9 box so the list
 * does not shift while images arrive; its alt is empty because the title is the link's name.
 */
export function ProductCard({
  to,
  cover,
  title,
  subtitle,
  meta,
  price,
  product,
  badge,
  eager = false,
  layout = 'row',
  testId = 'product-card',
}: ProductCardProps) {
  const { t } = useTranslation();
  const row = layout === 'row';
  const owned = useOwns(product);
  return (
    <Link
      to={to}
      data-testid={testId}
      className={`flex gap-3 rounded-card bg-surface p-3 shadow-card active:bg-canvas ${row ? 'flex-row' : 'flex-col'}`}
    >
      <div
        className={`relative aspect-video shrink-0 overflow-hidden rounded-lg bg-line ${row ? 'w-[min(8.5rem,42%)]' : 'w-full'}`}
      >
        {cover ? (
          <img
            src={cover}
            alt=""
            width={320}
            height={180}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-ink">{title}</h3>
        {subtitle ? <p className="mt-0.5 truncate text-xs text-ink-muted">{subtitle}</p> : null}
        {meta ? <div className="mt-1 text-xs text-ink-muted">{meta}</div> : null}
        {price || badge ? (
          <div className="mt-auto flex items-center justify-between gap-2 pt-1">
            {owned ? (
              <span className="text-sm font-semibold text-success" data-testid="owned-tag">
                {t('catalogue.joined')}
              </span>
            ) : price ? (
              <PriceTag price={price} />
            ) : (
              <span />
            )}
            {badge}
          </div>
        ) : null}
      </div>
    </Link>
  );
}

/** The placeholder of a ProductCard while a list loads: same boxes, so nothing jumps. */
export function ProductCardSkeleton({ layout = 'row' }: { layout?: 'row' | 'column' }) {
  const row = layout === 'row';
  return (
    <div
      aria-hidden="true"
      className={`flex gap-3 rounded-card bg-surface p-3 shadow-card ${row ? 'flex-row' : 'flex-col'}`}
    >
      <div
        className={`aspect-video shrink-0 animate-pulse rounded-lg bg-line ${row ? 'w-[min(8.5rem,42%)]' : 'w-full'}`}
      />
      <div className="flex flex-1 flex-col gap-2">
        <div className="h-4 w-4/5 animate-pulse rounded bg-line" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-line" />
        <div className="mt-auto h-4 w-1/4 animate-pulse rounded bg-line" />
      </div>
    </div>
  );
}

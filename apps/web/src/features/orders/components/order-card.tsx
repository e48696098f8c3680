import type { Order } from '@school/contract/orders';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { href } from '../../../config/route-paths';
import { formatPrice, isoDateMinutes } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { refundPayoutMessageIds } from '../logic/order-text';
import { OrderCover } from './order-product';
import { ProductRowSkeleton } from './order-screen-states';
import { OrderStatusBadge } from './order-status-badge';

/**
 * An order in the list: product cover and title, state, amount and when it was made. The title's
 * link covers the whole card (the order's page); an unpaid order's Pay shortcut sits above it.
 */
export function OrderCard({ order, eager = false }: { order: Order; eager?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const detail = href('orderDetail', { tradeNo: order.tradeNo });
  return (
    <article
      aria-labelledby={titleId}
      className="relative rounded-card bg-surface p-3 shadow-card has-[a:active]:bg-canvas"
      data-testid="order-card"
    >
      <div className="mb-2 flex items-center justify-between gap-2 text-xs text-ink-muted">
        <span className="truncate tabular-nums">
          {t('orders.list.createdAt', { time: isoDateMinutes(order.createdAt) })}
        </span>
        <span className="flex shrink-0 items-center gap-2">
          {order.refund?.payout ? (
            <span className="font-medium text-brand-strong" data-testid="order-refund-payout">
              {t(refundPayoutMessageIds[order.refund.payout])}
            </span>
          ) : null}
          <OrderStatusBadge status={order.status} />
        </span>
      </div>
      <div className="flex gap-3">
        <OrderCover src={order.product.cover} eager={eager} />
        <div className="flex min-w-0 flex-1 flex-col justify-between">
          <h3 id={titleId} className="line-clamp-2 text-sm leading-snug font-semibold text-ink">
            <Link to={detail} className="after:absolute after:inset-0 after:rounded-card" data-testid="order-link">
              {order.product.title}
            </Link>
          </h3>
          {/* The button goes under the price when a large text size leaves it no room beside it. */}
          <div className="flex flex-wrap items-end justify-between gap-2">
            <p className="text-sm">
              <span className="sr-only">{t('orders.list.payable')} </span>
              <span className="font-semibold text-danger tabular-nums">
                {formatPrice(order.payable, order.currency, locale)}
              </span>
            </p>
            {order.status === 'CREATED' ? (
              <Link
                to={detail}
                aria-describedby={titleId}
                // A small pill, tapped over 44 px: its hit area reaches past its edges.
                className="relative z-10 shrink-0 rounded-full bg-brand-strong px-3 py-1.5 text-xs font-medium text-on-brand before:absolute before:-inset-x-1 before:-inset-y-2 active:opacity-80"
                data-testid="order-pay-shortcut"
              >
                {t('orders.list.payNow')}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </article>
  );
}

/** A card's placeholder while the first page loads: the same boxes, so nothing jumps. */
export function OrderCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-card bg-surface p-3 shadow-card">
      <div className="mb-2 h-3 w-1/2 animate-pulse rounded bg-line" />
      <ProductRowSkeleton />
    </div>
  );
}

import type { OrderProduct } from '@school/contract/orders';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { productPath } from '../logic/order-text';

/** A product's small 16:9 cover; decorative (the title beside it names the product). */
export function OrderCover({ src, eager }: { src: string; eager: boolean }) {
  return (
    <div className="relative aspect-video w-[min(7.5rem,38%)] shrink-0 overflow-hidden rounded-lg bg-line">
      <img
        src={src}
        alt=""
        width={320}
        height={180}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
    </div>
  );
}

/**
 * The product of an order: a small cover, its kind and its title (a link to its page when
 * `linked` and it still exists), with whatever the screen adds under the title.
 */
export function OrderProductRow({
  product,
  linked = false,
  children,
}: {
  product: OrderProduct;
  linked?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const path = linked ? productPath(product) : null;
  return (
    <div className="flex gap-3" data-testid="order-product">
      <OrderCover src={product.cover} eager />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="self-start rounded bg-canvas px-1.5 text-xs leading-5 text-ink-muted">
          {t(`orders.product.type.${product.type}`)}
        </span>
        <p className="line-clamp-2 text-sm leading-snug font-semibold text-ink" data-testid="order-product-title">
          {path ? (
            <Link to={path} className="underline-offset-2 active:underline">
              {product.title}
            </Link>
          ) : (
            product.title
          )}
        </p>
        {children}
      </div>
    </div>
  );
}

import type { Currency } from '@school/contract/enums';
import type { MyCoupon, MyCouponStatus } from '@school/contract/my-coupons';
import { useId } from 'react';
import { Link } from '../../../components/ui/router-link';
import { href } from '../../../config/route-paths';
import { isoDateMinutes } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLocale } from '../../../lib/use-locale';
import { couponSaving, couponUsePath, couponValidity, savingFontRem } from '../logic/coupon-text';

/** A small link that is tapped over 44 px: its hit area reaches past its edges. */
const pillClass =
  'relative shrink-0 rounded-full px-3 py-1.5 text-xs font-medium before:absolute before:-inset-x-1 before:-inset-y-2 active:opacity-80';

/**
 * One coupon: what it saves, large, on the left stub; its title, what it applies to and until
 * when on the right; below, the way on — Use it (to the product, or the list of the kind it
 * covers), or the order that holds or used it. An expired one is greyed and leads nowhere.
 */
export function CouponCard({
  coupon,
  status,
  currency,
}: {
  coupon: MyCoupon;
  status: MyCouponStatus;
  currency: Currency;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const savingParts = couponSaving(coupon, currency, locale);
  const saving = typeof savingParts === 'string' ? savingParts : t(savingParts.id, savingParts.values);
  const validity = couponValidity(coupon, status);
  const { product, type } = coupon.appliesTo;
  const expired = status === 'expired';
  const order = coupon.usedBy ?? coupon.heldBy;
  return (
    <article
      aria-labelledby={titleId}
      className={`flex overflow-hidden rounded-card shadow-card ${expired ? 'bg-canvas' : 'bg-surface'}`}
      data-testid="coupon-card"
      data-status={status}
    >
      {/* 6rem wide less 0.75rem of padding: the room savingFontRem sizes the saving for. */}
      <div
        className={`flex w-24 shrink-0 items-center justify-center border-r border-dashed px-1.5 py-3 text-center ${
          expired ? 'border-line bg-line/60 text-ink-muted' : 'border-danger/30 bg-danger/10 text-danger'
        }`}
      >
        <span
          className="leading-tight font-bold break-keep tabular-nums"
          style={{ fontSize: `${savingFontRem(saving)}rem` }}
          data-testid="coupon-saving"
        >
          {saving}
        </span>
      </div>
      <div className="min-w-0 flex-1 px-3 py-2.5">
        <h3
          id={titleId}
          className={`line-clamp-2 text-[0.9375rem] leading-snug font-semibold ${expired ? 'text-ink-muted' : 'text-ink'}`}
        >
          {coupon.title}
        </h3>
        <p className="mt-0.5 line-clamp-2 text-xs break-words text-ink-muted" data-testid="coupon-applies-to">
          {product ? t('coupons.forProduct', { title: product.title }) : t(`coupons.for.${type}`)}
        </p>
        <p className="text-xs text-ink-muted tabular-nums" data-testid="coupon-validity">
          {t(validity.id, validity.values)}
        </p>
        {expired ? null : (
          <div className="mt-2 flex min-h-8 items-center justify-between gap-2">
            <span className="min-w-0 text-xs text-ink-muted" data-testid="coupon-state">
              {coupon.usedBy ? (
                <span className="tabular-nums">
                  {t('coupons.usedOn', { time: isoDateMinutes(coupon.usedBy.paidAt) })}
                </span>
              ) : coupon.heldBy ? (
                <span className="font-medium text-warning">{t('coupons.held')}</span>
              ) : null}
            </span>
            {order ? (
              <Link
                to={href('orderDetail', { tradeNo: order.tradeNo })}
                aria-describedby={titleId}
                className={`${pillClass} border border-brand-strong text-brand-strong`}
                data-testid="coupon-order"
              >
                {t('coupons.viewOrder')}
              </Link>
            ) : (
              <Link
                to={couponUsePath(coupon)}
                aria-describedby={titleId}
                className={`${pillClass} bg-brand-strong text-on-brand`}
                data-testid="coupon-use"
              >
                {t('coupons.useIt')}
              </Link>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/** A card's placeholder while the first page loads: the same boxes, so nothing jumps. */
export function CouponCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-[6.5rem] overflow-hidden rounded-card bg-surface shadow-card">
      <div className="w-24 shrink-0 animate-pulse bg-line" />
      <div className="flex-1 space-y-2 p-3">
        <div className="h-4 w-3/4 animate-pulse rounded bg-line" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-line" />
        <div className="h-3 w-2/5 animate-pulse rounded bg-line" />
      </div>
    </div>
  );
}

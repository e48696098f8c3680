import type { OrderConfirmation, ProductType, UsableCoupon } from '@school/contract/orders';
import { useRef, useState, type ReactNode } from 'react';
import { translateIfKnown, useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { PriceTag } from '../../../components/catalogue/price-tag';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { InfoIcon, ReceiptIcon } from '../../../components/ui/icons';
import { EmptyState, ErrorState, StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { isApiError } from '../../../lib/api-error';
import { formatPrice } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { useOrderConfirmation } from '../api/get-order-confirmation';
import { useCreateOrder } from '../api/order-mutations';
import { couponDeal, couponValidity, productPath, productTypeList, validityText } from '../logic/order-text';
import { OrderProductRow } from './order-product';
import { OrderScreenSkeleton } from './order-screen-states';
import {
  barSpaceClass,
  choiceClass,
  primaryButtonClass,
  radioClass,
  sectionClass,
  sectionTitleClass,
  stateActionClass,
} from './order-styles';
import { PayBar } from './pay-bar';
import { PaymentMethodPicker } from './payment-method-picker';
import { AmountRow, AmountRows } from './amount-rows';
import { usePaymentMethod, usePayOrder } from '../logic/use-pay-order';
import { newIdempotencyKey } from '../logic/idempotency-key';

/** `undefined`: the learner has not chosen, so the best (first) coupon applies. */
type CouponChoice = number | null | undefined;

function CouponPicker({
  confirmation,
  value,
  onChange,
}: {
  confirmation: OrderConfirmation;
  value: number | null;
  onChange(id: number | null): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { currency } = confirmation.price;
  const option = (id: number | null, body: ReactNode) => (
    <label key={id ?? 'none'} className={choiceClass} data-testid="coupon-option">
      <span className="min-w-0 flex-1">{body}</span>
      <input
        type="radio"
        name="coupon"
        value={id ?? ''}
        checked={value === id}
        onChange={() => onChange(id)}
        className={radioClass}
      />
    </label>
  );
  const deal = (coupon: UsableCoupon) => {
    const text = couponDeal(coupon, currency, locale);
    return typeof text === 'string' ? text : t(text.id, text.values);
  };
  return (
    // The white box is a div: a fieldset paints its background from the middle of its legend.
    <div className={sectionClass}>
      <fieldset data-testid="coupons">
        <legend className={sectionTitleClass}>{t('orders.coupon.label')}</legend>
        <div className="space-y-2">
          {confirmation.coupons.map((coupon) => {
            const validity = couponValidity(coupon);
            return option(
              coupon.id,
              <>
                <span className="flex items-baseline gap-2">
                  <span className="text-[0.9375rem] font-semibold text-danger">{deal(coupon)}</span>
                  <span className="truncate text-sm text-ink">{coupon.title}</span>
                </span>
                <span className="block text-xs text-ink-muted">
                  {t(validity.id, validity.values)} ·{' '}
                  {t('orders.coupon.saving', { amount: formatPrice(coupon.saving, currency, locale) })}
                </span>
              </>,
            );
          })}
          {option(null, <span className="text-[0.9375rem] text-ink">{t('orders.coupon.none')}</span>)}
        </div>
      </fieldset>
    </div>
  );
}

function ConfirmationView({
  confirmation,
  type,
  uid,
}: {
  confirmation: OrderConfirmation;
  type: ProductType;
  uid: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [couponChoice, setCouponChoice] = useState<CouponChoice>(undefined);
  const { offered, method, setMethod } = usePaymentMethod(confirmation.methods);
  const create = useCreateOrder();
  const payment = usePayOrder();
  const [owned, setOwned] = useState(false);
  // One key per request, made on the first tap: a double tap or a retry sends the same, and the
  // server answers the same order. The key names the coupon too (the server refuses it with
  // another, orderKeyReused): a different coupon is a new request with a new key.
  const idempotencyKey = useRef<{ key: string; couponId: number | null } | null>(null);
  const working = useRef(false);

  const { price, coupons, product } = confirmation;
  const couponId = couponChoice === undefined ? (coupons[0]?.id ?? null) : couponChoice;
  const coupon = coupons.find((candidate) => candidate.id === couponId) ?? null;
  const saving = coupon?.saving ?? 0;
  const payable = Math.max(0, price.amount - saving);
  const money = (cents: number) => formatPrice(cents, price.currency, locale);
  const busy = create.isPending || payment.busy;
  const validity = product.validity ? validityText(product.validity) : null;

  async function onPay() {
    if (working.current || method === null) return;
    working.current = true;
    try {
      if (idempotencyKey.current?.couponId !== couponId)
        idempotencyKey.current = { key: newIdempotencyKey(), couponId };
      const order = await create.mutateAsync({
        productType: type,
        uid,
        couponId,
        idempotencyKey: idempotencyKey.current.key,
      });
      await payment.pay(order.tradeNo, method);
    } catch (error) {
      // The API client has told the learner; "already yours" also gets its way back.
      if (isApiError(error) && error.code === 'memberExisted') setOwned(true);
    } finally {
      working.current = false;
    }
  }

  if (owned) return <Owned type={type} uid={uid} />;

  return (
    <div className={barSpaceClass}>
      {confirmation.unpaidTradeNo ? (
        <p
          className="flex items-start gap-2 bg-brand-soft px-4 py-2 text-sm text-brand-strong"
          data-testid="unpaid-notice"
        >
          <InfoIcon className="mt-0.5 shrink-0" />
          <span>
            {t('orders.confirm.unpaid')}{' '}
            <Link to={href('orderDetail', { tradeNo: confirmation.unpaidTradeNo })} className="font-medium underline">
              {t('orders.confirm.viewUnpaid')}
            </Link>
          </span>
        </p>
      ) : null}
      <section aria-labelledby="confirm-product" className={sectionClass}>
        <h2 id="confirm-product" className="sr-only">
          {t(`orders.product.type.${product.type}`)}
        </h2>
        <OrderProductRow product={product}>
          {validity ? (
            <p className="text-xs text-ink-muted" data-testid="confirm-validity">
              {/* One of four ids (the compiler knows them), each with its own values: checked by validityText's tests. */}
              {t(validity.id, validity.values)}
            </p>
          ) : null}
          <PriceTag price={price} />
        </OrderProductRow>
      </section>
      {coupons.length ? <CouponPicker confirmation={confirmation} value={couponId} onChange={setCouponChoice} /> : null}
      <PaymentMethodPicker methods={offered} value={method} onChange={setMethod} />
      <section aria-labelledby="confirm-summary" className={sectionClass} data-testid="confirm-summary">
        <h2 id="confirm-summary" className={sectionTitleClass}>
          {t('orders.summary.label')}
        </h2>
        <AmountRows>
          <AmountRow label={t('orders.summary.price')} value={money(price.amount)} />
          {saving > 0 ? (
            <AmountRow label={t('orders.summary.discount')} value={`-${money(saving)}`} testId="confirm-saving" />
          ) : null}
          <AmountRow label={t('orders.summary.payable')} value={money(payable)} strong testId="confirm-payable" />
        </AmountRows>
        <p className="mt-2 text-xs text-ink-muted">{t('orders.confirm.note')}</p>
        {/* The school's refund rules, told before paying. */}
        <p className="mt-1 text-xs text-ink-muted" data-testid="confirm-refund-policy">
          {confirmation.refundPolicy.days === 0
            ? t('orders.confirm.noRefunds')
            : t(
                confirmation.refundPolicy.partial
                  ? 'orders.confirm.refundPolicyPartial'
                  : 'orders.confirm.refundPolicy',
                {
                  count: confirmation.refundPolicy.days,
                },
              )}
        </p>
      </section>
      <PayBar
        aside={
          <p className="text-sm text-ink">
            {t('orders.summary.payable')}{' '}
            <span className="text-lg font-semibold text-danger" data-testid="bar-payable">
              {money(payable)}
            </span>
          </p>
        }
      >
        <button
          type="button"
          onClick={() => void onPay()}
          disabled={busy || method === null}
          aria-busy={busy || undefined}
          className={`${primaryButtonClass} min-w-[8rem]`}
          data-testid="pay"
        >
          {busy ? t('orders.pay.paying') : t('orders.pay.pay')}
        </button>
      </PayBar>
    </div>
  );
}

/** The learner owns the product already: nothing to buy, a way back to it. */
function Owned({ type, uid }: { type: ProductType; uid: string }) {
  const { t } = useTranslation();
  const path = productPath({ type, uid });
  return (
    <StateMessage
      icon={<ReceiptIcon />}
      title={t('orders.confirm.owned')}
      description={t('orders.confirm.ownedHint')}
      action={
        path ? (
          <Link to={path} replace className={stateActionClass} data-testid="owned-product-link">
            {t('orders.confirm.toProduct')}
          </Link>
        ) : undefined
      }
    />
  );
}

function productTypeOf(value: string | null): ProductType | null {
  return (productTypeList as readonly string[]).includes(value ?? '') ? (value as ProductType) : null;
}

/**
 * /orders/confirm?type=COURSE|CLASSROOM|EXAM&uid=…: what Pay would buy at the server's price,
 * the usable coupons (the best chosen), the payment methods and Pay: it places the order (one
 * per visit, whatever the taps) and sends the learner to pay.
 */
export default function OrderConfirmScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = productTypeOf(params.get('type'));
  const uid = params.get('uid') ?? '';
  const valid = type !== null && uid !== '';
  const query = useOrderConfirmation(type ?? 'COURSE', uid, valid);

  let body;
  if (!valid) {
    body = <EmptyState title={t('orders.confirm.badAddress')} />;
  } else if (query.data) {
    body = <ConfirmationView confirmation={query.data} type={type} uid={uid} />;
  } else if (query.isError) {
    const error = query.error;
    if (isApiError(error) && error.code === 'memberExisted') body = <Owned type={type} uid={uid} />;
    else
      body = (
        <ErrorState
          description={isApiError(error) && error.code ? translateIfKnown(`error.${error.code}`) : undefined}
          onRetry={() => void query.refetch()}
        />
      );
  } else {
    body = <OrderScreenSkeleton blocks={['h-32', 'h-28']} />;
  }

  return (
    <ScreenLayout title={t('route.orderConfirm')} back>
      {body}
    </ScreenLayout>
  );
}

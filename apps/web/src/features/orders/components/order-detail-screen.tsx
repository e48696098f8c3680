import type { OrderStatus } from '@school/contract/enums';
import type { Order, RefundPayout } from '@school/contract/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { href } from '../../../config/route-paths';
import { confirmDialog } from '../../../lib/confirm-dialog';
import { formatPrice, isoDate, isoDateMinutes } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useLocale } from '../../../lib/use-locale';
import { useOrder } from '../api/get-order';
import { refreshAfterOrderChange } from '../api/order-keys';
import { useCancelOrder, useWithdrawRefund } from '../api/order-mutations';
import { copyText } from '../../../lib/copy-text';
import {
  clockTime,
  methodMessageIds,
  productPath,
  reasonMessageIds,
  refundPayoutMessageIds,
  refundStatusMessageIds,
  statusMessageIds,
} from '../logic/order-text';
import { AmountRow, AmountRows } from './amount-rows';
import { OrderProductRow } from './order-product';
import { OrderScreenSkeleton, OrderUnavailable } from './order-screen-states';
import {
  barSpaceClass,
  primaryButtonClass,
  secondaryButtonClass,
  sectionClass,
  sectionTitleClass,
} from './order-styles';
import { PayBar } from './pay-bar';
import { PaymentMethodPicker } from './payment-method-picker';
import { usePaymentMethod, usePayOrder } from '../logic/use-pay-order';

const payoutTone: Record<RefundPayout, string> = {
  PROCESSING: 'font-medium text-warning',
  REFUNDED: 'font-medium text-success',
  FAILED: 'font-medium text-danger',
};

const statusTone: Record<OrderStatus, string> = {
  CREATED: 'text-warning',
  PAID: 'text-success',
  CANCELED: 'text-ink-muted',
  CLOSED: 'text-ink-muted',
};

/** What the status means for the learner, under the badge. */
function StatusNote({ order, notPaid }: { order: Order; notPaid: boolean }) {
  const { t } = useTranslation();
  const time = clockTime(order.expiresAt);
  if (notPaid)
    return (
      <p role="status" className="text-sm font-medium text-warning" data-testid="payment-not-completed">
        {t('orders.pay.notCompleted', { time })}
      </p>
    );
  // A paid order's note follows its refund: under review (still learning), or refunded.
  const refund = order.refund?.status;
  const paidNote =
    refund === 'CREATED'
      ? t('orders.detail.refundPendingNote')
      : refund === 'ACCEPTED'
        ? t('orders.detail.refundedNote')
        : t('orders.detail.paidNote');
  const text = {
    CREATED: t('orders.detail.unpaidUntil', { time }),
    PAID: paidNote,
    CANCELED: t('orders.detail.canceledNote'),
    CLOSED: t('orders.detail.closedNote'),
  }[order.status];
  return <p className="text-sm text-ink-muted">{text}</p>;
}

function InfoRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5" data-testid={testId}>
      <dt className="shrink-0 text-ink-muted">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2 text-right break-all text-ink">{children}</dd>
    </div>
  );
}

function RefundSection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const refund = order.refund;
  if (!refund) return null;
  return (
    <section aria-labelledby="order-refund" className={sectionClass} data-testid="order-refund">
      <h2 id="order-refund" className={sectionTitleClass}>
        {t('orders.refundState.title')}
      </h2>
      <dl className="text-sm">
        <InfoRow label={t('orders.refundState.status')} testId="refund-status">
          <span className={refund.status === 'REFUSED' ? 'text-danger' : 'font-medium text-brand-strong'}>
            {t(refundStatusMessageIds[refund.status])}
          </span>
        </InfoRow>
        {refund.payout ? (
          <InfoRow label={t('orders.refundState.payout')} testId="refund-payout">
            <span className={payoutTone[refund.payout]} data-payout={refund.payout}>
              {t(refundPayoutMessageIds[refund.payout])}
            </span>
          </InfoRow>
        ) : null}
        <InfoRow label={t('orders.refundState.amount')}>{formatPrice(refund.amount, order.currency, locale)}</InfoRow>
        <InfoRow label={t('orders.refundState.reason')}>{t(reasonMessageIds[refund.reason])}</InfoRow>
        {refund.description ? (
          <InfoRow label={t('orders.refundState.description')}>{refund.description}</InfoRow>
        ) : null}
        {refund.reviewNote ? (
          <InfoRow label={t('orders.refundState.note')} testId="refund-note">
            {refund.reviewNote}
          </InfoRow>
        ) : null}
      </dl>
      {refund.payout === 'REFUNDED' || refund.payout === 'FAILED' ? (
        <p
          className={`mt-2 text-sm ${refund.payout === 'FAILED' ? 'text-danger' : 'text-ink-muted'}`}
          data-testid="refund-payout-hint"
        >
          {t(refund.payout === 'FAILED' ? 'orders.refundState.failedHint' : 'orders.refundState.refundedHint')}
        </p>
      ) : null}
    </section>
  );
}

function OrderDetailView({ order, notPaid }: { order: Order; notPaid: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (cents: number) => formatPrice(cents, order.currency, locale);
  const unpaid = order.status === 'CREATED';
  const { offered, method, setMethod } = usePaymentMethod(order.methods);
  const payment = usePayOrder();
  const cancel = useCancelOrder(order.tradeNo);

  async function onCopy() {
    const copied = await copyText(order.tradeNo);
    showToast(t(copied ? 'orders.detail.copied' : 'orders.detail.copyFailed'), copied ? 'success' : 'fail');
  }

  const withdraw = useWithdrawRefund(order.tradeNo);
  const studyPath = productPath(order.product);

  /** Why a refund is (or is not) on offer for this paid order. */
  function refundTerms(paid: Order): string {
    // Non-breaking hyphens: the narrow bar never splits a date across two lines.
    const day = (at: string) => isoDate(new Date(at)).replace(/-/g, '\u2011');
    if (paid.refund?.status === 'CREATED') return t('orders.detail.refundPendingNote');
    if (paid.refundableUntil) return t('orders.detail.refundUntil', { date: day(paid.refundableUntil) });
    if (paid.refundWindowEnd) return t('orders.detail.refundEnded', { date: day(paid.refundWindowEnd) });
    return t('orders.detail.noRefunds');
  }

  async function onWithdraw() {
    const again =
      order.refundWindowEnd && Date.parse(order.refundWindowEnd) > Date.now() ? order.refundWindowEnd : null;
    const sure = await confirmDialog({
      title: t('orders.detail.withdrawTitle'),
      content: again
        ? t('orders.detail.withdrawContent', { date: isoDate(new Date(again)) })
        : t('orders.detail.withdrawContentNoDate'),
      confirmText: t('orders.detail.withdrawConfirm'),
      cancelText: t('orders.detail.withdrawKeep'),
    });
    if (!sure) return;
    withdraw.mutate(undefined, { onSuccess: () => showToast(t('orders.detail.withdrawn'), 'success') });
  }

  async function onCancel() {
    const sure = await confirmDialog({
      title: t('orders.detail.cancelTitle'),
      content: t('orders.detail.cancelContent'),
      confirmText: t('orders.detail.cancelConfirm'),
      cancelText: t('orders.detail.cancelKeep'),
    });
    if (!sure) return;
    cancel.mutate(undefined, { onSuccess: () => showToast(t('orders.detail.canceled'), 'success') });
  }

  let bar = null;
  if (unpaid) {
    const busy = payment.busy || cancel.isPending;
    bar = (
      <PayBar>
        <button
          type="button"
          onClick={() => void onCancel()}
          disabled={busy}
          aria-busy={cancel.isPending || undefined}
          className={secondaryButtonClass}
          data-testid="cancel-order"
        >
          {cancel.isPending ? t('orders.detail.canceling') : t('orders.detail.cancel')}
        </button>
        <button
          type="button"
          onClick={() => method && void payment.pay(order.tradeNo, method)}
          disabled={busy || method === null}
          aria-busy={payment.busy || undefined}
          className={`${primaryButtonClass} flex-1`}
          data-testid="pay"
        >
          {payment.busy ? t('orders.pay.paying') : t(notPaid ? 'orders.pay.again' : 'orders.pay.pay')}{' '}
          {payment.busy ? null : money(order.payable)}
        </button>
      </PayBar>
    );
  } else if (order.status === 'PAID' && order.refund?.status !== 'ACCEPTED') {
    bar = (
      <PayBar
        aside={
          <p className="text-xs text-ink-muted" data-testid="refund-terms">
            {refundTerms(order)}
          </p>
        }
      >
        {order.refundableUntil ? (
          <Link
            to={href('orderRefund', { tradeNo: order.tradeNo })}
            className={secondaryButtonClass}
            data-testid="apply-refund"
          >
            {t('orders.detail.refund')}
          </Link>
        ) : null}
        {order.refund?.status === 'CREATED' ? (
          <button
            type="button"
            onClick={() => void onWithdraw()}
            disabled={withdraw.isPending}
            aria-busy={withdraw.isPending || undefined}
            className={secondaryButtonClass}
            data-testid="withdraw-refund"
          >
            {withdraw.isPending ? t('orders.detail.withdrawing') : t('orders.detail.withdraw')}
          </button>
        ) : null}
        {studyPath ? (
          <Link to={studyPath} className={primaryButtonClass} data-testid="go-study">
            {t('orders.detail.study')}
          </Link>
        ) : null}
      </PayBar>
    );
  }

  return (
    <div className={bar ? barSpaceClass : 'pb-4'}>
      <section aria-labelledby="order-status" className="bg-surface px-4 py-3" data-testid="order-state">
        <h2
          id="order-status"
          className={`mb-1 text-lg font-semibold ${statusTone[order.status]}`}
          data-testid="order-status"
          data-status={order.status}
        >
          {t(statusMessageIds[order.status])}
        </h2>
        <StatusNote order={order} notPaid={notPaid} />
      </section>
      <section aria-labelledby="order-product" className={sectionClass}>
        <h2 id="order-product" className="sr-only">
          {t(`orders.product.type.${order.product.type}`)}
        </h2>
        <OrderProductRow product={order.product} linked />
        <div className="mt-3 border-t border-line pt-3">
          <AmountRows>
            <AmountRow label={t('orders.summary.price')} value={money(order.price)} />
            {order.discount > 0 ? (
              <AmountRow
                label={
                  order.couponTitle
                    ? t('orders.detail.discountWith', { coupon: order.couponTitle })
                    : t('orders.summary.discount')
                }
                value={`-${money(order.discount)}`}
                testId="order-discount"
              />
            ) : null}
            <AmountRow
              label={t(order.status === 'PAID' ? 'orders.summary.paid' : 'orders.summary.payable')}
              value={money(order.payable)}
              strong
              testId="order-payable"
            />
          </AmountRows>
        </div>
      </section>
      <RefundSection order={order} />
      {unpaid ? <PaymentMethodPicker methods={offered} value={method} onChange={setMethod} /> : null}
      <section aria-labelledby="order-info" className={sectionClass}>
        <h2 id="order-info" className={sectionTitleClass}>
          {t('orders.detail.info')}
        </h2>
        <dl className="text-sm">
          <InfoRow label={t('orders.detail.tradeNo')} testId="order-trade-no">
            <span className="tabular-nums select-all">{order.tradeNo}</span>
            <button
              type="button"
              onClick={() => void onCopy()}
              aria-label={t('orders.detail.copyLabel')}
              className="shrink-0 rounded-full border border-line px-2.5 text-xs leading-6 text-brand-strong active:bg-canvas"
              data-testid="copy-trade-no"
            >
              {t('orders.detail.copy')}
            </button>
          </InfoRow>
          <InfoRow label={t('orders.detail.createdAt')}>{isoDateMinutes(order.createdAt)}</InfoRow>
          {order.paymentMethod && order.status === 'PAID' ? (
            <InfoRow label={t('orders.detail.method')}>{t(methodMessageIds[order.paymentMethod])}</InfoRow>
          ) : null}
          {order.paidAt ? <InfoRow label={t('orders.detail.paidAt')}>{isoDateMinutes(order.paidAt)}</InfoRow> : null}
          {order.endedAt ? <InfoRow label={t('orders.detail.endedAt')}>{isoDateMinutes(order.endedAt)}</InfoRow> : null}
        </dl>
      </section>
      {bar}
    </div>
  );
}

/**
 * /orders/:tradeNo: the order's state, product, amounts, refund and details, with Pay and
 * Cancel while unpaid and the refund link while one may be asked for. Back from the cashier
 * (`?paying=1`), a paid order sends the learner on to the product, now theirs.
 */
export default function OrderDetailScreen() {
  const { t } = useTranslation();
  const { tradeNo = '' } = useParams();
  const [params] = useSearchParams();
  const paying = params.get('paying') === '1';
  const query = useOrder(tradeNo);
  const order = query.data;
  const navigate = useNavigate();
  const client = useQueryClient();
  const announced = useRef(false);

  // The GET asked the gateway first: paid means the learner is a member now. Only an answer
  // fetched on this visit counts (a cached one may predate the payment).
  const settled = order !== undefined && !query.isFetching;
  useEffect(() => {
    if (!paying || !settled || announced.current || order.status !== 'PAID') return;
    announced.current = true;
    showToast(t('orders.pay.succeeded'), 'success');
    void refreshAfterOrderChange(client, order);
    const path = productPath(order.product);
    void navigate(path ?? href('orderDetail', { tradeNo: order.tradeNo }), { replace: true });
  }, [paying, settled, order, t, client, navigate]);

  let body;
  if (order) {
    body = <OrderDetailView order={order} notPaid={paying && settled && order.status === 'CREATED'} />;
  } else if (query.isError) {
    body = <OrderUnavailable error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = <OrderScreenSkeleton status blocks={['h-40']} />;
  }

  return (
    <ScreenLayout title={t('route.orderDetail')} back>
      {body}
    </ScreenLayout>
  );
}

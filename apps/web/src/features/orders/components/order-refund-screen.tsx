import { zodResolver } from '@hookform/resolvers/zod';
import { refundReasons } from '@school/contract/enums';
import { orderLimits, type Order } from '@school/contract/orders';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { FieldError } from '../../../components/form/field-error';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { labelClass } from '../../../components/form/field-styles';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { ReceiptIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { isApiError } from '../../../lib/api-error';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { formatPrice } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useLocale } from '../../../lib/use-locale';
import { useOrder } from '../api/get-order';
import { useApplyRefund } from '../api/order-mutations';
import { amountText, reasonMessageIds } from '../logic/order-text';
import { refundFormSchema, type RefundFormInput, type RefundFormOutput } from '../logic/refund-form';
import { OrderProductRow } from './order-product';
import { OrderScreenSkeleton, OrderUnavailable } from './order-screen-states';
import { choiceClass, primaryButtonClass, radioClass, sectionClass, stateActionClass } from './order-styles';

const fields = ['reason', 'amount', 'description'] as const;

function RefundForm({ order }: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const apply = useApplyRefund(order.tradeNo);
  const reasonErrorId = useId();
  const schema = useMemo(() => refundFormSchema(order.payable), [order.payable]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<RefundFormInput, unknown, RefundFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { amount: amountText(order.payable), description: '' },
  });
  const setFieldError = fieldErrorSetter(setError, fields);
  const description = useWatch({ control, name: 'description' }) ?? '';
  const paid = formatPrice(order.payable, order.currency, locale);

  const submit = handleSubmit(async (body) => {
    try {
      await apply.mutateAsync(body);
      showToast(t('orders.refund.sent'), 'success');
      void navigate(href('orderDetail', { tradeNo: order.tradeNo }), { replace: true });
    } catch (error) {
      // The API client has shown the notice; a refused amount also goes on its field.
      if (isApiError(error) && error.code === 'validationFailed' && error.field === 'amount' && !error.rule)
        setError('amount', { message: 'orders.refund.amountTooHigh' }, { shouldFocus: true });
      else setFieldError(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('route.orderRefund')}
      className="pb-6"
      data-testid="refund-form"
    >
      <section aria-label={order.product.title} className={sectionClass}>
        <OrderProductRow product={order.product} />
      </section>
      <div className={sectionClass}>
        <fieldset
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? reasonErrorId : undefined}
          data-testid="refund-reasons"
        >
          <legend className={labelClass}>{t('orders.refund.reason')}</legend>
          <div className="space-y-2">
            {refundReasons.map((reason) => (
              <label key={reason} className={choiceClass}>
                <span className="flex-1 text-[0.9375rem] text-ink">{t(reasonMessageIds[reason])}</span>
                <input type="radio" value={reason} className={radioClass} {...register('reason')} />
              </label>
            ))}
          </div>
          <FieldError id={reasonErrorId} message={errors.reason?.message} />
        </fieldset>
      </div>
      <div className={`${sectionClass} space-y-4`}>
        {/* The whole amount unless the school allows part of it: then it is shown, not typed. */}
        <TextField
          label={t('orders.refund.amount')}
          inputMode="decimal"
          autoComplete="off"
          readOnly={!order.refundPolicy.partial}
          error={errors.amount?.message}
          hint={
            <span className="text-ink-muted" data-testid="refund-amount-hint">
              {order.refundPolicy.partial
                ? t('orders.refund.amountHint', { amount: paid })
                : t('orders.refund.amountWhole')}
            </span>
          }
          {...register('amount')}
        />
        <TextAreaField
          label={t('orders.refund.description')}
          maxLength={orderLimits.refundDescriptionMax}
          placeholder={t('orders.refund.descriptionPlaceholder')}
          error={errors.description?.message}
          counter={t('orders.refund.counter', { count: description.length, max: orderLimits.refundDescriptionMax })}
          counterTestId="refund-counter"
          {...register('description')}
        />
      </div>
      <div className="px-4 pt-4">
        <p className="mb-3 text-sm text-ink-muted" data-testid="refund-access">
          {t('orders.refund.access')}
        </p>
        <button
          type="submit"
          disabled={apply.isPending}
          aria-busy={apply.isPending || undefined}
          className={`${primaryButtonClass} w-full`}
        >
          {apply.isPending ? t('orders.refund.submitting') : t('orders.refund.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * /orders/:tradeNo/refund: a paid order's refund request: a reason (required), the amount (all
 * that was paid, or part of it where the school allows), details, and what a refund does to the
 * learner's access; once sent, back to the order, which shows it under review.
 */
export default function OrderRefundScreen() {
  const { t } = useTranslation();
  const { tradeNo = '' } = useParams();
  const query = useOrder(tradeNo);

  let body;
  if (query.data) {
    body = query.data.refundableUntil ? (
      <RefundForm order={query.data} />
    ) : (
      <StateMessage
        icon={<ReceiptIcon />}
        title={t('orders.refund.notRefundable')}
        description={t('orders.refund.notRefundableHint')}
        action={
          <Link to={href('orderDetail', { tradeNo })} replace className={stateActionClass}>
            {t('orders.refund.backToOrder')}
          </Link>
        }
      />
    );
  } else if (query.isError) {
    body = <OrderUnavailable error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = <OrderScreenSkeleton blocks={['h-72']} />;
  }

  return (
    <ScreenLayout title={t('route.orderRefund')} back>
      {body}
    </ScreenLayout>
  );
}

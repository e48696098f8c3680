import type { PaymentMethod } from '@school/contract/orders';
import { useTranslation } from '../../../lib/i18n';
import { methodMessageIds } from '../logic/order-text';
import { choiceClass, radioClass, sectionClass, sectionTitleClass } from './order-styles';

const marks: Record<PaymentMethod, { letter: string; colour: string }> = {
  WECHAT: { letter: '微', colour: 'bg-[#15803d]' },
  ALIPAY: { letter: '支', colour: 'bg-[#1d4ed8]' },
};

/** The payment methods on offer as a named radio group; a note when there is none. */
export function PaymentMethodPicker({
  methods,
  value,
  onChange,
}: {
  methods: readonly PaymentMethod[];
  value: PaymentMethod | null;
  onChange(method: PaymentMethod): void;
}) {
  const { t } = useTranslation();
  return (
    <div className={sectionClass}>
      <fieldset data-testid="payment-methods">
        <legend className={sectionTitleClass}>{t('orders.method.label')}</legend>
        {methods.length === 0 ? (
          <p className="text-sm text-danger" role="alert">
            {t('orders.method.none')}
          </p>
        ) : (
          <div className="space-y-2">
            {methods.map((method) => (
              <label key={method} className={choiceClass}>
                <span
                  aria-hidden="true"
                  className={`flex size-7 shrink-0 items-center justify-center rounded-md text-sm font-semibold text-white ${marks[method].colour}`}
                >
                  {marks[method].letter}
                </span>
                <span className="flex-1 text-[0.9375rem] text-ink">{t(methodMessageIds[method])}</span>
                <input
                  type="radio"
                  name="payment-method"
                  value={method}
                  checked={value === method}
                  onChange={() => onChange(method)}
                  className={radioClass}
                />
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </div>
  );
}

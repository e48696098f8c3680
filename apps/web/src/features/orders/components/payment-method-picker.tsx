import type { PaymentMethod } from '@school/contract/orders';
import { useTranslation } from '../../../lib/i18n';
import { methodMessageIds } from '../logic/order-text';
import { choiceClass, radioClass, sectionClass, sectionTitleClass } from './order-styles';
import alipayMark from './payment-marks/alipay.svg';
import wechatMark from './payment-marks/wechat.svg';

/*
 * The services' own marks, as learners know them from every checkout: the WeChat logo in its
 * green and Alipay's in its blue (paths from Simple Icons, CC0). Decorative: the name follows.
 * Pictures of their own, not paths in the code: they cost the order screens' first download
 * 1.2 KB gzip (issue 28).
 */
const marks: Record<PaymentMethod, string> = { WECHAT: wechatMark, ALIPAY: alipayMark };

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
                <img
                  src={marks[method]}
                  alt=""
                  width={28}
                  height={28}
                  className="size-7 shrink-0"
                  data-testid={`method-mark-${method}`}
                />
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

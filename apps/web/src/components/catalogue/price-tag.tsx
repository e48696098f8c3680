import type { Price } from '@school/contract/catalogue';
import type { Locale } from '@school/contract/enums';
import { useTranslation } from '../../lib/i18n';
import { formatPrice } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';

export interface PriceParts {
  free: boolean;
  /** What the learner pays: "¥99.00", "$5.00" or the free label. */
  current: string;
  /** The crossed-out price, only when it is really higher than what is paid. */
  original: string | null;
}

/** How a price reads: cents become yuan/dollars, 0 becomes the free label. */
export function priceParts(price: Price, locale: Locale): PriceParts {
  const free = price.amount === 0;
  const original =
    price.original !== null && price.original > price.amount
      ? formatPrice(price.original, price.currency, locale)
      : null;
  return { free, current: formatPrice(price.amount, price.currency, locale), original };
}

const sizes = {
  sm: { current: 'text-sm', original: 'text-xs' },
  lg: { current: 'text-xl', original: 'text-sm' },
} as const;

/** A product's price: the amount (or "Free"), with the original crossed out on a discount. */
export function PriceTag({
  price,
  size = 'sm',
  className = '',
}: {
  price: Price;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const parts = priceParts(price, locale);
  return (
    <span className={`inline-flex items-baseline gap-1.5 ${className}`} data-testid="price-tag">
      <span className={`${sizes[size].current} font-semibold ${parts.free ? 'text-success' : 'text-danger'}`}>
        {parts.current}
      </span>
      {parts.original ? (
        <del className={`${sizes[size].original} text-ink-subtle`}>
          <span className="sr-only">{t('catalogue.price.original')}</span>
          {parts.original}
        </del>
      ) : null}
    </span>
  );
}

import type { OrderStatus } from '@school/contract/enums';
import { useTranslation } from '../../../lib/i18n';
import { statusMessageIds } from '../logic/order-text';

const tones: Record<OrderStatus, string> = {
  CREATED: 'bg-warning-soft text-warning',
  PAID: 'bg-success-soft text-success',
  CANCELED: 'bg-canvas text-ink-muted',
  CLOSED: 'bg-canvas text-ink-muted',
};

/** An order's state as a small coloured label. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`shrink-0 rounded-full px-2 text-xs leading-6 font-medium ${tones[status]}`}
      data-testid="order-status"
      data-status={status}
    >
      {t(statusMessageIds[status])}
    </span>
  );
}

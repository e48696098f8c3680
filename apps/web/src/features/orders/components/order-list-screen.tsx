import type { OrderListFilter } from '@school/contract/orders';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { SectionTabs } from '../../../components/catalogue/section-tabs';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { ReceiptIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { useOrders } from '../api/get-orders';
import { orderListFilterList as orderListFilters } from '../logic/order-text';
import { OrderCard, OrderCardSkeleton } from './order-card';
import { stateActionClass } from './order-styles';

/** The first covers a phone shows above the fold load at once; the rest when scrolled to. */
const eagerCards = 2;

function filterOf(value: string | null): OrderListFilter {
  return (orderListFilters as readonly string[]).includes(value ?? '') ? (value as OrderListFilter) : 'ALL';
}

function OrderList({ status }: { status: OrderListFilter }) {
  const { t } = useTranslation();
  return (
    <>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3. */}
      <h2 className="sr-only">{t(`orders.list.tab.${status}`)}</h2>
      <InfiniteList
        query={useOrders(status)}
        label={t('orders.list.label')}
        itemKey={(order) => order.tradeNo}
        renderItem={(order, index) => <OrderCard order={order} eager={index < eagerCards} />}
        className="space-y-3 p-3"
        testId="order-list"
        skeleton={
          <div className="space-y-3 p-3">
            {Array.from({ length: 3 }, (_, index) => (
              <OrderCardSkeleton key={index} />
            ))}
          </div>
        }
        empty={
          <StateMessage
            icon={<ReceiptIcon />}
            title={t(`orders.list.empty.${status}`)}
            description={t('orders.list.emptyHint')}
            action={
              <Link to={href('courseList')} className={stateActionClass} data-testid="orders-discover">
                {t('orders.list.discover')}
              </Link>
            }
          />
        }
      />
    </>
  );
}

/**
 * /orders: the learner's orders, newest first, by state (all, unpaid, paid, cancelled or
 * closed). The tab is in the address (`?status=`), so Back from an order returns to the same tab.
 */
export default function OrderListScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = filterOf(params.get('status'));
  return (
    <ScreenLayout title={t('route.orderList')} back>
      <SectionTabs
        tabs={orderListFilters.map((key) => ({ key, label: t(`orders.list.tab.${key}`) }))}
        active={status}
        onChange={(key) => setParams(key === 'ALL' ? {} : { status: key }, { replace: true })}
        label={t('orders.list.tabs')}
        idBase="orders"
      >
        <OrderList key={status} status={status} />
      </SectionTabs>
    </ScreenLayout>
  );
}

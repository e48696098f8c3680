import type { MyCouponStatus } from '@school/contract/my-coupons';
import { useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { SectionTabs } from '../../../components/catalogue/section-tabs';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { TicketIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { useTranslation } from '../../../lib/i18n';
import { useMyCoupons } from '../api/get-my-coupons';
import { couponStatusList, couponStatusOf } from '../logic/coupon-text';
import { CouponCard, CouponCardSkeleton } from './coupon-card';

function CouponList({ status }: { status: MyCouponStatus }) {
  const { t } = useTranslation();
  const query = useMyCoupons(status);
  // Every page carries the school's currency; an amount off reads in it.
  const currency = query.data?.pages[0]?.currency ?? 'CNY';
  return (
    <>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3. */}
      <h2 className="sr-only">{t(`coupons.tab.${status}`)}</h2>
      <InfiniteList
        query={query}
        label={t('coupons.listLabel')}
        itemKey={(coupon) => coupon.id}
        renderItem={(coupon) => <CouponCard coupon={coupon} status={status} currency={currency} />}
        className="space-y-3 p-3"
        testId="coupon-list"
        skeleton={
          <div className="space-y-3 p-3">
            {Array.from({ length: 3 }, (_, index) => (
              <CouponCardSkeleton key={index} />
            ))}
          </div>
        }
        empty={
          <StateMessage
            icon={<TicketIcon />}
            title={t(`coupons.empty.${status}`)}
            description={t(`coupons.empty.${status}Hint`)}
          />
        }
      />
    </>
  );
}

/**
 * /me/coupons: the school's coupons as the learner stands with them — usable (soonest to expire
 * first; one an unpaid order holds says so and leads to it), used (with its order) and expired.
 * The tab is in the address (`?status=`), so Back from a product or an order returns to it.
 */
export default function MyCouponsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = couponStatusOf(params.get('status'));
  return (
    <ScreenLayout title={t('route.myCoupons')} back>
      <SectionTabs
        tabs={couponStatusList.map((key) => ({ key, label: t(`coupons.tab.${key}`) }))}
        active={status}
        onChange={(key) => setParams(key === 'usable' ? {} : { status: key }, { replace: true })}
        label={t('coupons.tabs')}
        idBase="coupons"
      >
        <CouponList key={status} status={status} />
      </SectionTabs>
    </ScreenLayout>
  );
}

import { useTranslation } from '../../../lib/i18n';
import { DetailUnavailable } from '../../../components/catalogue/detail-unavailable';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';

/** The product row's placeholder (cover, title, price): the same boxes, so nothing jumps. */
export function ProductRowSkeleton() {
  return (
    <div className="flex gap-3">
      <SkeletonBlock className="aspect-video w-[min(7.5rem,38%)] shrink-0" />
      <div className="flex-1 space-y-2">
        <SkeletonBlock className="h-4 w-4/5" />
        <SkeletonBlock className="h-4 w-1/3" />
      </div>
    </div>
  );
}

/**
 * An order screen's placeholder while its first answer loads: the status block (detail), the
 * product row, then grey blocks as tall as the screen's sections (`blocks`: their height classes).
 */
export function OrderScreenSkeleton({ status = false, blocks }: { status?: boolean; blocks: string[] }) {
  return (
    <LoadingRegion>
      {status ? (
        <div className="space-y-2 bg-surface px-4 py-3">
          <SkeletonBlock className="h-5 w-1/2" />
          <SkeletonBlock className="h-4 w-3/4" />
        </div>
      ) : null}
      <div className="mt-2 bg-surface px-4 py-3">
        <ProductRowSkeleton />
      </div>
      {blocks.map((height, index) => (
        <SkeletonBlock key={index} className={`mt-2 rounded-none ${height}`} />
      ))}
    </LoadingRegion>
  );
}

/** An order that cannot be shown: not the learner's (or gone) as a state, anything else with a retry. */
export function OrderUnavailable({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <DetailUnavailable
      error={error}
      onRetry={onRetry}
      notFound={{ title: t('error.orderNotFound'), description: t('orders.detail.notFound') }}
      describeError
    />
  );
}

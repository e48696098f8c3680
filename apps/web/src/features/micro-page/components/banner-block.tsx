import type { MicroPageComponent } from '@school/contract/shell';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerSlide } from './banner-slide';

type Banner = Extract<MicroPageComponent, { kind: 'banner' }>;

const BannerCarousel = lazy(() => import('./banner-carousel'));

/**
 * The school's banners at a fixed 75:32 ratio (the seed artwork's 750×320), so the slot is
 * reserved before any image arrives. The first slide paints at once; the carousel replaces it
 * in place when its code has loaded.
 */
export function BannerBlock({ block, priority }: { block: Banner; priority: boolean }) {
  const { t } = useTranslation();
  const { items } = block;
  const first = items[0];
  if (!first) return null;
  const firstSlide = <BannerSlide item={first} index={0} count={items.length} eager={priority} />;
  return (
    <section
      aria-roledescription={items.length > 1 ? 'carousel' : undefined}
      aria-label={t('microPage.bannerLabel')}
      className="mx-3 mt-3 aspect-[75/32] overflow-hidden rounded-card bg-line"
    >
      {items.length === 1 ? (
        firstSlide
      ) : (
        <Suspense fallback={firstSlide}>
          <BannerCarousel items={items} eager={priority} />
        </Suspense>
      )}
    </section>
  );
}

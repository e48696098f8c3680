import type { MicroPageComponent } from '@school/contract/shell';
import { useRef, type ComponentProps } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { deferredModule } from '../../../lib/deferred-module';
import { useIdleLoad } from '../../../lib/use-idle-load';
import { BannerSlide } from './banner-slide';

type Banner = Extract<MicroPageComponent, { kind: 'banner' }>;

// A render function, not a component: the element's type stays the module's own component.
const carousel = deferredModule(() =>
  import('./banner-carousel').then(({ default: BannerCarousel }) => (props: ComponentProps<typeof BannerCarousel>) => (
    <BannerCarousel {...props} />
  )),
);

/**
 * The school's banners at a fixed 75:32 ratio (the seed artwork's 750×320), so the slot is
 * reserved before any image arrives. The first slide paints at once as a plain picture (the
 * screen's largest paint); the carousel (antd-mobile Swiper and its animation libraries, ~28 KB
 * gzip) is fetched once the page has loaded and the browser is idle, or when the learner first
 * touches or focuses the banner, and replaces the first slide in the same box, never under a
 * finger or the keyboard focus.
 */
export function BannerBlock({ block, priority }: { block: Banner; priority: boolean }) {
  const { t } = useTranslation();
  const box = useRef<HTMLElement>(null);
  const { items } = block;
  const renderCarousel = useIdleLoad(carousel, items.length > 1 ? box : noBox, { onTouch: true });
  const first = items[0];
  if (!first) return null;
  return (
    <section
      ref={box}
      aria-roledescription={items.length > 1 ? 'carousel' : undefined}
      aria-label={t('microPage.bannerLabel')}
      className="mx-3 mt-3 aspect-[75/32] overflow-hidden rounded-card bg-line"
    >
      {items.length > 1 && renderCarousel ? (
        renderCarousel({ items, eager: priority })
      ) : (
        <BannerSlide item={first} index={0} count={items.length} eager={priority} />
      )}
    </section>
  );
}

/** A single banner never needs the carousel. */
const noBox = { current: null };

import Swiper from 'antd-mobile/es/components/swiper';
import { useState } from 'react';
import { BannerSlide, type BannerItem } from './banner-slide';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The swiping part of the banner (antd-mobile Swiper and its animation libraries, ~24 KB gzip),
 * loaded after the first slide is already on screen. Auto-play pauses while the learner is
 * focused in or touching it, and never runs for reduced-motion users.
 */
export default function BannerCarousel({ items, eager }: { items: readonly BannerItem[]; eager: boolean }) {
  const [reduced] = useState(prefersReducedMotion);
  const [paused, setPaused] = useState(false);
  return (
    <div
      className="size-full"
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={() => setPaused(true)}
    >
      <Swiper autoplay={!paused && !reduced} autoplayInterval={4000} loop style={{ height: '100%' }}>
        {items.map((item, index) => (
          <Swiper.Item key={`${item.image}-${index}`} className="h-full">
            <BannerSlide item={item} index={index} count={items.length} eager={eager && index === 0} />
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}

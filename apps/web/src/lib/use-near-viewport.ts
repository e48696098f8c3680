import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is within `margin` of the viewport, kept up to date as the learner
 * scrolls. The browser's IntersectionObserver watches off the main thread, so a long list pays
 * nothing per scroll event.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin]);
  return near;
}

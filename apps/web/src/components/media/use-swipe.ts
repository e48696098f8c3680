import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

/** A horizontal move at least this long (CSS px), clearly more sideways than vertical, turns the page. */
const minDistance = 40;

interface PageTurns {
  onPrevious(): void;
  onNext(): void;
}

/**
 * Swipe left / right (touch, pen or a mouse drag) and the arrow / page keys turn pages. The
 * element keeps vertical panning and pinch zoom to the browser (`touch-action: pan-y
 * pinch-zoom`), so the pointer events of a sideways move reach us instead of being cancelled.
 */
export function usePageTurns({ onPrevious, onNext }: PageTurns) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    style: { touchAction: 'pan-y pinch-zoom' } as const,
    onPointerDown(event: PointerEvent) {
      start.current = { x: event.clientX, y: event.clientY };
    },
    onPointerCancel() {
      start.current = null;
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < minDistance || Math.abs(dx) < 1.5 * Math.abs(dy)) return;
      if (dx < 0) onNext();
      else onPrevious();
    },
    onKeyDown(event: KeyboardEvent) {
      if (event.key === 'ArrowLeft' || event.key === 'PageUp') onPrevious();
      else if (event.key === 'ArrowRight' || event.key === 'PageDown') onNext();
      else return;
      event.preventDefault();
    },
  };
}

import { useSyncExternalStore } from 'react';
import { formatRelativeTime } from './format';
import { useLocale } from './use-locale';

/*
 * The time that relative dates ("Last studied 5 min ago") are written against. A screen the
 * server rendered (decision 015) is hydrated against the time the server rendered it at, which
 * the page carries: written against the phone's clock, a date the server wrote as "59 s ago"
 * would read "1 min ago" a moment later and React would throw the server's markup away. Right
 * after hydrating, and on every screen rendered in the browser, the phone's clock counts, read
 * again every 30 s while something on screen shows such a date.
 */

const tickMs = 30_000;
let renderedAt: number | null = null;
let now = Date.now();
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

/**
 * The time a server render stands at: set on the server before each render (renders run one at
 * a time), and in the browser from the page before hydrating. Null: no render to match.
 */
export function setRenderedAt(at: number | null): void {
  renderedAt = at;
}

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    // The first date on screen after none: the clock may have stood still since the last one.
    now = Date.now();
    ticker = setInterval(tick, tickMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(ticker);
  };
}

const snapshot = () => now;
const renderSnapshot = () => renderedAt ?? now;

/** Now, in ms: the render's time while hydrating a server-rendered screen, then the phone's clock. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, renderSnapshot);
}

/** `value` relative to now ("5m ago", "3天前"), as `formatRelativeTime` writes it; `at` fixes now (tests). */
export function useRelativeTime(value: Date | string | number, at?: number): string {
  const locale = useLocale();
  const current = useNow();
  return formatRelativeTime(value, locale, at ?? current);
}

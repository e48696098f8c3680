import type Toast from 'antd-mobile/es/components/toast';
import { ensureAntdRenderer } from './antd-renderer';

let toastModule: Promise<{ default: typeof Toast }> | null = null;
let liveRegion: HTMLElement | null = null;

/**
 * antd-mobile marks its Toast container aria-hidden, so a screen reader would never hear the
 * notice. Every notice is repeated in one visually hidden live region that stays in the page.
 */
function announce(text: string): void {
  if (typeof document === 'undefined') return;
  if (liveRegion === null || !liveRegion.isConnected) {
    liveRegion = document.createElement('div');
    liveRegion.setAttribute('role', 'status');
    liveRegion.setAttribute('aria-live', 'polite');
    liveRegion.setAttribute('data-testid', 'notice-announcer');
    liveRegion.className = 'sr-only';
    document.body.append(liveRegion);
  }
  const region = liveRegion;
  // Emptied first so the same notice twice in a row is announced twice.
  region.textContent = '';
  setTimeout(() => {
    region.textContent = text;
  }, 50);
}

/**
 * A short notice in the middle of the screen (failures, "saved", "code sent"). Toast is loaded
 * on the first notice only: most visits never show one.
 */
export function showToast(text: string, icon?: 'success' | 'fail'): void {
  announce(text);
  toastModule ??= import('antd-mobile/es/components/toast');
  void Promise.all([toastModule, ensureAntdRenderer()]).then(([{ default: toast }]) =>
    toast.show({ content: text, position: 'center', ...(icon ? { icon } : {}) }),
  );
}

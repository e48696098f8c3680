import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from './toast';

const shown = vi.hoisted(() => [] as string[]);
vi.mock('antd-mobile/es/components/toast', () => ({
  default: { show: ({ content }: { content: string }) => shown.push(content) },
}));
vi.mock('./antd-renderer', () => ({ ensureAntdRenderer: () => Promise.resolve() }));

describe('showToast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('repeats every notice in a live region a screen reader announces', async () => {
    vi.useFakeTimers();
    showToast('Invalid login ID or password');
    showToast('Invalid login ID or password');
    const region = document.querySelector('[data-testid="notice-announcer"]');
    expect(region?.getAttribute('role')).toBe('status');
    expect(region?.getAttribute('aria-hidden')).toBeNull();
    // Emptied first, so the repeated notice is a change the reader hears again.
    expect(region?.textContent).toBe('');
    await vi.advanceTimersByTimeAsync(60);
    expect(region?.textContent).toBe('Invalid login ID or password');
    expect(document.querySelectorAll('[data-testid="notice-announcer"]')).toHaveLength(1);
    // The visible Toast still shows too.
    expect(shown).toEqual(['Invalid login ID or password', 'Invalid login ID or password']);
  });
});

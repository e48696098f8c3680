import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startI18n } from '../../../lib/i18n';
import { allMessages } from '../../../app/messages/registry/all-messages';
import { renderWithProviders } from '../../../testing/render-with-providers';
import OfflineLayer from './offline-layer';

/*
 * The offline layer's wiring to the browser: the worker it registers (workbox-window stands in
 * for the browser's registration, which jsdom has not), the messages the worker sends, and
 * Chrome's install offer. The worker itself is proven in the browser (e2e/tests/offline.spec.ts).
 */

const workbox = vi.hoisted(() => {
  type Listener = () => void;
  const instances: { listeners: Map<string, Listener[]>; messageSkipWaiting: () => void }[] = [];
  class Workbox {
    listeners = new Map<string, Listener[]>();
    messageSkipWaiting = vi.fn();
    constructor() {
      instances.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    register() {
      return Promise.resolve(undefined);
    }
  }
  const emit = (type: string) =>
    instances
      .at(-1)
      ?.listeners.get(type)
      ?.forEach((listener) => listener());
  return { Workbox, instances, emit };
});
vi.mock('workbox-window', () => ({ Workbox: workbox.Workbox }));

/** The page's side of a worker: where its messages arrive. */
function fakeWorkerContainer() {
  const container = Object.assign(new EventTarget(), {
    controller: { postMessage: vi.fn() },
    startMessages: vi.fn(),
    ready: new Promise(() => {}),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return {
    container,
    send: (data: unknown) => act(() => void container.dispatchEvent(new MessageEvent('message', { data }))),
  };
}

describe('the offline layer', () => {
  beforeEach(async () => {
    localStorage.clear();
    workbox.instances.length = 0;
    await startI18n('en', async () => allMessages.en);
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says when the page shows what the learner saw last, and goes once the network answers again', async () => {
    const { container, send } = fakeWorkerContainer();
    await renderWithProviders(<OfflineLayer onHome={false} />);
    // It asks the worker whether the page was given kept answers before it arrived.
    expect(container.startMessages).toHaveBeenCalled();
    expect(container.controller.postMessage).toHaveBeenCalledWith({ type: 'offline-state' });

    const at = new Date(2026, 10, 29, 14, 5).getTime();
    await send({ type: 'offline-copy', at, reason: 'offline' });
    expect(screen.getByRole('status').textContent).toMatch(
      /^Offline — showing what you saw last at 0?2:05\sPM\.Retry$/,
    );
    await send({ type: 'offline-copy', at, reason: 'slow' });
    expect(screen.getByRole('status').textContent).toMatch(/^Weak connection — showing what you saw last at/);
    await send({ type: 'back-online' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers a new version, and hands the page to it only when the learner asks', async () => {
    fakeWorkerContainer();
    await renderWithProviders(<OfflineLayer onHome={false} />);
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    act(() => workbox.emit('waiting'));
    expect(screen.getByText('A new version is ready.')).toBeTruthy();
    const waiting = workbox.instances.at(-1)!;
    expect(waiting.messageSkipWaiting).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(waiting.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('holds Chrome’s install offer for the home, and a dismissal lasts', async () => {
    fakeWorkerContainer();
    const { unmount } = await renderWithProviders(<OfflineLayer onHome />);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(() => Promise.resolve({ outcome: 'accepted' })),
    });
    act(() => void window.dispatchEvent(offer));
    // Held: Chrome's own bar does not cover the page.
    expect(offer.defaultPrevented).toBe(true);
    const hint = screen.getByRole('region', { name: 'Install the app' });
    expect(hint.textContent).toContain('Add this app to your home screen');
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();
    unmount();

    // The next visit: another offer, and the hint stays away.
    await renderWithProviders(<OfflineLayer onHome />);
    act(() => void window.dispatchEvent(Object.assign(new Event('beforeinstallprompt'), { prompt: vi.fn() })));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull());
  });
});

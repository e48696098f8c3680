import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { deferredModule, type DeferredModule } from './deferred-module';
import { afterLoadWhenIdle, idleLoadTiming } from './after-load-when-idle';
import { useIdleLoad } from './use-idle-load';

function Probe({ module, onTouch = false }: { module: DeferredModule<string>; onTouch?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const value = useIdleLoad(module, box, { onTouch });
  return (
    <div ref={box} data-testid="box">
      <button type="button">{value ?? 'plain'}</button>
    </div>
  );
}

/** A module whose import the test resolves by hand. */
function manualModule() {
  let resolve: (value: string) => void = () => {};
  const importer = vi.fn(() => new Promise<string>((r) => (resolve = r)));
  return { module: deferredModule(importer), importer, arrive: (value: string) => resolve(value) };
}

describe('afterLoadWhenIdle', () => {
  it('runs after the load event, the settling wait and an idle moment, unless cancelled', async () => {
    vi.useFakeTimers();
    const testSetting = idleLoadTiming.settleMs;
    idleLoadTiming.settleMs = 3000;
    try {
      const ran = vi.fn();
      afterLoadWhenIdle(ran);
      const cancelled = vi.fn();
      afterLoadWhenIdle(cancelled)();
      await vi.advanceTimersByTimeAsync(2900);
      expect(ran).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2100);
      expect(ran).toHaveBeenCalledTimes(1);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      idleLoadTiming.settleMs = testSetting;
      vi.useRealTimers();
    }
  });
});

describe('useIdleLoad', () => {
  it('renders the plain version first, then what arrives when idle; later screens get it at once', async () => {
    const { module, importer, arrive } = manualModule();
    const first = render(<Probe module={module} />);
    expect(screen.getByRole('button').textContent).toBe('plain');
    await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    await act(async () => arrive('loaded'));
    expect(screen.getByRole('button').textContent).toBe('loaded');
    first.unmount();
    render(<Probe module={module} />);
    expect(screen.getByRole('button').textContent).toBe('loaded');
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('never swaps under a finger or the keyboard focus', async () => {
    const { module, arrive } = manualModule();
    render(<Probe module={module} onTouch />);
    const button = screen.getByRole('button');
    // The first touch starts the fetch at once (onTouch).
    fireEvent.pointerDown(button);
    await act(async () => arrive('loaded'));
    expect(button.textContent).toBe('plain');
    fireEvent.pointerUp(button);
    // The tap's click still reaches the plain markup, then it swaps.
    await vi.waitFor(() => expect(screen.getByRole('button').textContent).toBe('loaded'));
  });

  it('waits until focus leaves it', async () => {
    const { module, importer, arrive } = manualModule();
    render(<Probe module={module} />);
    const button = screen.getByRole('button');
    act(() => button.focus());
    await vi.waitFor(() => expect(importer).toHaveBeenCalled());
    await act(async () => arrive('loaded'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('button').textContent).toBe('plain');
    act(() => button.blur());
    await vi.waitFor(() => expect(screen.getByRole('button').textContent).toBe('loaded'));
  });

  it('keeps the plain version when the fetch fails', async () => {
    const module = deferredModule<string>(() => Promise.reject(new Error('offline')));
    render(<Probe module={module} />);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByTestId('box').textContent).toBe('plain');
  });
});

import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useInteractive } from './use-interactive';

function Probe() {
  return <button disabled={!useInteractive()}>Send</button>;
}

describe('useInteractive', () => {
  it('is false in the server markup and true once the browser has hydrated it', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Probe />);
    expect(container.querySelector('button')!.disabled).toBe(true);
    const root = await act(async () => hydrateRoot(container, <Probe />));
    expect(container.querySelector('button')!.disabled).toBe(false);
    // Unmounted, or React would still work on it after the test environment is gone.
    act(() => root.unmount());
    container.remove();
  });
});

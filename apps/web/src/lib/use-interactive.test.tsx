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
    await act(async () => {
      hydrateRoot(container, <Probe />);
    });
    expect(container.querySelector('button')!.disabled).toBe(false);
    container.remove();
  });
});

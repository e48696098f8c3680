import { connect, type Socket } from 'node:net';
import { operatorPaths } from '@school/contract/health';
import { apiPaths } from '@school/contract/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../demo-data/demo-accounts.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/*
 * Decision 020: a process asked to stop (SIGTERM) fails no request. The request in flight (here a
 * sign-in whose body is still arriving) is answered, the connection it came on is closed after
 * it, new connections are refused (a proxy retries them elsewhere), an idle keep-alive
 * connection is closed by the process only after it stayed idle, and then the app closes.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
// Closing an app already closed by its stop does nothing more; the test database is dropped.
afterAll(async () => t?.close());

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes the connection. */
function untilClosed(socket: Socket): Promise<string> {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return new Promise((resolve) => socket.once('close', () => resolve(text)));
}

describe('a graceful stop', () => {
  it('answers the request in flight, refuses new connections, closes idle ones, then closes', async () => {
    // A keep-alive connection that asked once and then sits idle, as a proxy's pool does.
    const idle = await open();
    const idleText = untilClosed(idle);
    idle.write(`GET ${operatorPaths.healthz} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const body = JSON.stringify({ username: demoAccounts.learner.username, password: demoAccounts.learner.password });
    const inFlight = await open();
    const answer = untilClosed(inFlight);
    inFlight.write(
      `POST ${apiPaths.login} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const stopped = t.app.draining.stop({ idleCloseMs: 300, deadlineMs: 10_000 });
    let closedAt: number | null = null;
    void stopped.then(() => (closedAt = Date.now()));
    expect(t.app.draining.stopping()).toBe(true);

    // No new connection: a proxy sends it to another process.
    await expect(open()).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // The idle connection is closed by the process once idle long enough (not at once).
    expect(await idleText).toMatch(/^HTTP\/1.1 200/);
    expect(idle.destroyed || idle.readableEnded).toBe(true);

    // The sign-in still arriving is answered, and its connection closed after it.
    const sentRestAt = Date.now();
    inFlight.write(body.slice(10));
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1.1 200/);
    expect(response.toLowerCase()).toContain('connection: close');
    expect(response).toContain('set-cookie');
    await stopped;
    expect(closedAt).not.toBeNull();
    expect(closedAt!).toBeGreaterThanOrEqual(sentRestAt);
  }, 30_000);
});

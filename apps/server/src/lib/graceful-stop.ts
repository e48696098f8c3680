import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/*
 * How a process stops without failing a request (docs/deploy.md, decision 020). On SIGTERM:
 * 1. /readyz answers 503 (`process: stopping`) and every response from now on says
 *    `Connection: close`, so no client or proxy sends another request on that connection;
 * 2. the listening socket closes: a new connection is refused, which nginx retries on another
 *    process, writes included (nothing was sent);
 * 3. requests in flight finish; a connection idle for `idleCloseMs` is closed by us. nginx's
 *    upstream keepalive_timeout (deploy/nginx) is shorter, so nginx has closed its idle
 *    connections before we would: no request ever meets a connection closing under it;
 * 4. once every connection is gone (or `deadlineMs` passed), the app closes: background jobs
 *    finish their round, the notification listener and the database pool are released.
 * Node's own `server.close()` closes idle keep-alive connections at once, racing a request
 * the proxy may be sending on one; step 2 closes only the listening socket for that reason.
 */

export interface Draining {
  /** Whether a graceful stop has begun. */
  stopping(): boolean;
  /** Stops as above; resolves when the app is closed. */
  stop(options?: { idleCloseMs?: number; deadlineMs?: number }): Promise<void>;
}

interface Connection {
  active: number;
  idleSince: number;
}

/** Tracks the app's connections from now on (call before listen) and gives its graceful stop. */
export function registerDraining(app: FastifyInstance): Draining {
  let stopping = false;
  const connections = new Map<Socket, Connection>();
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }, response: NodeJS.EventEmitter) => {
    const connection = connections.get(request.socket);
    if (connection === undefined) return;
    connection.active += 1;
    response.once('close', () => {
      connection.active -= 1;
      connection.idleSince = Date.now();
    });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });

  return {
    stopping: () => stopping,
    async stop({ idleCloseMs = 5_000, deadlineMs = 25_000 } = {}) {
      if (stopping) return;
      stopping = true;
      const deadline = Date.now() + deadlineMs;
      if (app.server.listening) NetServer.prototype.close.call(app.server);
      while (connections.size > 0 && Date.now() < deadline) {
        for (const [socket, connection] of connections) {
          if (connection.active === 0 && Date.now() - connection.idleSince >= idleCloseMs) socket.end();
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await app.close();
    },
  };
}

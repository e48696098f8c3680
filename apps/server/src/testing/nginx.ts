import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/** Debian's nginx where it is installed (.ci/run installs it), or null: tests of it are skipped. */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file)) ?? null;

/** A port nothing listens on now, for nginx to listen on (it cannot be told to pick one). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

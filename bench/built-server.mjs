// The built server as the bench scripts start it: its own port and data folder, warnings only,
// test mode (dev routes, sandbox payments, the console SMS outbox); `env` adds or overrides
// settings. Run `npm run build` first.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function spawnBuiltServer({ port, dataDir, env = {} }) {
  return spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resolves once the server at `origin` answers its health check (30 s at most). */
export async function waitUntilHealthy(origin) {
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('server did not start');
}

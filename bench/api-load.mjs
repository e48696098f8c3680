// Load on loopback: autocannon against a bare route and catalogue routes of the built server,
// in the same run, so the numbers compare as ratios (the load tool shares the 2 cores).
// Usage: node bench/api-load.mjs [--seconds 5] [--connections 10]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const seconds = Math.min(option('seconds', 5), 30);
const connections = option('connections', 10);
const port = 8291;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'school-bench-'));

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth() {
  for (let i = 0; i < 200; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('server did not start');
}

const targets = [
  ['bare route', '/api/health'],
  ['tenant', '/api/tenants/current'],
  ['system config', '/api/system/config'],
  ['tab bar', '/api/decorations/tabs/list'],
  ['home micro page', '/api/decorations/pages/1'],
  ['course list (20)', '/api/courses?pageSize=20'],
  ['course detail', '/api/courses/react-19-zero-to-production'],
  ['article list', '/api/articles'],
  ['search (Chinese)', `/api/search?type=COURSE&keyword=${encodeURIComponent('数据')}`],
];

try {
  await waitForHealth();
  const rows = [];
  for (const [name, path] of targets) {
    const url = `http://127.0.0.1:${port}${path}`;
    // Latency of one request at a time (what one learner waits), apart from throughput under load.
    const sequential = [];
    for (let i = 0; i < 120; i += 1) {
      const started = performance.now();
      const res = await fetch(url, { headers: { 'accept-language': 'zh-CN' } });
      await res.arrayBuffer();
      if (i >= 20) sequential.push(performance.now() - started);
    }
    sequential.sort((a, b) => a - b);
    const result = await autocannon({ url, connections, duration: seconds });
    rows.push({
      route: name,
      path,
      'median ms (1 at a time)': sequential[Math.floor(sequential.length / 2)].toFixed(2),
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      non2xx: result.non2xx,
    });
  }
  const bare = rows[0]['req/s'];
  for (const row of rows) row['vs bare'] = `${((row['req/s'] / bare) * 100).toFixed(0)}%`;
  console.log(`api load (${connections} connections, ${seconds}s each, loopback, PGlite)`);
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

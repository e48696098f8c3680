// Start-up of the built server on its embedded database (PGlite in DATA_DIR): the time from
// spawning `node apps/server/dist/server.js` to the first 200 from GET /api/health, (a) on an
// empty data folder (migrations, the demo packs imported, the demo data) and (b) restarted on the same folder
// after a clean SIGTERM stop. Each run uses a fresh data folder; the medians are printed with
// the goals of docs/architecture.md#quality-bars beside them.
// Usage: npm run build && node bench/startup.mjs [--runs 3]
// Not a CI gate: times move with machine load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnBuiltServer } from './built-server.mjs';

const args = process.argv.slice(2);
const runsIndex = args.indexOf('--runs');
const runs = runsIndex >= 0 ? Math.max(1, Number(args[runsIndex + 1])) : 3;
const port = 8392;
const goals = { first: 6000, restart: 2000 };

/** Starts the server on `dataDir`; resolves with the ms to the first healthy answer and a stop. */
async function start(dataDir) {
  const began = performance.now();
  const server = spawnBuiltServer({ port, dataDir });
  let exited = false;
  const exit = new Promise((r) => server.once('exit', r)).then(() => {
    exited = true;
  });
  const stop = async () => {
    if (!exited) server.kill('SIGTERM');
    await exit;
  };
  while (performance.now() - began < 60_000) {
    if (exited) throw new Error('server exited before it answered');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return { ms: performance.now() - began, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await stop();
  throw new Error('server did not start within 60 s');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

const results = [];
for (let run = 1; run <= runs; run += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'school-startup-'));
  try {
    const first = await start(dataDir);
    await first.stop();
    const restart = await start(dataDir);
    await restart.stop();
    results.push({ first: first.ms, restart: restart.ms });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log('run  first start (empty folder)  restart (same folder)');
results.forEach((r, i) => console.log(`${String(i + 1).padEnd(5)}${seconds(r.first).padEnd(28)}${seconds(r.restart)}`));
const firstMedian = median(results.map((r) => r.first));
const restartMedian = median(results.map((r) => r.restart));
const verdict = (ms, goal) => `${seconds(ms)} (goal ≤ ${goal / 1000} s: ${ms <= goal ? 'met' : 'missed'})`;
console.log(`median first start: ${verdict(firstMedian, goals.first)}`);
console.log(`median restart:     ${verdict(restartMedian, goals.restart)}`);

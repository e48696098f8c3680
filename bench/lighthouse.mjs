// Lighthouse mobile (its default throttling: slow 4G, 4x CPU slowdown) on the screens
// docs/architecture.md#quality-bars names, against the built server with a fresh demo database. Prints one row per page.
// Usage: npm run build && node bench/lighthouse.mjs [--runs 3]   (CHROMIUM_PATH picks the browser)
// Not a CI gate: scores move with machine load. The median of the runs is printed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
import { spawnBuiltServer, waitUntilHealthy } from './built-server.mjs';

const args = process.argv.slice(2);
const runsIndex = args.indexOf('--runs');
const runs = runsIndex >= 0 ? Math.max(1, Number(args[runsIndex + 1])) : 3;
const port = 8391;
const dataDir = mkdtempSync(join(tmpdir(), 'school-lighthouse-'));
const origin = `http://127.0.0.1:${port}`;

const pages = [
  ['home', '/mobile/'],
  ['course list', '/mobile/courses'],
  ['course detail', '/mobile/courses/react-19-zero-to-production'],
  ['classroom detail', '/mobile/classroom/frontend-bootcamp'],
  // The demo school's first article (imported first: id 1 on a fresh database).
  ['article detail', '/mobile/articles/1'],
];

const server = spawnBuiltServer({ port, dataDir });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

let chrome;
const profile = mkdtempSync(join(tmpdir(), 'school-lighthouse-chrome-'));
try {
  await waitUntilHealthy(origin);
  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    userDataDir: profile,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  const rows = [];
  for (const [name, path] of pages) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const { categories, audits, runtimeError } = result.lhr;
      // A run Lighthouse could not finish (the page never painted, the browser hung) counts as
      // no sample rather than as a fast one; the row shows how many runs it is the median of.
      if (runtimeError) {
        console.error(`${name}: run ${run + 1} failed: ${runtimeError.code} ${runtimeError.message}`);
        continue;
      }
      samples.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
      });
    }
    const pick = (key) => median(samples.map((s) => s[key]));
    rows.push({
      page: name,
      path,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      'FCP s': (pick('fcp') / 1000).toFixed(2),
      'LCP s': (pick('lcp') / 1000).toFixed(2),
      'TBT ms': Math.round(pick('tbt')),
      CLS: pick('cls').toFixed(3),
      runs: samples.length,
    });
  }
  console.log(`lighthouse mobile, default throttling, median of ${runs} run(s)`);
  console.table(rows);
} finally {
  await chrome?.kill();
  rmSync(profile, { recursive: true, force: true });
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

// Prints the gzip bytes of the JavaScript and CSS the first screen loads, read from the
// Vite manifest (deterministic), and of every lazy route chunk. With --check it fails when
// a budget of DESIGN.md §6 is exceeded.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const budgets = { firstJs: 150 * 1024, firstCss: 20 * 1024, routeChunk: 60 * 1024 };
// Lazy viewers (pdf, hls) are allowed past the route-chunk budget.
const viewerPattern = /pdf|hls/i;

if (!existsSync(manifestPath)) {
  console.error('No Vite manifest: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk.');

// The first screen: the entry, its static imports (recursively) and their CSS.
const firstJs = new Set();
const firstCss = new Set();
(function walk(key) {
  const chunk = manifest[key];
  if (!chunk || firstJs.has(chunk.file)) return;
  firstJs.add(chunk.file);
  for (const css of chunk.css ?? []) firstCss.add(css);
  for (const imported of chunk.imports ?? []) walk(imported);
})(entryKey);

const sum = (files) => [...files].reduce((total, file) => total + gz(file), 0);
const jsBytes = sum(firstJs);
const cssBytes = sum(firstCss);

const rows = [
  ['first screen JS', kb(jsBytes), kb(budgets.firstJs), `${firstJs.size} files`],
  ['first screen CSS', kb(cssBytes), kb(budgets.firstCss), `${firstCss.size} files`],
];
const failures = [];
if (jsBytes > budgets.firstJs) failures.push(`first screen JS ${kb(jsBytes)} > ${kb(budgets.firstJs)}`);
if (cssBytes > budgets.firstCss) failures.push(`first screen CSS ${kb(cssBytes)} > ${kb(budgets.firstCss)}`);

// Every lazily loaded chunk (route screens and what only they import).
for (const [key, chunk] of Object.entries(manifest)) {
  if (firstJs.has(chunk.file) || !chunk.file.endsWith('.js')) continue;
  const bytes = gz(chunk.file);
  const name = chunk.name ?? key;
  // Judged by source path or chunk name, never by the file name, whose hash may spell 'pdf'.
  const limit = viewerPattern.test(chunk.src ?? chunk.name ?? '') ? Infinity : budgets.routeChunk;
  rows.push([`lazy ${name}`, kb(bytes), limit === Infinity ? 'viewer' : kb(limit), chunk.file]);
  if (bytes > limit) failures.push(`chunk ${name} ${kb(bytes)} > ${kb(limit)}`);
}

console.log('bundle (gzip -9)');
console.table(rows.map(([what, size, budget, note]) => ({ what, size, budget, note })));
if (failures.length > 0) {
  console.error(`Bundle budget exceeded:\n- ${failures.join('\n- ')}`);
  if (process.argv.includes('--check')) process.exit(1);
}

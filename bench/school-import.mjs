// Importing a big school pack: a generated pack of 200 courses × 20 lessons (4,000 lessons, each
// with its own media file) is imported into a fresh embedded database (PGlite) with local media
// storage, twice over: with 200 MB of media, then with 2 GB. Prints the import time, the files
// uploaded and the process's peak memory (max RSS) for each, then a second import of the 2 GB
// pack (nothing changed: hashing only). The goals of docs/architecture.md#quality-bars: under 60 s without conversion, and
// memory flat in the media size.
// The lessons are VIDEO with their length written in the pack (no ffprobe per file) and content
// that is not a real film: conversion is not part of the import (the background job does it).
// Usage: npm run build && node bench/school-import.mjs [--small-mb 200] [--large-mb 2048]
// Not a CI gate: times move with machine load and disk.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const courses = 200;
const lessonsPerCourse = 20;
const cli = fileURLToPath(new URL('../apps/server/dist/cli/school.js', import.meta.url));

/** Writes a pack whose 4,000 lesson files add up to `totalMb`, each different (its own first bytes). */
function makePack(folder, totalMb) {
  const fileBytes = Math.floor((totalMb * 1_048_576) / (courses * lessonsPerCourse));
  const block = Buffer.alloc(1_048_576, 0x5a);
  mkdirSync(join(folder, 'teachers'), { recursive: true });
  writeFileSync(
    join(folder, 'school.yaml'),
    [
      'name: Bench School',
      'slogan: Many courses',
      'favicon: /mobile/favicon.svg',
      'hosts: [bench.localhost]',
      'agreements: {}',
      'pages: { home: { title: Home, components: [] } }',
      'tabs:',
      '  - { type: MINE, name: Me, icon: /mobile/seed/tab-me.svg, activeIcon: /mobile/seed/tab-me-active.svg }',
      '',
    ].join('\n'),
  );
  writeFileSync(join(folder, 'teachers', 'teacher.yaml'), 'name: Teacher\ntitle: Teacher\n');
  for (let c = 0; c < courses; c += 1) {
    const dir = join(folder, 'courses', `course-${c}`);
    mkdirSync(dir, { recursive: true });
    const lessons = [];
    for (let l = 0; l < lessonsPerCourse; l += 1) {
      const name = `lesson-${l}.mp4`;
      const fd = openSync(join(dir, name), 'w');
      writeSync(fd, Buffer.from(`course ${c} lesson ${l}\n`));
      for (let left = fileBytes; left > 0; left -= block.length) writeSync(fd, block, 0, Math.min(left, block.length));
      closeSync(fd);
      lessons.push(
        `      - { uid: lesson-${l}, title: Lesson ${l}, type: VIDEO, file: ${name}, duration: 600${l === 0 ? ', freeTrial: true' : ''} }`,
      );
    }
    writeFileSync(
      join(dir, 'course.yaml'),
      [
        `title: Course ${c}`,
        'cover: /mobile/seed/cover-01.svg',
        'teachers: [teacher]',
        `price: ${c % 3 === 0 ? 0 : 99}`,
        'chapters:',
        '  - uid: all',
        '    title: All lessons',
        '    lessons:',
        ...lessons,
        '',
      ].join('\n'),
    );
  }
}

/** Runs the school command on `dataDir`; the wall time, its output, and the child's peak RSS (GNU time). */
function school(dataDir, command) {
  const began = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', 'maxrss-kb %M', process.execPath, cli, ...command], {
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' },
    encoding: 'utf8',
    maxBuffer: 64 * 1_048_576,
  });
  const seconds = (performance.now() - began) / 1000;
  if (result.status !== 0) throw new Error(`school ${command.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  const maxRssMb = Number(/maxrss-kb (\d+)/.exec(result.stderr)?.[1] ?? 0) / 1024;
  return { seconds, maxRssMb, summary: result.stdout.trim().split('\n') };
}

const rows = [];
for (const totalMb of [option('--small-mb', 200), option('--large-mb', 2048)]) {
  const work = mkdtempSync(join(tmpdir(), 'school-import-bench-'));
  try {
    const pack = join(work, 'pack');
    const madeAt = performance.now();
    makePack(pack, totalMb);
    const madeSeconds = (performance.now() - madeAt) / 1000;
    const dataDir = join(work, 'data');
    // Migrations first, so the import's time is the import's.
    school(dataDir, ['list']);
    const first = school(dataDir, ['import', pack]);
    const again = school(dataDir, ['import', pack]);
    rows.push({ totalMb, madeSeconds, first, again });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

console.log(`school pack import: ${courses} courses × ${lessonsPerCourse} lessons, one media file each\n`);
console.log('| media | first import | peak memory | files uploaded | same pack again | peak memory |');
console.log('|---|---|---|---|---|---|');
for (const { totalMb, first, again } of rows) {
  const uploaded = first.summary.find((line) => line.includes('media files')) ?? '';
  console.log(
    `| ${totalMb} MB | ${first.seconds.toFixed(1)} s | ${first.maxRssMb.toFixed(0)} MB | ${uploaded.replace(/^\s*media files: /, '')} | ${again.seconds.toFixed(1)} s | ${again.maxRssMb.toFixed(0)} MB |`,
  );
}
console.log(
  '\nGoals (docs/architecture.md#quality-bars): under 60 s without conversion; memory flat in the media size.',
);

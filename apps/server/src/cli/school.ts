import { loadConfig } from '../config/env.js';
import { exitWith } from './exit-with.js';
import { openDatabase } from '../db/database.js';
import { prepareForThisCode } from '../db/schema-version.js';
import { systemClock } from '../providers/clock.js';
import { createMediaStorage } from '../providers/storage/index.js';
import { megabytes, runSchoolCommand, schoolUsage } from '../school-pack/school-command.js';
import type { MediaProgress } from '../school-pack/store-media.js';

/*
 * `npm run school -- <command>` (docs/school-pack.md): runs on the database the server would use
 * with the same environment (DATABASE_URL, or DATA_DIR for the embedded one), bringing its
 * migrations up first (a production's PostgreSQL: checking that `npm run migrate` did). It never creates the demo school: that is the development start's.
 */

/**
 * A long import's progress on standard error: on a terminal one line kept up to date (the file,
 * its bytes read, how many files so far); elsewhere (a log) one line per file.
 */
function terminalProgress(): MediaProgress {
  const live = process.stderr.isTTY;
  let count = 0;
  let current = { packPath: '', size: 0 };
  let read = 0;
  let shownAt = 0;
  const show = () => {
    process.stderr.write(
      `\r\x1b[K[file ${count}] ${current.packPath} ${megabytes(read)} / ${megabytes(current.size)} MB`,
    );
  };
  return {
    onFile(file) {
      count += 1;
      current = file;
      read = 0;
      if (live) show();
      else process.stderr.write(`[file ${count}] ${file.packPath} (${megabytes(file.size)} MB)\n`);
    },
    onPagesNotDrawn({ packPath, reason }) {
      process.stderr.write(
        `${live ? '\r\x1b[K' : ''}${packPath}: pages not drawn as images (${reason}); pdf.js shows it\n`,
      );
    },
    onBytes(bytes) {
      read += bytes;
      // At most ten redraws a second: a terminal is slower than a disk.
      if (live && Date.now() - shownAt > 100) {
        shownAt = Date.now();
        show();
      }
    },
  };
}

// npm names the script it runs: `npm run school` in a checkout; `deploy/school pack` on a built server (the image).
// eslint-disable-next-line no-restricted-properties -- npm's own variable, not a setting of ours
const runAs = process.env.npm_lifecycle_event === 'school' ? 'npm run school --' : 'deploy/school pack';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === 'help') {
    process.stdout.write(`${schoolUsage(runAs)}\n`);
    return args.length === 0 ? 2 : 0;
  }
  // A bad setting, or the embedded database held by another process (a running server), is
  // told as its message (exitWith).
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await prepareForThisCode(database, config);
    const storage = createMediaStorage(config, { clock: systemClock });
    const code = await runSchoolCommand({ db: database.db, storage }, args, {
      runAs,
      // A command's answer is its standard output (the server's own lines go through its logger).
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => console.error(line),
      progress: terminalProgress(),
    });
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    return code;
  } finally {
    await database.close();
  }
}

exitWith(main);

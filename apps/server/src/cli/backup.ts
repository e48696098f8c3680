import { openDatabase } from '../db/database.js';
import { takeBackup } from '../backup/backup.js';
import { systemClock } from '../providers/clock.js';
import { createMediaStorage } from '../providers/storage/index.js';
import { exitWithFolderCommand } from './exit-with.js';

/*
 * `npm run backup -- <dir>` (docs/deploy.md, backup/backup.ts): the database the server uses (same
 * environment) and its media storage (learners' uploads included), into a new folder. On PostgreSQL while
 * the processes run; the embedded database only with its server stopped (it has one owner).
 */

exitWithFolderCommand('npm run backup -- <new folder>', async (dir, config) => {
  const database = await openDatabase(config.database);
  try {
    const manifest = await takeBackup(
      {
        database,
        databaseConfig: config.database,
        storage: createMediaStorage(config, { clock: systemClock }),
      },
      dir,
    );
    const bytes = manifest.media.reduce((sum, file) => sum + file.size, 0);
    process.stdout.write(
      `Backed up the database (schema ${manifest.schema}) and ${manifest.media.length} files of the media ` +
        `storage (${(bytes / 1_048_576).toFixed(1)} MB, uploads included) into ${dir}.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
});

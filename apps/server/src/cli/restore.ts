import { openDatabase } from '../db/database.js';
import { describeRestored, restoreBackup } from '../backup/backup.js';
import { systemClock } from '../providers/clock.js';
import { createMediaStorage } from '../providers/storage/index.js';
import { exitWithFolderCommand } from './exit-with.js';

/*
 * `npm run restore -- <dir>` (docs/deploy.md, backup/backup.ts): a backup into the empty database
 * and media storage the environment names (DATABASE_URL or DATA_DIR, MEDIA_STORAGE), with no
 * server running on them.
 */

exitWithFolderCommand('npm run restore -- <backup folder>', async (dir, config) => {
  await restoreBackup(
    {
      databaseConfig: config.database,
      open: () => openDatabase(config.database),
      storage: createMediaStorage(config, { clock: systemClock }),
    },
    dir,
  );
  const database = await openDatabase(config.database);
  try {
    process.stdout.write(`${await describeRestored(database)}\n`);
  } finally {
    await database.close();
  }
  return 0;
});

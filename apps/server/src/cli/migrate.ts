import { loadConfig } from '../config/env.js';
import { exitWith } from './exit-with.js';
import { openDatabase } from '../db/database.js';
import { migrateToThisCode } from '../db/schema-version.js';

/*
 * `npm run migrate` (docs/deploy.md): brings the database the server would use (same
 * environment: DATABASE_URL, or DATA_DIR) to this code's schema, once per deploy, before the
 * new processes start. Under the start-up advisory lock, so two deploys (or a development
 * server starting) never migrate at once: the second waits, then finds nothing to do. A
 * database already ahead of this code is left alone and the command fails.
 */

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const { from, to } = await migrateToThisCode(database);
    const said =
      from === to
        ? `The database's schema was already at ${to}.`
        : `Migrated the database from ${from ?? 'nothing'} to ${to}.`;
    process.stdout.write(`${said}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

exitWith(main);

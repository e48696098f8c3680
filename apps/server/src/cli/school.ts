import { ConfigError, loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';
import { runSchoolCommand, schoolUsage } from '../school-pack/school-command.js';

/*
 * `npm run school -- <command>` (docs/school-pack.md): runs on the database the server would use
 * with the same environment (DATABASE_URL, or DATA_DIR for the embedded one), bringing its
 * migrations up first. It never creates the demo school: that is the development start's.
 */

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === 'help') {
    process.stdout.write(`${schoolUsage}\n`);
    return args.length === 0 ? 2 : 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const database = await openDatabase(config.database);
  try {
    await database.prepare(async () => {});
    return await runSchoolCommand(database.db, args, {
      // A command's answer is its standard output (the server's own lines go through its logger).
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
